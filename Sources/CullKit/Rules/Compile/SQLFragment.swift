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

    /// `(self)` — every compound is parenthesised so operator precedence never surprises.
    var parenthesised: SQLFragment { SQLFragment("(" + sql + ")", arguments) }

    static func + (lhs: SQLFragment, rhs: SQLFragment) -> SQLFragment {
        SQLFragment(lhs.sql + rhs.sql, lhs.arguments + rhs.arguments)
    }
}
