extension JSONValue {
    /// The value of an SQL column or bound argument.
    public init(_ value: SQLValue) {
        switch value {
        case .null: self = .null
        case let .integer(int): self = .integer(int)
        case let .real(double): self = .number(double)
        case let .text(text): self = .string(text)
        case let .blob(bytes): self = .string(String(decoding: bytes, as: UTF8.self))
        }
    }
}
