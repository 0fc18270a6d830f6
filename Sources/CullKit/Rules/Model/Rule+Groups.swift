extension GroupSpec {
    /// The spec a rule condition reads, whatever its operator (`duplicate: false` needs the exact
    /// groups too): nil for a condition on a field that is not about groups.
    public static func read(by condition: Condition) -> GroupSpec? {
        GroupSpec(groupRuleCondition: condition) ?? condition.field.groupSpec
    }

    /// The spec of a condition that makes its rule a group rule when it stands at the top level
    /// (`duplicate: true`, `duplicate: image`, `burst: true`, `similar: {distance: N}`): the
    /// membership test its field and value were typed to; nil when the condition only filters.
    public init?(groupRuleCondition condition: Condition) {
        guard case let .member(spec) = condition.test, spec.decidesRedundancy else { return nil }
        self = spec
    }
}

extension Rule {
    /// The spec of a group rule: its match requires a group condition at the top level, so it
    /// keeps one member of each group (its `keep:` ranking) and stages the others. Nil for a plain rule.
    public var groupSpec: GroupSpec? {
        let parts: [Predicate]
        switch match {
        case let .all(items): parts = items
        default: parts = [match]
        }
        for part in parts {
            if case let .condition(condition) = part, let spec = GroupSpec(groupRuleCondition: condition) { return spec }
        }
        return nil
    }

    /// The kind of group whose redundancy the rule stages: a group rule's spec, or `rawPair` for a
    /// rule that picks one half of RAW+JPEG pairs at its top level (`raw_pair: jpeg`). What such a
    /// rule stages leaves because another member of its group stays. Nil for any other rule.
    public var redundancySpec: GroupSpec? {
        if let groupSpec { return groupSpec }
        let parts: [Predicate]
        if case let .all(items) = match { parts = items } else { parts = [match] }
        for part in parts {
            if case let .condition(condition) = part, condition.field.groupSpec == .rawPair, condition.op == .eq || condition.op == .in {
                return .rawPair
            }
        }
        return nil
    }

    /// True when the rule is a group rule (see ``groupSpec``).
    public var isGroupRule: Bool { groupSpec != nil }

    /// Every group spec the rule's match reads (the plan loads those groups first).
    public var groupSpecsRead: Set<GroupSpec> { Set(match.conditions.compactMap(GroupSpec.read(by:))) }
}
