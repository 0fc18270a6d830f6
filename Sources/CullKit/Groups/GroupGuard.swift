/// What a group rule decided for one group: its keeper, why, and what it stages.
public struct GroupOutcome: Sendable {
    public let group: MediaGroup
    /// Nil when every member is staged already (the group then stages nothing).
    public let keeper: GroupMember?
    /// The ranking key that decided against the runner-up, or why the keeper had to be kept
    /// (`kept by you`, a protect guard, a keep rule, another group rule's keeper).
    public let decidedBy: String
    /// Members this rule stages (net-new), in path order, and their bytes.
    public var staged: [Int64] = []
    public var bytes: Int64 = 0

    public var members: [GroupMember] { group.members }
}

/// Holds, through one plan, the invariant of groups: no group of any kind ever has all its present
/// members staged, across every rule of the run and what is staged already. Each group rule
/// reserves the keeper of every group it touches (no later rule stages it), and no rule, group rule
/// or not, stages a group's last unstaged member.
struct GroupGuard {
    let groups: GroupSet
    /// Members of each group not staged (already or by this plan).
    private var free: [Int]
    /// Keepers reserved by this run's group rules, with the rule.
    private(set) var reserved: [Int64: String] = [:]

    init(groups: GroupSet, claimed: Set<Int64>) {
        self.groups = groups
        free = groups.groups.map { group in group.members.filter { !claimed.contains($0.id) }.count }
    }

    /// True when `id` is a member of any group.
    func isMember(_ id: Int64) -> Bool { groups.groupsOf[id] != nil }

    /// Why `id` may not be staged now; nil when it may.
    func refusal(_ id: Int64) -> String? { refusal(leaving: [id]) }

    /// Why `ids` (unstaged) may not be staged together now (a Live Photo's halves, which leave as
    /// one); nil when they may: each group they are in keeps an unstaged member outside them.
    func refusal(leaving ids: [Int64]) -> String? {
        for id in ids { if let rule = reserved[id] { return "keeper of its group (rule \(rule))" } }
        var leaving: [Int: Int] = [:]
        for id in Set(ids) { for group in groups.groupsOf[id] ?? [] { leaving[group, default: 0] += 1 } }
        if let group = leaving.keys.sorted().first(where: { free[$0] <= leaving[$0]! }) {
            return "last unstaged copy of its \(groups.groups[group].spec.noun)"
        }
        return nil
    }

    /// Records that `id` is staged by this plan.
    mutating func claim(_ id: Int64) {
        for group in groups.groupsOf[id] ?? [] { free[group] -= 1 }
    }

    /// For a group rule of `spec`: picks the keeper of every group of that spec with a member among
    /// `matched`, reserves it, and returns the members of `selectable` to stage (every non-keeper,
    /// path order), with the outcomes. `forced` are members that must stay (the user's keeps,
    /// guards, keep rules).
    mutating func select(rule: String, spec: GroupSpec, ranking: KeeperRanking, matched: Set<Int64>,
                         selectable: Set<Int64>, claimed: Set<Int64>, forced: [Int64: String])
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
            let mustStay = unstaged.filter { forced[$0.id] != nil || reserved[$0.id] != nil }
            var choice = ranking.choose(mustStay.isEmpty ? unstaged : mustStay)
            if let picked = choice, !mustStay.isEmpty {
                choice = (picked.keeper, forced[picked.keeper.id] ?? "keeper of rule \(reserved[picked.keeper.id] ?? rule)")
            }
            guard let (keeper, decidedBy) = choice else {
                outcomes.append(GroupOutcome(group: group, keeper: nil, decidedBy: "every copy is staged already"))
                continue
            }
            if reserved[keeper.id] == nil { reserved[keeper.id] = rule }
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
