/// A piece of SQL with its bound arguments, in the order their `?` appear.
///
/// The only way to put a value into compiled SQL: the text comes from the field registry and the
/// compiler's fixed templates, the values travel separately and are bound.
public struct SQLFragment: Sendable, Hashable, CustomStringConvertible {
    public var sql: String
    public var arguments: [SQLValue]

    public init(_ sql: String, _ arguments: [SQLValue] = []) {
        self.sql = sql
        self.arguments = arguments
    }

    public var description: String { sql }

    /// Joins fragments with `separator`, concatenating their arguments in order.
    static func join(_ parts: [SQLFragment], separator: String) -> SQLFragment {
        SQLFragment(parts.map(\.sql).joined(separator: separator), parts.flatMap(\.arguments))
    }

    /// Joins many fragments as a balanced tree of parenthesised groups of at most `width`, so a
    /// list of thousands nests only a few levels deep and stays within SQLite's limits on
    /// expression depth (1,000) and parser nesting.
    static func balanced(_ parts: [SQLFragment], separator: String, width: Int = 32) -> SQLFragment {
        guard parts.count > width else { return join(parts, separator: separator).parenthesised }
        var level = parts
        while level.count > width {
            level = stride(from: 0, to: level.count, by: width).map {
                join(Array(level[$0..<min($0 + width, level.count)]), separator: separator).parenthesised
            }
        }
        return join(level, separator: separator).parenthesised
    }

    /// `(self)` — every compound is parenthesised so operator precedence never surprises.
    var parenthesised: SQLFragment { SQLFragment("(" + sql + ")", arguments) }

    static func + (lhs: SQLFragment, rhs: SQLFragment) -> SQLFragment {
        SQLFragment(lhs.sql + rhs.sql, lhs.arguments + rhs.arguments)
    }
}
