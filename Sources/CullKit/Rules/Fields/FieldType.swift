/// The type of a field's values: decides which operators fit and how values are read and bound.
public enum FieldType: Sendable {
    /// Strings matched with globs (`*` within a path segment, `**` across `/`) or `matches:` regex.
    case text(TextMatching)
    /// One of a fixed set of words.
    case enumeration([String])
    /// Bytes, written with a unit (`500MB`, `2GiB`).
    case size
    /// Seconds, written with a unit (`90s`, `10m`).
    case duration
    /// A point in time; see ``DateSemantics``.
    case date(DateSemantics)
    /// `true` or `false`; never NULL in the index.
    case boolean
    /// `true`, `false`, or one of a few words naming a variant (`duplicate: image`): the field's
    /// first subject is the boolean, then one subject per word, each never NULL.
    case booleanOr([String])
    /// A plain number, optionally restricted to integers within a range.
    case number(integer: Bool, range: ClosedRange<Double>?)

    /// The operators that fit this type.
    public var operators: [Operator] {
        switch self {
        case .text: [.eq, .ne, .in, .matches, .imatch, .contains, .exists]
        case .enumeration: [.eq, .ne, .in, .exists]
        case .size: [.eq, .ne, .gt, .gte, .lt, .lte, .between]
        case .duration: [.eq, .ne, .gt, .gte, .lt, .lte, .between, .exists]
        case .date: [.eq, .before, .after, .between, .olderThan, .newerThan, .exists]
        case .boolean, .booleanOr: [.eq]
        case .number: [.eq, .ne, .gt, .gte, .lt, .lte, .between, .in, .exists]
        }
    }

    /// A short noun for messages: "a size with a unit (500MB, 2GiB)".
    public var expected: String {
        switch self {
        case .text: "a string (glob)"
        case let .enumeration(words): "one of " + words.joined(separator: ", ")
        case .size: "a size with a unit (e.g. 500MB, 2GiB)"
        case .duration: "a duration with a unit (e.g. 90s, 10m)"
        case .date: "an ISO 8601 date or date-time (e.g. 2020-01-01, 2020-03, 2005, 2020-01-01T10:00:00+02:00)"
        case .boolean: "true or false"
        case let .booleanOr(words): "true, false or " + words.joined(separator: ", ")
        case let .number(integer, range):
            (integer ? "an integer" : "a number") + (range.map { " from \(Self.format($0.lowerBound)) to \(Self.format($0.upperBound))" } ?? "")
        }
    }

    static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}

/// How a date field relates to wall clocks and instants.
public enum DateSemantics: Sendable {
    /// A local wall-clock time stored as if UTC (`taken`), with the column of the known instant
    /// (`taken_utc`) for comparisons with date-times that carry an offset.
    case localWallClock(utcColumn: String)
    /// A true instant (`modified`, `added`); dates without an offset are read as UTC.
    case instant
}

/// How a text field's globs and regexes compare.
public struct TextMatching: Sendable {
    /// Letter case is ignored.
    public let caseInsensitive: Bool
    /// The column is stored lowercase: patterns are lowercased (and a leading `.` dropped) instead.
    public let lowercased: Bool
    /// The values never contain `/`, so `*` and `**` mean the same and SQLite's GLOB is exact.
    public let slashFree: Bool
    /// The column holds a list (``ValueList``): a pattern matches when it matches one item, and a
    /// hierarchical item (`Places|France|Paris`) also by its leaf (`Paris`).
    public var list = false

    public static let path = TextMatching(caseInsensitive: false, lowercased: false, slashFree: false)
    public static let fileName = TextMatching(caseInsensitive: false, lowercased: false, slashFree: true)
    public static let lowercaseWord = TextMatching(caseInsensitive: false, lowercased: true, slashFree: true)
    public static let label = TextMatching(caseInsensitive: true, lowercased: false, slashFree: false)
    public static let labelList = TextMatching(caseInsensitive: true, lowercased: false, slashFree: false, list: true)
}
