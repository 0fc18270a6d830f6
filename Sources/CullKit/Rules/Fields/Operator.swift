/// A predicate operator, written as a word in rule files (`size: {gt: 500MB}`).
public enum Operator: String, Sendable, CaseIterable, Hashable {
    case eq, ne, gt, gte, lt, lte, `in`, between, before, after
    case olderThan = "older_than"
    case newerThan = "newer_than"
    case matches, imatch, exists
    /// Contains the text, ignoring letter case (`text: {contains: total}`).
    case contains
    /// Perceptual-hash distance of a similar group (`similar: {distance: 6}`).
    case distance

    /// One sentence for `cull schema` and docs.
    public var summary: String {
        switch self {
        case .eq: "equal (the bare-value form; globs for strings)"
        case .ne: "not equal (never matches missing metadata)"
        case .gt: "greater than"
        case .gte: "greater than or equal"
        case .lt: "less than"
        case .lte: "less than or equal"
        case .in: "one of a list"
        case .between: "within [low, high], inclusive"
        case .before: "strictly before a date"
        case .after: "strictly after a date"
        case .olderThan: "more than a span before now"
        case .newerThan: "less than a span before now"
        case .matches: "PCRE2 regular expression, compared in NFC (`(?i)` ignores case)"
        case .imatch: "glob that ignores letter case (`path: {imatch: \"dcim/**\"}`)"
        case .exists: "the metadata is present (true) or missing (false)"
        case .contains: "contains the text, ignoring letter case, compared in NFC (`text: {contains: \"total\"}`)"
        case .distance: "members of a similar group: perceptual hashes at most this many bits (of 64) apart"
        }
    }
}
