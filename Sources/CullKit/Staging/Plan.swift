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

    /// True when any rule's limit, or the library-wide ceiling, trips: the run stages nothing.
    public var limitTripped: Bool { rules.contains(where: \.limitTripped) || (ceiling?.tripped ?? false) }

    /// What staging this plan writes: each rule's net-new assets.
    public var stageRequests: [StageRequest] {
        rules.map { StageRequest(rule: $0.rule, ruleFile: $0.ruleFile, assetIDs: $0.netNewIDs) }
    }
}

/// Builds a ``Plan`` from ``StageRequest``s against the current review state.
public struct PlanBuilder {
    let db: Database
    let sampleCount: Int
    /// The library-wide ceiling in percent of the library's assets (nil: none).
    let ceilingPercent: Double?
    /// Assets this run's protect guards and keep rules spare, with the reason: a Live Photo whose
    /// other half is spared stays whole.
    let spared: [Int64: StayReason]
    /// The groups the run's rules read (see ``GroupGuard``).
    let groups: GroupSet?
    /// The run's clock (epoch seconds): capture times after it never win a keeper ranking.
    let now: Int64
    /// The library root: with it, a group member counts as a copy only while it is on disk as
    /// indexed (without it, every indexed member counts).
    let root: String?

    public init(db: Database, sampleCount: Int = 5, ceilingPercent: Double? = nil, spared: [Int64: StayReason] = [:],
                groups: GroupSet? = nil, now: Int64 = Int64.max, root: String? = nil) {
        self.db = db
        self.sampleCount = sampleCount
        self.ceilingPercent = ceilingPercent
        self.spared = spared
        self.groups = groups
        self.now = now
        self.root = root
    }

    /// The plan of `requests`, read from one snapshot of the index.
    public func build(_ requests: [StageRequest]) throws -> Plan {
        try db.snapshot { try plan(requests) }
    }

    private func plan(_ requests: [StageRequest]) throws -> Plan {
        var pass = try Pass(self)
        var lines = try requests.map { try pass.line(for: $0) }
        if let groupGuard = pass.groupGuard { recordKeepers(&lines, requests, groupGuard) }
        var ceiling: Plan.Ceiling?
        if let ceilingPercent {
            let count = Int(try db.scalar("SELECT count(*) FROM assets")?.int64 ?? 0)
            ceiling = Plan.Ceiling(percent: ceilingPercent, libraryCount: count, staged: pass.stagedNow.count + pass.added.count)
        }
        let (stagedNow, added) = (pass.stagedNow, pass.added)
        return Plan(rules: lines,
                    stagedBefore: (stagedNow.count, stagedNow.reduce(0) { $0 + $1.size }),
                    netNew: (added.count, added.reduce(0) { $0 + $1.size }),
                    fingerprint: Fingerprint.of(stagedNow + added.map(StagedFile.init)),
                    ceiling: ceiling, companions: try companions(stagedNow: stagedNow, added: added))
    }

    /// What each staged member leaves against, once every rule has claimed its share: the group
    /// rule's keeper, else a member of its group that stays.
    private func recordKeepers(_ lines: inout [Plan.RuleLine], _ requests: [StageRequest], _ groupGuard: GroupGuard) {
        for (index, request) in zip(lines.indices, requests) {
            var keeperOf: [Int64: Int64] = [:]
            for group in lines[index].groups { if let keeper = group.keeper { for id in group.staged { keeperOf[id] = keeper.id } } }
            for id in lines[index].netNewIDs where keeperOf[id] == nil {
                keeperOf[id] = groupGuard.keeperRecord(for: id, preferring: request.redundancy, now: now)
            }
            lines[index].keeperOf = keeperOf
        }
    }

    /// What would leave with the newly staged files once they are staged: a sidecar shared with a
    /// staged file travels.
    private func companions(stagedNow: [StagedFile], added: [StagedAsset]) throws -> CompanionPlan {
        var companions = CompanionPlan()
        guard !added.isEmpty, var resolver = CompanionResolver(indexOf: db) else { return companions }
        let leaving = Set(stagedNow.map { PathKey($0.path) }).union(added.map { PathKey($0.path) })
        let all = resolver.plan(stagedNow.map(\.path) + added.map(\.path))
        let fresh = Set(added.map { PathKey($0.path) })
        companions.travelling = all.travelling.filter { fresh.contains(PathKey($0.owner)) }
        companions.staying = all.staying.filter { fresh.contains(PathKey($0.owner)) && leaving.contains(PathKey($0.owner)) }
        return companions
    }

