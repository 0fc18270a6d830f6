/// What one rule asks staging to do: stage these assets. Built from a ``RuleEvaluation`` (or by
/// hand in tests), so staging does not depend on how rules are evaluated.
public struct StageRequest: Sendable, Equatable {
    /// The rule's name.
    public let rule: String
    /// The rule file it came from (as the user named it).
    public let ruleFile: String
    /// What the rule selects after every exclusion; some may be staged already.
    public let assetIDs: [Int64]
    /// Matches left out, each with its reason, in the order the reasons apply.
    public let exclusions: [Exclusion]
    /// The most assets the rule may select (its `limit:`); selecting more trips the run.
    public let limit: Int?
    /// For a group rule (`duplicate: true`, …): its kind of group and keeper ranking; staging keeps
    /// one member of each group and takes the others among `assetIDs`. Nil for a plain rule.
    public let grouping: Grouping?

    /// What a group rule groups by and how it picks each group's keeper.
    public struct Grouping: Sendable, Equatable {
        public let spec: GroupSpec
        public let ranking: [KeeperKey]

        public init(spec: GroupSpec, ranking: [KeeperKey]) {
            self.spec = spec
            self.ranking = ranking
        }
    }

    public init(rule: String, ruleFile: String, assetIDs: [Int64], exclusions: [Exclusion] = [], limit: Int? = nil,
                grouping: Grouping? = nil) {
        self.rule = rule
        self.ruleFile = ruleFile
        self.assetIDs = assetIDs
        self.exclusions = exclusions
        self.limit = limit
        self.grouping = grouping
    }

    /// The request of a trash rule's evaluation: its net selection, with why the rest is left out.
    public init(_ evaluation: RuleEvaluation) {
        var exclusions: [Exclusion] = []
        if !evaluation.userKept.isEmpty { exclusions.append(Exclusion(reason: Exclusion.keptByUser, ids: evaluation.userKept)) }
        for (guardClause, ids) in evaluation.protected { exclusions.append(Exclusion(reason: guardClause.label(for: evaluation.file), ids: ids)) }
        for (file, rule, ids) in evaluation.keptByRules {
            exclusions.append(Exclusion(reason: "keep rule \(rule) (\(file))", ids: ids))
        }
        self.init(rule: evaluation.rule.name, ruleFile: evaluation.file, assetIDs: evaluation.net,
                  exclusions: exclusions, limit: evaluation.limit?.allowed,
                  grouping: evaluation.rule.groupSpec.map { Grouping(spec: $0, ranking: evaluation.rule.keep) })
    }

    /// Every asset the rule matched, before exclusions.
    public var matched: Int { assetIDs.count + exclusions.reduce(0) { $0 + $1.ids.count } }
}

/// Matches a rule does not stage, and why: a protect guard, the user's keep, a keep rule.
public struct Exclusion: Sendable, Equatable {
    /// The reason staging reports, e.g. `protect[0]: favorite eq true`.
    public let reason: String
    public let ids: [Int64]

    /// The reason for assets the user marked kept.
    public static let keptByUser = "kept by you"

    public init(reason: String, ids: [Int64]) {
        self.reason = reason
        self.ids = ids
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
    /// The staged set would grow past the library-wide ceiling: nothing was staged.
    case ceilingTripped(wouldStage: Int, allowed: Int, percent: Double)
    /// A path given on the command line is not inside the library.
    case outsideLibrary(path: String)
    /// A path given on the command line is not in the index.
    case notIndexed(path: String)

    static func percentText(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }

    public var description: String {
        switch self {
        case let .limitTripped(rule, file, count, limit):
            "\(file): rule '\(rule)' selects \(count) assets, over its limit of \(limit); nothing was staged"
        case let .ceilingTripped(count, allowed, percent):
            "the trash would hold \(count) assets, over the library-wide ceiling of \(allowed) (\(Self.percentText(percent))% of the library); "
                + "nothing was staged (raise it with --ceiling PERCENT if this is intended)"
        case let .outsideLibrary(path): "\(path): not inside the library"
        case let .notIndexed(path): "\(path): not in the index (run 'cull scan')"
        }
    }
}
