extension PathBytes {
    /// The value an `assets.path` column holds for these bytes: TEXT when they are valid UTF-8,
    /// else a BLOB of the bytes, so a name that is not UTF-8 round-trips exactly (commit must move
    /// the very same file).
    public static func sqlValue(_ path: some Collection<UInt8>) -> SQLValue {
        let bytes = Array(path)
        if let text = String(validating: bytes, as: UTF8.self) { return .text(text) }
        return .blob(bytes)
    }
}
