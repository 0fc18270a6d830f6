/// A kind of group, with what a group rule's match sets for it: which files belong together.
///
/// Every kind of group goes through one engine (``GroupSet``, ``GroupGuard``): a group rule keeps
/// one member of each group of its spec and stages the others, and no group of any kind ever has
/// all its present members staged.
public enum GroupSpec: Hashable, Sendable, CustomStringConvertible {
    /// Byte-identical files (`duplicate: true`).
    case exact
    /// The same image data with other metadata (`duplicate: image`).
    case image
    /// Perceptually similar photos within a Hamming distance (`similar: {distance: N}`).
    case similar(distance: Int)
    /// Frames of one burst (`burst: true`).
    case burst
    /// A RAW file and the JPEG or HEIC shot with it (`raw_pair: …`).
    case rawPair

    /// A stable name, used as the key of the membership table and in JSON (`similar:6`).
    public var key: String {
        switch self {
        case .exact: "exact"
        case .image: "image"
        case let .similar(distance): "similar:\(distance)"
        case .burst: "burst"
        case .rawPair: "raw_pair"
        }
    }

    /// What one group is called in plans and explanations.
    public var noun: String {
        switch self {
        case .exact: "duplicate group"
        case .image: "same-picture group"
        case .similar: "similar group"
        case .burst: "burst"
        case .rawPair: "RAW+JPEG pair"
        }
    }

    /// What a member staged against its keeper is called (`2 twins to stage`).
    public var stagedNoun: String {
        switch self {
        case .exact, .image: "twin"
        case .similar, .burst: "look-alike"
        case .rawPair: "half"
        }
    }

    public var description: String { key }

    /// True for the kinds whose members are copies of one shot (byte for byte, the same picture,
    /// a RAW and the JPEG made from it); false for look-alikes (similar photos, burst frames), which
    /// are different pictures. A twin staged because a copy of it stays may take a Live Photo half
    /// along only when that half has a copy too; a look-alike is judged as a whole Live Photo.
    public var holdsCopies: Bool {
        switch self {
        case .exact, .image, .rawPair: true
        case .similar, .burst: false
        }
    }

    /// The kinds every plan and every hand staging guards, whatever its rules read: the last copy
    /// of a file and the last half of a RAW+JPEG pair never leave on any rule's word. Both are
    /// known without decoding (content hashes of files that share a size, names and dates); the
    /// kinds that need image data are guarded in the runs whose rules read them.
    public static let alwaysGuarded: Set<GroupSpec> = [.exact, .rawPair]

    /// The order in which a staged member's groups are asked for the keeper it leaves against.
    var recordPriority: Int {
        switch self {
        case .exact: 0
        case .image: 1
        case .rawPair: 2
        case .burst: 3
        case .similar: 4
        }
    }

    /// The ranking a group rule of this kind uses when it has no `keep:`: a camera original
    /// before a derived copy, then the same picture keeps the copy with the most metadata, a burst
    /// its first frame; other kinds go by path order.
    public var defaultRanking: [KeeperKey] {
        switch self {
        case .image: [.original, .mostMetadata]
        case .burst: [.original, .first]
        case .exact, .similar, .rawPair: [.original]
        }
    }

    /// The spec a rule condition reads, whatever its operator (`duplicate: false` needs the exact
    /// groups too): nil for a condition on a field that is not about groups.
    public static func read(by condition: Condition) -> GroupSpec? {
        GroupSpec(groupRuleCondition: condition) ?? condition.field.groupSpec
    }

    /// The spec of a condition that makes its rule a group rule when it stands at the top level
    /// (`duplicate: true`, `duplicate: image`, `burst: true`, `similar: {distance: N}`): the
    /// membership test its field and value were typed to; nil when the condition only filters.
    public init?(groupRuleCondition condition: Condition) {
        guard case let .member(spec) = condition.test else { return nil }
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