    /// One plan's walk through its rules, in order: what is staged already, what each rule claims
    /// (an asset goes to the first rule that stages it), and the guard over every group.
    private struct Pass {
        let builder: PlanBuilder
        let status: [Int64: ReviewStatus]
        let stagedNow: [StagedFile]
        let stagedAt: [Int64: Int64]
        let partners: [Int64: [Int64]]
        var claimed: Set<Int64>
        var claimedBy: [Int64: String] = [:]
        var groupGuard: GroupGuard?
        var added: [StagedAsset] = []

        init(_ builder: PlanBuilder) throws {
            self.builder = builder
            let db = builder.db
            status = try ReviewStore(db: db).statuses()
            stagedNow = try StagedSet.files(db)
            stagedAt = Dictionary(stagedNow.map { ($0.id, $0.stagedAt) }, uniquingKeysWith: { first, _ in first })
            partners = try LivePairs.partners(db)
            claimed = Set(stagedNow.map(\.id))
            let recorded = try StagedTwins.sets(db)
            if builder.groups != nil || !recorded.isEmpty {
                groupGuard = GroupGuard(groups: builder.groups ?? GroupSet(groups: []), claimed: claimed, recorded: recorded,
                                        presence: try builder.root.map { try MemberPresence(db: db, root: $0, groups: builder.groups) })
            }
        }

        /// The plan line of `request`: its group rule's selection, then each selected asset claimed
        /// or excluded with its reason, then what it stages (with its Live halves).
        mutating func line(for request: StageRequest) throws -> Plan.RuleLine {
            let (spared, groups, now, status) = (builder.spared, builder.groups, builder.now, self.status)
            var earlier = 0, claimedByRule = 0, kept = 0
            var earlierAt: ClosedRange<Int64>?
            var fresh: [Int64] = []
            var pairOf: [Int64: Int64] = [:]
            var wholePairs: [StayReason: Int] = [:]
            var ids = request.assetIDs
            var outcomes: [GroupOutcome] = []
            var keepers = 0
            var reasonOf: [Int64: StayReason] = [:]
            for exclusion in request.exclusions { for id in exclusion.ids { reasonOf[id] = exclusion.reason.stay } }
            let claimedNow = claimed
            let pinned = groupGuard.map { PlanBuilder.pinnedByLiveHalves(request, $0, partners, leaving: { !claimedNow.contains($0) && status[$0] != .trashed }) } ?? [:]
            if let grouping = request.grouping, let groups, groupGuard != nil {
                var forced = spared
                for (id, state) in status where state == .kept && groups.groupsOf[id] != nil { forced[id] = .keptByUser }
                forced.merge(pinned) { first, _ in first }
                (ids, outcomes) = groupGuard!.select(
                    rule: request.rule, spec: grouping.spec, ranking: KeeperRanking(keys: grouping.ranking, now: now),
                    matched: Set(request.assetIDs + request.exclusions.flatMap(\.ids)), selectable: Set(request.assetIDs),
                    claimed: claimed, forced: forced)
                keepers = request.assetIDs.count - ids.count
            } else {
                groupGuard?.holdLastCopies(of: ids.filter { !claimed.contains($0) && (status[$0] ?? .new) == .new }, now: now)
            }
            for id in ids {
                if let at = stagedAt[id] {
                    reasonOf[id] = .stagedAlready
                    earlier += 1
                    earlierAt = earlierAt.map { min($0.lowerBound, at)...max($0.upperBound, at) } ?? at...at
                    continue
                }
                if claimed.contains(id) {
                    if pairOf[id] == nil { claimedByRule += 1 }
                    reasonOf[id] = claimedBy[id].map(StayReason.stagedByRule) ?? .stagedAlready
                    continue
                }
                switch status[id] ?? .new {
                case .trashed: earlier += 1; reasonOf[id] = .stagedAlready; continue
                case .kept: kept += 1; reasonOf[id] = .keptByUser; continue // re-checked here: a keep always wins
                case .new: break
                }
                // A Live Photo leaves whole or not at all: its other half goes as its own row,
                // unless the user or the run's guards keep that half, and then this one stays too.
                if let reason = pinned[id] ?? groupGuard?.refusal(id) {
                    wholePairs[reason, default: 0] += 1
                    reasonOf[id] = reason
                    continue
                }
                let others = PlanBuilder.liveHalves(of: id, partners)
                let leaving = [id] + others.filter { !claimed.contains($0) && status[$0] != .trashed }
                if let reason = others.lazy.compactMap({ other in status[other] == .kept ? .keptByUser : spared[other] }).first
                    ?? (others.isEmpty ? nil : groupGuard?.refusal(leaving: leaving)) {
                    wholePairs[.livePair(reason), default: 0] += 1
                    reasonOf[id] = .livePair(reason)
                    continue
                }
                claim(id, by: request.rule)
                fresh.append(id)
                for other in others where !claimed.contains(other) && status[other] != .trashed {
                    claim(other, by: request.rule)
                    fresh.append(other)
                    pairOf[other] = id
                }
            }
            var excluded = request.exclusions.map { (reason: $0.reason, count: $0.ids.count) }
            if kept > 0 {
                if let index = excluded.firstIndex(where: { $0.reason == .keptByUser }) {
                    excluded[index].count += kept
                } else {
                    excluded.insert((.keptByUser, kept), at: 0)
                }
            }
            if keepers > 0, let spec = request.grouping?.spec {
                excluded.append((reason: .groupKeeper(spec), count: keepers))
            }
            // In the order of their sentences, as the plan has always listed them.
            excluded += wholePairs.map { (reason: $0.key, text: $0.key.description, count: $0.value) }.sorted { $0.text < $1.text }
                .map { (reason: .guarded($0.reason), count: $0.count) }
            let assets = try StagedSet.assets(builder.db, ids: fresh)
            added += assets
            let freshSet = Set(fresh)
            let sizes = Dictionary(assets.map { ($0.id, $0.size) }, uniquingKeysWith: { first, _ in first })
            for index in outcomes.indices {
                outcomes[index].staged = outcomes[index].members.map(\.id).filter(freshSet.contains)
                outcomes[index].bytes = outcomes[index].staged.reduce(0) { $0 + (sizes[$1] ?? 0) }
            }
            return Plan.RuleLine(
                rule: request.rule, ruleFile: request.ruleFile, matched: request.matched, stagedEarlier: earlier, stagedEarlierAt: earlierAt,
                claimedEarlier: claimedByRule,
                excluded: excluded.filter { $0.count > 0 }, netNewIDs: assets.map(\.id),
                netNewBytes: assets.reduce(0) { $0 + $1.size }, samplePaths: assets.prefix(builder.sampleCount).map(\.path),
                limit: request.limit, selected: ids.count - kept + pairOf.count, livePairOf: pairOf, groups: outcomes, reasonOf: reasonOf)
        }

