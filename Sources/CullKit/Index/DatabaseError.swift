import CSQLite

/// An SQLite failure: the extended result code, SQLite's message and the SQL that failed.
/// Bound values are never printed (they may be paths of the user's photos).
public struct DatabaseError: Error, Sendable, CustomStringConvertible {
    public let code: Int32
    public let message: String
    public let sql: String?

    public var description: String {
        var text = "SQLite error \(code): \(message)"
        if let sql { text += " - while executing `\(sql)`" }
        return text
    }

    /// True when another connection holds a lock we needed (SQLITE_BUSY / SQLITE_LOCKED).
    public var isBusy: Bool { code & 0xFF == SQLITE_BUSY || code & 0xFF == SQLITE_LOCKED }
}
