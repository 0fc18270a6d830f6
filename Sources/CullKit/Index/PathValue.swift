/// How a raw relative path is bound: TEXT when it is valid UTF-8, else a BLOB of its bytes,
/// so a name that is not UTF-8 round-trips exactly (commit must move the very same file).
enum PathValue {
    static func bind(_ bytes: some Collection<UInt8>) -> SQLValue {
        let array = Array(bytes)
        if let text = String(validating: array, as: UTF8.self) { return .text(text) }
        return .blob(array)
    }
}
