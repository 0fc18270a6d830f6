/// A typed value read from a rule file, already checked against its field's type.
public indirect enum RuleValue: Sendable, Hashable, CustomStringConvertible {
    /// A glob (text fields) or an enumeration word.
    case text(String)
    /// A regular expression (`matches:`), already compiled once to check it.
    case regex(String)
    case number(Double)
    case size(ByteSize)
    case span(TimeSpan)
    case date(RuleDate)
    case bool(Bool)
    /// `in:` values.
    case list([RuleValue])
    /// `between:` bounds, inclusive.
    case range(RuleValue, RuleValue)

    /// The normalised form printed by `cull explain`.
    public var description: String {
        switch self {
        case let .text(text): "\"\(TerminalText.escaped(text))\""
        case let .regex(text): "/\(TerminalText.escaped(text))/"
        case let .number(value): FieldType.format(value)
        case let .size(size): size.description
        case let .span(span): span.description
        case let .date(date): date.description
        case let .bool(value): String(value)
        case let .list(values): "[" + values.map(\.description).joined(separator: ", ") + "]"
        case let .range(low, high): "[\(low), \(high)]"
        }
    }
}
