/// What a group rule decided for one group: its keeper, why, and what it stages.
public struct GroupOutcome: Sendable {
    public let group: MediaGroup
    /// Nil when every member is staged already (the group then stages nothing).
    public let keeper: GroupMember?
    /// The ranking key that decided against the runner-up, or why the keeper had to be kept
    /// (`kept by you`, a protect guard, a keep rule, another group rule's keeper: a ``StayReason``'s sentence).
    public let decidedBy: String
    /// Members this rule stages (net-new), in path order, and their bytes.
    public var staged: [Int64] = []
    public var bytes: Int64 = 0

    public var members: [GroupMember] { group.members }
}

/// Holds, through one plan, the invariant of what group rules decide: no group rule stages a
/// group's last present member, across every rule of the run and what is staged already. Each group
/// rule reserves the keeper of every group it touches (no later group rule stages it), never keeps a
/// file a plain rule of the run takes (``init(groups:claimed:recorded:presence:leaving:)``), and
/// stages no member that is the last unstaged one on disk (``MemberPresence``). The groups twins
/// staged by earlier runs hold on to (``StagedTwins``) count too, whatever the run's rules are.
/// A plain rule is not guarded here: its match is the user's decision about each file, copies too;
/// the guard only hears what it takes (``claim(_:)``) and says afterwards which groups leave whole
/// (``everyCopyLeaves(added:)``). Every member a group rule stages records the member it leaves
/// against (``keeperRecord(for:preferring:now:)``), which the commit checks again.
struct GroupGuard {
    let groups: GroupSet
    /// Every set of members that must keep one present member unstaged: the run's groups, then
    /// the sets of twins staged earlier; with what a refusal calls each.
    private let sets: [[Int64]]
    private let nouns: [StayReason]
    private let setsOf: [Int64: [Int]]
    /// Staged already, or by this plan.
    private var claimed: Set<Int64>
    /// Keepers reserved by this run's group rules, with the rule.
    private(set) var reserved: [Int64: String] = [:]
    /// What the run's plain rules take: never a group rule's keeper, nor the member that stays.
    private var leaving: Set<Int64>
    /// Nil: every member counts as on disk (no library root to look in).
    private let presence: MemberPresence?
    /// Per set, the member last found to stay (unclaimed and present), looked at first.
    private let witnesses: Witnesses

    private final class Witnesses {
        var ids: [Int64?]
        init(count: Int) { ids = Array(repeating: nil, count: count) }
    }

    /// `recorded`: the sets of ``StagedTwins``, each with its keeper first; `leaving`: what the run's
    /// plain rules select, which leaves on their word whatever the order of the rules. Bracket sets
    /// are no concern of the guard: no rule stages one of their frames as redundant.
    init(groups: GroupSet, claimed: Set<Int64>, recorded: [[Int64]] = [], presence: MemberPresence? = nil,
         leaving: Set<Int64> = []) {
        let groups = groups.groups.allSatisfy(\.spec.decidesRedundancy) ? groups : GroupSet(groups: groups.groups.filter(\.spec.decidesRedundancy))
        self.groups = groups
        self.claimed = claimed
        self.presence = presence
        self.leaving = leaving
        sets = groups.groups.map { $0.members.map(\.id) } + recorded
        nouns = groups.groups.map { .lastCopy($0.spec) } + recorded.map { _ in .keeperOfStagedTwins }
        var setsOf: [Int64: [Int]] = [:]
        for (index, set) in sets.enumerated() { for id in set { setsOf[id, default: []].append(index) } }
        self.setsOf = setsOf
        witnesses = Witnesses(count: sets.count)
    }

    /// True when `id` is a member of any group.
    func isMember(_ id: Int64) -> Bool { groups.groupsOf[id] != nil }

    /// True when `id` is a member of a group of `spec`.
    func isMember(_ id: Int64, of spec: GroupSpec) -> Bool {
        groups.groupsOf[id]?.contains { groups.groups[$0].spec == spec } ?? false
    }

