/// A piece of SQL with its bound arguments, in the order their `?` appear.
///
/// Built by string interpolation, as GRDB's `SQL` is: the literal parts are SQL text written in
/// Cull's source, `\(value)` of a value becomes a `?` with the value bound, and `\(fragment)` of
/// another fragment splices its text and arguments in place, so a `?` can never be paired with
/// the wrong value:
///
///     let size: SQLFragment = "a.size > \(Int64(500_000_000))"   // "a.size > ?", [500000000]
///     let both: SQLFragment = "(\(size) AND \(kind))"
///
/// There is no public way to turn a runtime `String` into SQL text: literals are `StaticString`s;
/// text that Cull's own tables own (the field registry's columns, table names) goes in through the
/// internal, greppable ``SQLFragment/StringInterpolation/appendInterpolation(sql:)``.
public struct SQLFragment: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringInterpolation {
    public private(set) var sql: String
    public private(set) var arguments: [SQLValue]

    public init(stringLiteral literal: StaticString) {
        sql = literal.description
        arguments = []
    }

    public init(stringInterpolation: StringInterpolation) {
        sql = stringInterpolation.sql
        arguments = stringInterpolation.arguments
    }

    /// SQL text owned by Cull's code: a registry column, a table name, a fixed template chosen by
    /// an enum. Never text from a rule file, a path or another input.
    init(sql: String) {
        self.sql = sql
        arguments = []
    }

    public var description: String { sql }

    /// The interpolation that makes an ``SQLFragment``: see the type's documentation.
    public struct StringInterpolation: StringInterpolationProtocol {
        var sql = ""
        var arguments: [SQLValue] = []

        public init(literalCapacity: Int, interpolationCount: Int) {
            sql.reserveCapacity(literalCapacity + interpolationCount)
        }

        public mutating func appendLiteral(_ literal: StaticString) {
            sql += literal.description
        }

        /// A bound value: `?` in the text, the value in the arguments.
        public mutating func appendInterpolation(_ value: SQLValue) {
            sql += "?"
            arguments.append(value)
        }

        public mutating func appendInterpolation(_ value: Int64) { appendInterpolation(SQLValue.integer(value)) }
        public mutating func appendInterpolation(_ value: Int) { appendInterpolation(SQLValue.integer(Int64(value))) }
        public mutating func appendInterpolation(_ value: Double) { appendInterpolation(SQLValue.real(value)) }
        public mutating func appendInterpolation(_ value: String) { appendInterpolation(SQLValue.text(value)) }
        public mutating func appendInterpolation(_ value: Bool) { appendInterpolation(SQLValue.integer(value ? 1 : 0)) }

        /// Another fragment, spliced with its arguments in place.
        public mutating func appendInterpolation(_ fragment: SQLFragment) {
            sql += fragment.sql
            arguments += fragment.arguments
        }

        /// SQL text owned by Cull's code (see ``SQLFragment/init(sql:)``).
        mutating func appendInterpolation(sql text: String) {
            sql += text
        }
    }

    /// Joins fragments with `separator`, concatenating their arguments in order.
    static func join(_ parts: [SQLFragment], separator: StaticString) -> SQLFragment {
        var result = SQLFragment(sql: "")
        for (index, part) in parts.enumerated() {
            if index > 0 { result.sql += separator.description }
            result.sql += part.sql
            result.arguments += part.arguments
        }
        return result
    }

    /// Joins many fragments as a balanced tree of parenthesised groups of at most `width`, so a
    /// list of thousands nests only a few levels deep and stays within SQLite's limits on
    /// expression depth (1,000) and parser nesting.
    static func balanced(_ parts: [SQLFragment], separator: StaticString, width: Int = 32) -> SQLFragment {
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
    var parenthesised: SQLFragment { "(\(self))" }

    /// This fragment with every occurrence of `text` replaced by `replacement`: both SQL text owned
    /// by Cull's code (see ``SQLFragment/init(sql:)``) with no `?`, so each argument keeps its place.
    /// Compared byte for byte, as SQLite reads SQL (the standard library's `replacing` compares
    /// characters, and cost a third of a small plan's instructions where the one-pass query reads
    /// image features).
    func replacing(sql text: String, with replacement: String) -> SQLFragment {
        let question = UInt8(ascii: "?")
        precondition(!text.utf8.contains(question) && !replacement.utf8.contains(question), "a replaced text holds no parameter")
        let target = Array(text.utf8)
        guard let head = target.first else { return self }
        let source = Array(sql.utf8)
        var result: [UInt8] = [], copied = 0, index = 0
        while index + target.count <= source.count {
            if source[index] == head, source[index..<index + target.count].elementsEqual(target) {
                result += source[copied..<index]
                result += replacement.utf8
                index += target.count
                copied = index
            } else {
                index += 1
            }
        }
        guard copied > 0 else { return self }
        result += source[copied...]
        var copy = self
        copy.sql = String(decoding: result, as: UTF8.self)
        return copy
    }
}
