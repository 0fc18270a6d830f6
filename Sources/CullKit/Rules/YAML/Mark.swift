/// A 1-based `line:column` position in a source text, converted once from libyaml's 0-based marks.
///
/// Columns count characters (Unicode scalars), as libyaml does, so a caret lines up under
/// the character an editor shows at that column.
public struct Mark: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let line: Int
    public let column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// The start of a text.
    public static let start = Mark(line: 1, column: 1)

    public var description: String { "\(line):\(column)" }

    public static func < (lhs: Mark, rhs: Mark) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }
}
