/// A value bound to, or read from, an SQLite statement.
///
/// Rule compilation produces `(sql, [SQLValue])`: values are always bound, never spliced into SQL.
public enum SQLValue: Sendable, Hashable, CustomStringConvertible {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])

    public var description: String {
        switch self {
        case .null: "NULL"
        case let .integer(value): String(value)
        case let .real(value): String(value)
        case let .text(value): "'" + value.replacingOccurrences(of: "'", with: "''") + "'"
        case let .blob(bytes): "X'" + bytes.map { String($0, radix: 16).leftPadded(to: 2) }.joined() + "'"
        }
    }

    public var int64: Int64? {
        switch self {
        case let .integer(value): value
        case let .real(value): Int64(exactly: value.rounded(.towardZero))
        default: nil
        }
    }

    public var double: Double? {
        switch self {
        case let .integer(value): Double(value)
        case let .real(value): value
        default: nil
        }
    }

    public var string: String? {
        switch self {
        case let .text(value): value
        case let .blob(bytes): String(decoding: bytes, as: UTF8.self)
        default: nil
        }
    }
}

/// Types that convert to an ``SQLValue`` for binding.
public protocol SQLBindable {
    var sqlValue: SQLValue { get }
}

extension Int: SQLBindable { public var sqlValue: SQLValue { .integer(Int64(self)) } }
extension Int64: SQLBindable { public var sqlValue: SQLValue { .integer(self) } }
extension Double: SQLBindable { public var sqlValue: SQLValue { .real(self) } }
extension String: SQLBindable { public var sqlValue: SQLValue { .text(self) } }
extension Bool: SQLBindable { public var sqlValue: SQLValue { .integer(self ? 1 : 0) } }
extension SQLValue: SQLBindable { public var sqlValue: SQLValue { self } }
extension Optional: SQLBindable where Wrapped: SQLBindable {
    public var sqlValue: SQLValue { self?.sqlValue ?? .null }
}

extension String {
    func leftPadded(to width: Int, with pad: Character = "0") -> String {
        count >= width ? self : String(repeating: pad, count: width - count) + self
    }
}
