/// Why a plan leaves a file where it is: a rule matched it (or would take it along) and does not
/// stage it. Each case carries its data and renders, in ``description``, the sentence the plan's
/// text and JSON, the review and `cull plan --explain` show; the plan decides with the cases and
/// renders only at the edge. Nothing stores it: a plan is made again each time.
public indirect enum StayReason: Sendable, Hashable, CustomStringConvertible {
    /// The user marked it kept (`cull keep`, or undo).
    case keptByUser
    /// A protect guard of the run spares it.
    case protected(ProtectGuard)
    /// An `action: keep` rule of the run spares it.
    case keepRule(rule: String, file: String)
    /// Staged before this plan (by an earlier run, or by hand).
    case stagedAlready
    /// Taken by an earlier rule of this plan.
    case stagedByRule(String)
    /// A copy whose Live Photo has a half still in the library with no copy of that kind: staging
    /// it would take along a half that nothing else holds.
    case livePairHasNoOtherCopy
    /// The keeper a group rule of this run reserved for its group (``GroupGuard``).
    case reservedKeeper(rule: String)
    /// Why a group rule's keeper had to be the one it is, when nothing above forced it: another
    /// rule's (or its own) reservation.
    case keeperOfRule(String)
    /// The last unstaged copy of its group of this kind, which a plain rule must leave.
    case lastCopy(GroupSpec)
    /// The keeper twins staged by an earlier run were grouped against (``StagedTwins``).
    case keeperOfStagedTwins
    /// The other half of its Live Photo stays, for `reason`: a Live Photo leaves whole or not at all.
    case livePair(StayReason)
    /// A catalog lists more tags or people for it than Cull keeps, and a rule or guard of the run
    /// reads them: what was cut may be the one that protects it.
    case catalogListsCut

    public var description: String {
        switch self {
        case .keptByUser: "kept by you"
        case let .protected(guarded): guarded.description
        case let .keepRule(rule, file): "keep rule \(rule) (\(file))"
        case .stagedAlready: "staged already"
        case let .stagedByRule(rule): "staged by rule \(rule)"
        case .livePairHasNoOtherCopy: "its Live Photo pair has no other copy"
        case let .reservedKeeper(rule): "keeper of its group (rule \(rule))"
        case let .keeperOfRule(rule): "keeper of rule \(rule)"
        case let .lastCopy(spec): "last unstaged copy of its \(spec.noun)"
        case .keeperOfStagedTwins: "keeper of staged twins"
        case let .livePair(reason): "its Live Photo pair: \(reason)"
        case .catalogListsCut: "a catalog lists more tags or people for it than Cull keeps, and this run's rules read them"
        }
    }
}

/// One protect guard, as a plan names it: its place in its file's `protect:` list and what it
/// protects; `file` is nil when the guard is in the file of the rule it spares a match of.
public struct ProtectGuard: Sendable, Hashable, CustomStringConvertible {
    public let index: Int
    public let file: String?
    /// The guard's condition, normalised (`favorite eq true`).
    public let predicate: String

    public init(index: Int, file: String?, predicate: String) {
        self.index = index
        self.file = file
        self.predicate = predicate
    }

    /// `protect[0]: favorite eq true`, or `protect[0] (protect.yaml): favorite eq true` for another file's.
    public var description: String {
        file.map { "protect[\(index)] (\($0)): \(predicate)" } ?? "protect[\(index)]: \(predicate)"
    }
}
