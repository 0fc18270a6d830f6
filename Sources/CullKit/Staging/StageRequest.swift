/// What one rule asks staging to do: stage these assets. Built from a ``RuleEvaluation`` (or by
/// hand in tests), so staging does not depend on how rules are evaluated.
public struct StageRequest: Sendable, Equatable {
    /// The rule's name.
    public let rule: String
    /// The rule file it came from (as the user named it); empty for staging by hand (no file:
    /// its rows have no `rule_file`).
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
    /// The kind of group whose redundancy the rule stages (``Rule/redundancySpec``): a group rule's
    /// spec, or `rawPair` for `raw_pair: jpeg`. Its matches leave only with Live Photo halves that
    /// have a copy of that kind too.
    public let redundancy: GroupSpec?
    /// What the rule decides on that Cull measured (the pixels, text, codes, a return): the review
    /// explains each match with the measured value.
    public let measured: [MeasuredEvidence]

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
                grouping: Grouping? = nil, redundancy: GroupSpec? = nil, measured: [MeasuredEvidence] = []) {
        self.rule = rule
        self.ruleFile = ruleFile
        self.assetIDs = assetIDs
        self.exclusions = exclusions
        self.limit = limit
        self.grouping = grouping
        self.redundancy = redundancy ?? grouping?.spec
        self.measured = measured
    }

    /// The same request without `held` (each counted as excluded for `reason`).
    public func excluding(_ held: Set<Int64>, for reason: StayReason) -> StageRequest {
        let out = assetIDs.filter(held.contains)
        guard !out.isEmpty else { return self }
        return StageRequest(rule: rule, ruleFile: ruleFile, assetIDs: assetIDs.filter { !held.contains($0) },
                            exclusions: exclusions + [Exclusion(reason: .guarded(reason), ids: out)], limit: limit,
                            grouping: grouping, redundancy: redundancy, measured: measured)
    }

    /// The same request without its limit: `--lift-limit RULE`, for one run.
    public var withoutLimit: StageRequest {
        StageRequest(rule: rule, ruleFile: ruleFile, assetIDs: assetIDs, exclusions: exclusions, limit: nil,
                     grouping: grouping, redundancy: redundancy, measured: measured)
    }

    /// The request of a trash rule's evaluation: its net selection, with why the rest is left out.
    public init(_ evaluation: RuleEvaluation) {
        var exclusions: [Exclusion] = []
        if !evaluation.userKept.isEmpty { exclusions.append(Exclusion(reason: .keptByUser, ids: evaluation.userKept)) }
        for (guardClause, ids) in evaluation.protected { exclusions.append(Exclusion(reason: .protected(guardClause.protection(for: evaluation.file)), ids: ids)) }
        for (file, rule, ids) in evaluation.keptByRules {
            exclusions.append(Exclusion(reason: .keepRule(rule: rule, file: file), ids: ids))
        }
        self.init(rule: evaluation.rule.name, ruleFile: evaluation.file, assetIDs: evaluation.net,
                  exclusions: exclusions, limit: evaluation.limit?.allowed,
                  grouping: evaluation.rule.groupSpec.map { spec in
                      Grouping(spec: spec, ranking: evaluation.rule.keep.isEmpty ? spec.defaultRanking : evaluation.rule.keep)
                  }, redundancy: evaluation.rule.redundancySpec, measured: evaluation.rule.measured)
    }

    /// Every asset the rule matched, before exclusions.
    public var matched: Int { assetIDs.count + exclusions.reduce(0) { $0 + $1.ids.count } }
}

/// Matches a rule does not stage, and why: a protect guard, the user's keep, a keep rule.
public struct Exclusion: Sendable, Equatable {
    public let reason: ExclusionReason
    public let ids: [Int64]

    public init(reason: ExclusionReason, ids: [Int64]) {
        self.reason = reason
        self.ids = ids
    }
}

/// Why a rule's match is not staged, by kind: the plan counts and prints them, and code asks
/// the kind (how many a protect guard spared), never the text.
public enum ExclusionReason: Hashable, Sendable, CustomStringConvertible {
    /// The user marked it kept (`cull keep`, or undo).
    case keptByUser
    /// A protect guard (`protect[0]: favorite eq true`).
    case protected(ProtectGuard)
    /// An `action: keep` rule of the run.
    case keepRule(rule: String, file: String)
    /// The keeper a group rule chose for its group.
    case groupKeeper(GroupSpec)
    /// A guard of staging itself, with its reason: a group's last unstaged copy, a Live Photo
    /// pair that leaves whole or not at all.
    case guarded(StayReason)

    public var description: String {
        switch self {
        case let .groupKeeper(spec): "the keeper of its \(spec.noun)"
        default: stay?.description ?? ""
        }
    }

    /// Why each match excluded so stays, as the plan records it per file; nil for a group's keeper,
    /// whose reason is its group's (``GroupOutcome/decidedBy``).
    public var stay: StayReason? {
        switch self {
        case .keptByUser: .keptByUser
        case let .protected(guarded): .protected(guarded)
        case let .keepRule(rule, file): .keepRule(rule: rule, file: file)
        case .groupKeeper: nil
        case let .guarded(reason): reason
        }
    }
}

/// Failures of staging commands.
public enum StagingError: Error, Sendable, CustomStringConvertible {
    /// A rule's limit tripped: nothing was staged for the whole run.
    case limitTripped(rule: String, ruleFile: String, wouldStage: Int, limit: Int)
    /// The staged set would grow past the library-wide ceiling: nothing was staged.
    case ceilingTripped(wouldStage: Int, allowed: Int, percent: Double)
    /// `--lift-limit` names a rule that no trash rule of the run has.
    case noSuchRule(name: String, known: [String])
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
            "\(file): rule '\(rule)' would stage \(count) new assets, over its limit of \(limit); nothing was staged "
                + "(see them with 'cull plan \(file) --preview' or '--format paths'; if that is intended, "
                + "'--lift-limit \(rule)' lifts the limit for this run)"
        case let .noSuchRule(name, known):
            "--lift-limit: no trash rule named '\(name)' in these rule files"
                + (known.isEmpty ? "" : " (rules: " + known.joined(separator: ", ") + ")")
        case let .ceilingTripped(count, allowed, percent):
            "the trash would hold \(count) assets, over the library-wide ceiling of \(allowed) (\(Self.percentText(percent))% of the library); "
                + "nothing was staged (raise it with --ceiling PERCENT if this is intended)"
        case let .outsideLibrary(path): "\(path): not inside the library"
        case let .notIndexed(path): "\(path): not in the index (run 'cull scan')"
        }
    }
}
