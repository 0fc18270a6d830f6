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
        var summary: (watch: ChangeWatch, computed: StagedSummary)?
        let plan = try db.snapshot { try self.plan(requests, summary: &summary) }
        // Remembered once the snapshot is over: a plan only reads. An index this run cannot write
        // (read-only, locked by a long write) only summarises the staged set again next time.
        if let summary { try? summary.watch.recordIfUnchanged(db, memo: summary.computed.memo) }
        return plan
    }

    /// The plan of `requests`; `summary` is set when the staged set was summarised afresh, to be remembered.
    private func plan(_ requests: [StageRequest], summary computed: inout (watch: ChangeWatch, computed: StagedSummary)?) throws -> Plan {
        var pass = try Pass(self, requests)
        var lines = try requests.map { try pass.line(for: $0) }
        pass.groupGuard?.settle()
        if let groupGuard = pass.groupGuard { recordKeepers(&lines, requests, groupGuard, decided: pass.decided) }
        let unstaged = try pass.twinsUnstaged()
        let leavingAgain = Set(unstaged.map(\.id))
        pass.groupGuard?.unclaim(leavingAgain)
        let added = pass.added
        // The staged files' paths are read only when the plan changes the staged set, or nothing
        // remembers its summary: a plan that stages nothing new says what the last one said.
        let watch = try StagedSummary.watch(db)
        var files: [StagedFile]?
        let summary: StagedSummary
        if let remembered = StagedSummary.remembered(watch) {
            summary = remembered
        } else {
            let read = try StagedSet.files(db)
            (files, summary) = (read, StagedSummary(read))
            computed = (watch, summary)
        }
        let stays = pass.stagedAt.keys.count { !leavingAgain.contains($0) }
        var ceiling: Plan.Ceiling?
        if let ceilingPercent {
            let count = Int(try db.scalar("SELECT count(*) FROM assets")?.int64 ?? 0)
            ceiling = Plan.Ceiling(percent: ceilingPercent, libraryCount: count, staged: stays + added.count)
        }
        let fingerprint: String
        var stagedNow: [StagedFile] = []
        if added.isEmpty && leavingAgain.isEmpty {
            fingerprint = summary.fingerprint
        } else {
            stagedNow = try (files ?? StagedSet.files(db)).filter { !leavingAgain.contains($0.id) }
            fingerprint = Fingerprint.of(stagedNow + added.map(StagedFile.init))
        }
        var plan = Plan(rules: lines, stagedBefore: (summary.count, summary.bytes), netNew: (added.count, added.reduce(0) { $0 + $1.size }),
                        fingerprint: fingerprint, ceiling: ceiling, companions: try companions(stagedNow: stagedNow, added: added))
        plan.twinsUnstaged = unstaged
        plan.brackets = groups?.groups(of: .bracket) ?? []
        plan.twinsDecided = pass.twins.keeperOf.keys.filter(pass.decided.contains).sorted()
        if let groupGuard = pass.groupGuard {
            plan.everyCopyLeaves = groupGuard.everyCopyLeaves(added: Set(added.map(\.id))).map { group in
                Plan.CopiesLeaving(spec: group.spec, paths: group.members.map(\.path).sorted(by: PathBytes.precedes))
            }.sorted { PathBytes.precedes($0.paths[0], $1.paths[0]) }
        }
        return plan
    }

    /// What each member a group rule (or a rule staging one half of pairs) stages leaves against,
    /// once every rule has claimed its share: the group rule's keeper, else a member of its group
    /// that stays. What a plain rule of the run matches (`decided`) leaves on that rule's word and
    /// records none, whichever rule stages it.
    private func recordKeepers(_ lines: inout [Plan.RuleLine], _ requests: [StageRequest], _ groupGuard: GroupGuard,
                               decided: Set<Int64>) {
        for (index, request) in zip(lines.indices, requests) where request.redundancy != nil {
            var keeperOf: [Int64: Int64] = [:]
            for group in lines[index].groups { if let keeper = group.keeper { for id in group.staged { keeperOf[id] = keeper.id } } }
            for id in lines[index].netNewIDs where keeperOf[id] == nil {
                keeperOf[id] = groupGuard.keeperRecord(for: id, preferring: request.redundancy, now: now)
            }
            lines[index].keeperOf = keeperOf.filter { !decided.contains($0.key) }
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
        let status: [Int64: StagingStatus]
        /// When each staged file was staged, by id: the staged set.
        let stagedAt: [Int64: Int64]
        let partners: [Int64: [Int64]]
        var claimed: Set<Int64>
        var claimedBy: [Int64: String] = [:]
        var groupGuard: GroupGuard?
        var added: [StagedAsset] = []
        /// Twins staged by earlier runs, by their keepers.
        let twins: StagedTwins
        /// The sets of ``twins`` that still hold on to their keeper: not every twin of theirs is
        /// decided by a plain rule of this plan.
        let recorded: [StagedTwins.Set]
        /// Every file a plain rule of this plan selects: its decision, copies or not.
        let decided: Set<Int64>

        init(_ builder: PlanBuilder, _ requests: [StageRequest]) throws {
            self.builder = builder
            let db = builder.db
            (status, stagedAt) = try StagingStore(db: db).statusesAndStagedTimes()
            partners = try LivePairs.partners(db)
            claimed = Set(stagedAt.keys)
            decided = Set(requests.filter { $0.redundancy == nil }.flatMap(\.assetIDs))
            twins = try StagedTwins.load(db)
            let decided = self.decided
            recorded = twins.sets.filter { !$0.twins.allSatisfy(decided.contains) }
            if builder.groups != nil || !recorded.isEmpty {
                let status = self.status, claimed = self.claimed
                groupGuard = GroupGuard(groups: builder.groups ?? GroupSet(groups: []), claimed: claimed, recorded: recorded.map(\.members),
                                        presence: try builder.root.map { try MemberPresence(db: db, root: $0, groups: builder.groups) },
                                        leaving: decided.filter { !claimed.contains($0) && (status[$0] ?? .new) == .new })
            }
        }

        /// The twins staged earlier whose keeper this plan stages with no copy left standing in for
        /// it: they go back to unstaged, with the Live Photo halves staged with them.
        func twinsUnstaged() throws -> [Plan.UnstagedTwin] {
            guard let groupGuard, !recorded.isEmpty else { return [] }
            let fresh = Set(added.map(\.id))
            var ids: [(id: Int64, keeper: Int64)] = []
            for (index, set) in recorded.enumerated() where fresh.contains(set.keeper) && !groupGuard.keepsAMember(recorded: index) {
                for twin in set.twins where !decided.contains(twin) {
                    ids.append((twin, set.keeper))
                    for half in PlanBuilder.liveHalves(of: twin, partners) where stagedAt[half] != nil && !decided.contains(half) {
                        ids.append((half, set.keeper))
                    }
                }
            }
            guard !ids.isEmpty else { return [] }
            var seen = Set<Int64>()
            ids = ids.filter { seen.insert($0.id).inserted }
            let paths = Dictionary(try StagedSet.assets(builder.db, ids: Set(ids.map(\.id) + ids.map(\.keeper))).map { ($0.id, $0.path) },
                                   uniquingKeysWith: { first, _ in first })
            return ids.map { Plan.UnstagedTwin(id: $0.id, path: paths[$0.id] ?? [], keeper: $0.keeper, keeperPath: paths[$0.keeper] ?? []) }
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
            }
            // A plain rule's match is the user's decision about that file, copies or not: no group
            // guard refuses it (its Live Photo still leaves whole, or not at all).
            let guarded = request.redundancy == nil ? nil : groupGuard
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
                if let reason = pinned[id] ?? guarded?.refusal(id) {
                    wholePairs[reason, default: 0] += 1
                    reasonOf[id] = reason
                    continue
                }
                let others = PlanBuilder.liveHalves(of: id, partners)
                let leaving = [id] + others.filter { !claimed.contains($0) && status[$0] != .trashed }
                if let reason = others.lazy.compactMap({ other in status[other] == .kept ? .keptByUser : spared[other] }).first
                    ?? (others.isEmpty ? nil : guarded?.refusal(leaving: leaving)) {
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
            let excluded = Self.excluded(request, kept: kept, keepers: keepers, wholePairs: wholePairs)
            let assets = try StagedSet.assets(builder.db, ids: fresh)
            added += assets
            let freshSet = Set(fresh)
            let sizes = Dictionary(assets.map { ($0.id, $0.size) }, uniquingKeysWith: { first, _ in first })
            for index in outcomes.indices {
                outcomes[index].staged = outcomes[index].members.map(\.id).filter(freshSet.contains)
                outcomes[index].bytes = outcomes[index].staged.reduce(0) { $0 + (sizes[$1] ?? 0) }
            }
            var line = Plan.RuleLine(
                rule: request.rule, ruleFile: request.ruleFile, matched: request.matched, stagedEarlier: earlier, stagedEarlierAt: earlierAt,
                claimedEarlier: claimedByRule,
                excluded: excluded.filter { $0.count > 0 }, netNewIDs: assets.map(\.id),
                netNewBytes: assets.reduce(0) { $0 + $1.size }, samplePaths: assets.prefix(builder.sampleCount).map(\.path),
                limit: request.limit, selected: fresh.count, livePairOf: pairOf, groups: outcomes, reasonOf: reasonOf)
            line.measured = request.measured
            return line
        }

        /// What a plan line lists as left out, with counts: the rule's own exclusions, then the files
        /// the user keeps (re-checked here), its groups' keepers, and the Live Photos a guard keeps whole.
        private static func excluded(_ request: StageRequest, kept: Int, keepers: Int,
                                     wholePairs: [StayReason: Int]) -> [(reason: ExclusionReason, count: Int)] {
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
            return excluded
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
