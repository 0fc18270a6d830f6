/// What one rule selects on the current index, and why some of it will not be staged.
///
/// Every id appears once: in `net`, or under the first exclusion reason that applies, checked in
/// the order user-kept → protect guards (in file order) → keep rules (in run order).
public struct RuleEvaluation: Sendable {
    public let rule: Rule
    public let file: String
    /// Every asset the rule's `match` selects, by ascending id.
    public let matched: [Int64]
    /// Matches the user marked kept (`reviews.status = 'kept'`): never staged by a rule again.
    public let userKept: [Int64]
    /// Matches excluded by each protect guard of the rule's file (guards that excluded nothing omitted).
    public let protected: [(protect: Guard, ids: [Int64])]
    /// Matches excluded by each `action: keep` rule of the run (rules that excluded nothing omitted).
    public let keptByRules: [(file: String, rule: String, ids: [Int64])]
    /// What staging would stage: matches minus every exclusion (for a keep rule: what it keeps).
    public let net: [Int64]
    /// Total bytes of `net`.
    public let netBytes: Int64
    /// The part of `net` already staged (`reviews.status = 'trashed'`).
    public let alreadyStaged: [Int64]
    /// The limit check, for trash rules that declare a `limit`.
    public let limit: LimitCheck?
}

/// The outcome of a rule's circuit breaker.
public struct LimitCheck: Sendable, Equatable {
    public let limit: Limit
    /// The library's asset count the percent applies to.
    public let libraryCount: Int
    /// The most the rule may stage: the smaller of `count` and `percent` of the library.
    public let allowed: Int
    /// How many it would stage (`net.count`).
    public let actual: Int
    /// True when `actual > allowed`: the run must stop and stage nothing.
    public var tripped: Bool { actual > allowed }

    public init(limit: Limit, libraryCount: Int, actual: Int) {
        self.limit = limit
        self.libraryCount = libraryCount
        self.actual = actual
        var allowed = Int.max
        if let count = limit.count { allowed = count }
        if let percent = limit.percent { allowed = min(allowed, Int((percent * Double(libraryCount) / 100).rounded(.down))) }
        self.allowed = allowed
    }
}
