/// What the rule evaluator asks the stager to do for one rule: stage these assets.
public struct StageRequest: Sendable, Equatable {
    /// The rule's name.
    public let rule: String
    /// The rule file it came from (as the user named it).
    public let ruleFile: String
    /// Every asset the rule matched (before protections and reviews are applied).
    public let assetIDs: [Int64]
    /// Matched assets a `protect:` guard of the rule file shields; never staged.
    public let protectedIDs: Set<Int64>
    /// The rule's `limit: {count: N}`: staging more than this many new assets trips it.
    public let limit: Int?

    public init(rule: String, ruleFile: String, assetIDs: [Int64], protectedIDs: Set<Int64> = [], limit: Int? = nil) {
        self.rule = rule
        self.ruleFile = ruleFile
        self.assetIDs = assetIDs
        self.protectedIDs = protectedIDs
        self.limit = limit
    }
}

/// The review state of one asset. No row means never reviewed (`new`); anything unreadable reads as kept.
public enum ReviewStatus: String, Sendable {
    case new, kept, trashed

    /// Maps a `reviews.status` value; an unknown value reads as `kept` (the safe direction).
    public init(stored: String?) {
        switch stored {
        case nil: self = .new
        case "trashed": self = .trashed
        default: self = .kept
        }
    }
}

/// Failures of staging commands.
public enum StagingError: Error, Sendable, CustomStringConvertible {
    /// A rule's limit tripped: nothing was staged for the whole run.
    case limitTripped(rule: String, ruleFile: String, wouldStage: Int, limit: Int)
    /// A path given on the command line is not inside the library.
    case outsideLibrary(path: String)
    /// A path given on the command line is not in the index.
    case notIndexed(path: String)

    public var description: String {
        switch self {
        case let .limitTripped(rule, file, count, limit):
            "\(file): rule '\(rule)' would stage \(count) assets, over its limit of \(limit); nothing was staged"
        case let .outsideLibrary(path): "\(path): not inside the library"
        case let .notIndexed(path): "\(path): not in the index (run 'cull scan')"
        }
    }
}
