extension Rule {
    /// True when the rule is a group rule: its match requires `duplicate: true` at the top level,
    /// so it keeps one member of each group (its `keep:` ranking) and stages the others.
    public var isGroupRule: Bool {
        let parts: [Predicate]
        switch match {
        case let .all(items): parts = items
        default: parts = [match]
        }
        return parts.contains { part in
            guard case let .condition(condition) = part else { return false }
            return condition.field.name == "duplicate" && condition.op == .eq && condition.value == .bool(true)
        }
    }

    /// True when the rule reads the `duplicate` field anywhere (the plan then needs the groups).
    public var readsGroups: Bool { match.conditions.contains { $0.field.name == "duplicate" } }
}

/// What a group rule decided for one group: its keeper, why, and what it stages.
public struct GroupOutcome: Sendable {
    /// The exclusion reason a group rule's plan line gives its keepers.
    public static let keeperReason = "the keeper of its duplicate group"

    public let hash: ContentHash
    public let members: [GroupMember]
    /// Nil when every member is staged already (the group then stages nothing).
    public let keeper: GroupMember?
    /// The ranking key that decided against the runner-up, or why the keeper had to be kept
    /// (`kept by you`, a protect guard, a keep rule, another group rule's keeper).
    public let decidedBy: String
    /// Members this rule stages (net-new), in path order, and their bytes.
    public var staged: [Int64] = []
    public var bytes: Int64 = 0
}

/// Holds, through one plan, the invariant of groups: no group ever has all its present members
/// staged, across every rule of the run and what is staged already. Each group rule reserves
/// the keeper of every group it touches (no later rule stages it), and no rule, group rule or
/// not, stages a group's last unstaged member.
struct GroupGuard {
    let groups: ExactGroups
    /// Members of each group not staged (already or by this plan).
    private var free: [Int]
    /// Keepers reserved by this run's group rules, with the rule.
    private(set) var reserved: [Int64: String] = [:]

    init(groups: ExactGroups, claimed: Set<Int64>) {
        self.groups = groups
        free = groups.groups.map { group in group.members.filter { !claimed.contains($0.id) }.count }
    }

    /// Why `id` may not be staged now; nil when it may.
    func refusal(_ id: Int64) -> String? {
        if let rule = reserved[id] { return "keeper of its duplicate group (rule \(rule))" }
        if let group = groups.groupOf[id], free[group] <= 1 { return "last unstaged copy of its duplicate group" }
        return nil
    }

    /// Records that `id` is staged by this plan.
    mutating func claim(_ id: Int64) {
        if let group = groups.groupOf[id] { free[group] -= 1 }
    }

    /// For a group rule: picks the keeper of every group with a member among `matched`, reserves
    /// it, and returns the members of `selectable` to stage (every non-keeper, path order), with
    /// the outcomes. `forced` are members that must stay (the user's keeps, guards, keep rules).
    mutating func select(rule: String, ranking: KeeperRanking, matched: Set<Int64>, selectable: Set<Int64>,
                         claimed: Set<Int64>, forced: [Int64: String]) -> (ids: [Int64], outcomes: [GroupOutcome]) {
        var touched = Set<Int>()
        for id in matched { if let group = groups.groupOf[id] { touched.insert(group) } }
        var ids: [Int64] = []
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
                outcomes.append(GroupOutcome(hash: group.hash, members: group.members, keeper: nil,
                                             decidedBy: "every copy is staged already"))
                continue
            }
            if reserved[keeper.id] == nil { reserved[keeper.id] = rule }
            ids += group.members.filter { $0.id != keeper.id && selectable.contains($0.id) }.map(\.id)
            outcomes.append(GroupOutcome(hash: group.hash, members: group.members, keeper: keeper, decidedBy: decidedBy))
        }
        return (ids, outcomes)
    }
}