    /// The members of the groups of `spec` that hold any of `ids`.
    func members(of spec: GroupSpec, touching ids: [Int64]) -> Set<Int64> {
        var result = Set<Int64>()
        for id in ids {
            for index in groups.groupsOf[id] ?? [] where groups.groups[index].spec == spec {
                result.formUnion(groups.groups[index].members.map(\.id))
            }
        }
        return result
    }

    /// True when `id` counts as a copy on disk.
    private func isPresent(_ id: Int64) -> Bool { presence?.isPresent(id) ?? true }

    /// Why `id` may not be staged now; nil when it may.
    func refusal(_ id: Int64) -> StayReason? {
        if let rule = reserved[id] { return .reservedKeeper(rule: rule) }
        // What `refusal(leaving: [id])` answers, without building sets: the sets of one id are
        // listed in order, each once (or twice in a row, for a set naming it twice).
        var last: Int?
        for set in setsOf[id] ?? [] where set != last {
            last = set
            if !hasWitness(set, besides: { $0 == id }) { return nouns[set] }
        }
        return nil
    }

    /// Why `ids` may not be staged together now (a Live Photo's halves, which leave as one); nil
    /// when they may: each set they are in keeps a present member outside them.
    func refusal(leaving ids: [Int64]) -> StayReason? {
        for id in ids {
            if let rule = reserved[id] { return .reservedKeeper(rule: rule) }
        }
        let leaving = Set(ids)
        for set in Set(ids.flatMap { setsOf[$0] ?? [] }).sorted() where !hasWitness(set, besides: leaving.contains) {
            return nouns[set]
        }
        return nil
    }

    /// True when set `index` has a member that stays: unclaimed, not among `besides`, not taken by
    /// a plain rule of the run, on disk.
    private func hasWitness(_ index: Int, besides: (Int64) -> Bool) -> Bool {
        func stays(_ id: Int64) -> Bool { !claimed.contains(id) && !besides(id) && !leaving.contains(id) && isPresent(id) }
        if let witness = witnesses.ids[index], stays(witness) { return true }
        guard let found = sets[index].first(where: stays) else { return false }
        witnesses.ids[index] = found
        return true
    }

    /// Records that `id` is staged by this plan.
    mutating func claim(_ id: Int64) {
        claimed.insert(id)
    }

    /// `ids` go back to unstaged (twins whose keeper the plan stages): they stay after all.
    mutating func unclaim(_ ids: Set<Int64>) {
        claimed.subtract(ids)
    }

    /// Once every rule has had its say: what the plain rules were expected to take and did not
    /// (a Live Photo half kept them) counts as staying again, for the questions asked after the plan.
    mutating func settle() {
        leaving = []
    }

    /// The groups of copies (``GroupSpec/holdsCopies``) this plan empties: every member on disk is
    /// staged once `added` is, and `added` holds one of them. A group inside another that is listed
    /// is left out.
    func everyCopyLeaves(added: Set<Int64>) -> [MediaGroup] {
        let whole = groups.groups.filter { group in
            group.spec.holdsCopies && group.members.contains { added.contains($0.id) }
                && group.members.allSatisfy { claimed.contains($0.id) || !isPresent($0.id) }
        }.sorted { $0.members.count > $1.members.count }
        var listed: [Set<Int64>] = []
        var result: [MediaGroup] = []
        for group in whole {
            let ids = Set(group.members.map(\.id))
            if listed.contains(where: { ids.isSubset(of: $0) }) { continue }
            listed.append(ids)
            result.append(group)
        }
        return result
    }

    /// True when recorded set `index` (of the `recorded` sets given at init) keeps a member that
    /// stays: the keeper, or a copy that stands in for it.
    func keepsAMember(recorded index: Int) -> Bool {
        hasWitness(groups.groups.count + index, besides: { _ in false })
    }

