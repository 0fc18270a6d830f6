/// The dry run of staging: per rule what it matched, what it leaves out and why, and what staging
/// would add; totals; and the fingerprint the staged set would then have.
public struct Plan: Sendable {
    /// One rule's line of the plan.
    public struct RuleLine: Sendable {
        public let rule: String
        public let ruleFile: String
        /// Assets the rule matched, before exclusions.
        public let matched: Int
        /// Selected but staged by an earlier run (or by hand): in the trash already.
        public let stagedEarlier: Int
        /// When the oldest and newest of `stagedEarlier` were staged (epoch seconds), for their age.
        public var stagedEarlierAt: ClosedRange<Int64>? = nil
        /// Selected but taken by an earlier rule of this plan: staged under that rule's name.
        public let claimedEarlier: Int
        /// Selected but staged already, either way.
        public var alreadyStaged: Int { stagedEarlier + claimedEarlier }
        /// Matches left out, by reason (protect guards, the user's keeps, keep rules), with counts.
        public let excluded: [(reason: ExclusionReason, count: Int)]
        /// What staging would add.
        public let netNewIDs: [Int64]
        public let netNewBytes: Int64
        /// A few of the net-new paths (library-relative bytes), for the reader.
        public let samplePaths: [[UInt8]]
        /// The most assets the rule may select, and how many it selects.
        public let limit: Int?
        public let selected: Int
        /// Live Photo halves staged with a match (half → the match), part of `netNewIDs`.
        public let livePairOf: [Int64: Int64]
        /// For a group rule: each group it touched, with its keeper and what it stages.
        public var groups: [GroupOutcome] = []
        /// Why each match the rule does not stage stays (a guard, a keep, a group's last copy,
        /// staged already or by an earlier rule): the review shows it per file.
        public var reasonOf: [Int64: StayReason] = [:]

        /// Each net-new member of a group → the member it leaves against (a group rule's keeper, or
        /// the copy that stays): recorded with its staging, checked again by the commit.
        public var keeperOf: [Int64: Int64] = [:]

        /// What the rule decides on that Cull measured: the review explains its matches with the values.
        public var measured: [MeasuredEvidence] = []

        public var netNew: (count: Int, bytes: Int64) { (netNewIDs.count, netNewBytes) }
        /// Matches excluded by `protect:` guards.
        public var protected: Int {
            excluded.reduce(0) { total, exclusion in
                if case .protected = exclusion.reason { total + exclusion.count } else { total }
            }
        }
        /// Matches the user marked kept.
        public var keptByUser: Int { excluded.first { $0.reason == .keptByUser }?.count ?? 0 }
        /// True when the rule selects more than its limit: the whole run stages nothing.
        public var limitTripped: Bool { limit.map { selected > $0 } ?? false }
    }

    /// The library-wide circuit breaker: the staged set may not grow past a share of the library.
    public struct Ceiling: Sendable, Equatable {
        public let percent: Double
        public let libraryCount: Int
        /// What would be staged after this plan.
        public let staged: Int
        public var allowed: Int { Int((percent * Double(libraryCount) / 100).rounded(.down)) }
        public var tripped: Bool { staged > max(allowed, 0) && staged > 0 && percent < 100 }
    }

    public let rules: [RuleLine]
    /// What is staged before this plan.
    public let stagedBefore: (count: Int, bytes: Int64)
    /// What staging would add, over all rules.
    public let netNew: (count: Int, bytes: Int64)
    /// Fingerprint of the staged set after staging: what `cull commit --fingerprint` would then accept.
    public let fingerprint: String
    public let ceiling: Ceiling?
    /// The sidecars that would travel with what staging adds (and those that stay, shared with a
    /// file that stays), as on disk now.
    public let companions: CompanionPlan
    /// The groups of copies this plan empties (every copy of a picture, both halves of a RAW+JPEG
    /// pair), each as its members' library-relative paths in path order: said before anything leaves.
    public var everyCopyLeaves: [CopiesLeaving] = []
    /// Twins staged by earlier runs whose keeper this plan stages, with no copy left to stand in:
    /// staging sends them back to unstaged (a twin leaves only while its keeper stays).
    public var twinsUnstaged: [UnstagedTwin] = []
    /// Twins staged by earlier runs that a plain rule of this plan matches: they leave on its word
    /// now, so staging drops their keeper record.
    public var twinsDecided: [Int64] = []
    /// The bracket sets the run's groups were kept apart by (loaded with bursts and similar groups,
    /// or for `bracket:`): frames no group rule stages as redundant with each other.
    public var brackets: [MediaGroup] = []

    /// A group every copy of which would be staged.
    public struct CopiesLeaving: Sendable {
        public let spec: GroupSpec
        public let paths: [[UInt8]]

        /// `all 3 copies of this picture leave`, `both halves of this RAW+JPEG pair leave`.
        public var sentence: String {
            spec == .rawPair ? "both halves of this RAW+JPEG pair leave" : "all \(paths.count) copies of this picture leave"
        }
    }

    /// A twin going back to unstaged, with the keeper that leaves.
    public struct UnstagedTwin: Sendable {
        public let id: Int64
        public let path: [UInt8]
        public let keeper: Int64
        public let keeperPath: [UInt8]
    }

    /// True when any rule's limit, or the library-wide ceiling, trips: the run stages nothing.
    public var limitTripped: Bool { rules.contains(where: \.limitTripped) || (ceiling?.tripped ?? false) }

    /// What staging this plan writes: each rule's net-new assets.
    public var stageRequests: [StageRequest] {
        rules.map { StageRequest(rule: $0.rule, ruleFile: $0.ruleFile, assetIDs: $0.netNewIDs) }
    }
}