        /// `id` is staged by `rule` in this plan: no later rule claims it, and the guard counts it as leaving.
        private mutating func claim(_ id: Int64, by rule: String) {
            claimed.insert(id)
            claimedBy[id] = rule
            groupGuard?.claim(id)
        }
    }

    /// For a rule that stages copies (``GroupSpec/holdsCopies``): the members it could stage whose
    /// Live Photo has a half still in the library (`leaving` says which may still go) with no copy
    /// of that kind, with the reason. Such a member stays, and is its group's keeper when it can be:
    /// staging it would take along a half that nothing else holds.
    static func pinnedByLiveHalves(_ request: StageRequest, _ groupGuard: GroupGuard, _ partners: [Int64: [Int64]],
                                   leaving: (Int64) -> Bool) -> [Int64: StayReason] {
        guard let spec = request.redundancy, spec.holdsCopies, !partners.isEmpty else { return [:] }
        let candidates = request.grouping == nil ? Set(request.assetIDs)
            : groupGuard.members(of: spec, touching: request.assetIDs + request.exclusions.flatMap(\.ids))
        var pinned: [Int64: StayReason] = [:]
        for id in candidates where partners[id] != nil {
            if liveHalves(of: id, partners).contains(where: { leaving($0) && !groupGuard.isMember($0, of: spec) }) {
                pinned[id] = .livePairHasNoOtherCopy
            }
        }
        return pinned
    }

    /// The other assets of `id`'s Live Photo: its other halves, and theirs. A copied still keeps its
    /// ContentIdentifier, so one video can be the half of several stills; the commit lets such a
    /// set leave only whole (``Departure``), so staging takes it whole or not at all.
    static func liveHalves(of id: Int64, _ partners: [Int64: [Int64]]) -> [Int64] {
        guard partners[id] != nil else { return [] }
        var seen: Set<Int64> = [id], queue = [id], result: [Int64] = []
        while let next = queue.popLast() {
            for other in partners[next] ?? [] where seen.insert(other).inserted {
                result.append(other)
                queue.append(other)
            }
        }
        return result
    }
}