    /// The member of `members` on disk that a group of `spec` keeps when no rule ranks them: the
    /// kind's default ranking, a RAW before the JPEG made from it, then path order.
    private func best(of members: [GroupMember], spec: GroupSpec, now: Int64) -> GroupMember? {
        let ranking = KeeperRanking(keys: spec.defaultRanking, now: now)
        let present = { (member: GroupMember) in self.isPresent(member.id) }
        if spec == .rawPair, let raw = ranking.choose(members.filter(\.raw), where: present) { return raw.keeper }
        return ranking.choose(members, where: present)?.keeper
    }

    /// The member staged `id` leaves against, once the plan is made: in the first of its groups
    /// (of `preferred` kind first, then copies before look-alikes) with a present member that
    /// stays, that member (a reserved keeper first). Nil for a file in no group.
    func keeperRecord(for id: Int64, preferring preferred: GroupSpec?, now: Int64) -> Int64? {
        let indexes = (groups.groupsOf[id] ?? []).sorted { a, b in
            let (x, y) = (groups.groups[a].spec, groups.groups[b].spec)
            return (x == preferred ? -1 : x.recordPriority, a) < (y == preferred ? -1 : y.recordPriority, b)
        }
        for index in indexes {
            let group = groups.groups[index]
            let staying = group.members.filter { $0.id != id && !claimed.contains($0.id) }
            if let chosen = staying.first(where: { reserved[$0.id] != nil && isPresent($0.id) })
                ?? best(of: staying, spec: group.spec, now: now) {
                return chosen.id
            }
        }
        return nil
    }

    /// For a group rule of `spec`: picks the keeper of every group of that spec with a member among
    /// `matched`, reserves it, and returns the members of `selectable` to stage (every non-keeper,
    /// path order), with the outcomes. `forced` are members that must stay (the user's keeps,
    /// guards, keep rules, twins whose Live Photo half has no copy). A keeper is a member on disk
    /// that no plain rule of the run takes; a group with none stages nothing.
    mutating func select(rule: String, spec: GroupSpec, ranking: KeeperRanking, matched: Set<Int64>,
                         selectable: Set<Int64>, claimed: Set<Int64>, forced: [Int64: StayReason])
        -> (ids: [Int64], outcomes: [GroupOutcome]) {
        var touched = Set<Int>()
        for id in matched {
            for group in groups.groupsOf[id] ?? [] where groups.groups[group].spec == spec { touched.insert(group) }
        }
        var ids: [Int64] = []
        var seen = Set<Int64>()
        var outcomes: [GroupOutcome] = []
        for index in touched.sorted() {
            let group = groups.groups[index]
            let unstaged = group.members.filter { !claimed.contains($0.id) }
            let mustStay = unstaged.filter { (forced[$0.id] != nil || reserved[$0.id] != nil) && isPresent($0.id) }
            let staying = unstaged.filter { !leaving.contains($0.id) }
            var choice = ranking.choose(mustStay.isEmpty ? staying : mustStay, where: { isPresent($0.id) })
            if let picked = choice, !mustStay.isEmpty {
                choice = (picked.keeper, (forced[picked.keeper.id] ?? .keeperOfRule(reserved[picked.keeper.id] ?? rule)).description)
            }
            guard let (keeper, decidedBy) = choice else {
                let why = unstaged.isEmpty ? "every copy is staged already"
                    : staying.isEmpty ? "a plain rule of this run takes every unstaged copy" : "no unstaged copy is on disk as indexed"
                outcomes.append(GroupOutcome(group: group, keeper: nil, decidedBy: why))
                continue
            }
            if reserved[keeper.id] == nil { reserved[keeper.id] = rule }
            // The keeper stays and is on disk: the group's witness, so staging its twins looks at no other file.
            witnesses.ids[index] = keeper.id
            for member in group.members where member.id != keeper.id && selectable.contains(member.id) {
                if seen.insert(member.id).inserted { ids.append(member.id) }
            }
            outcomes.append(GroupOutcome(group: group, keeper: keeper, decidedBy: decidedBy))
        }
        // A member of two groups of this spec is staged only if it is the keeper of neither.
        ids.removeAll { reserved[$0] != nil }
        return (ids, outcomes)
    }
}
