/// From rule files to a staging plan: every rule is evaluated once, on the run's one clock, and
/// the trash rules' selections (with why the rest is left out) go to the ``PlanBuilder``.
public struct RulePlanner {
    /// The default library-wide ceiling: a run may not grow the staged set past this share of
    /// the library, whatever its rules say (a rule file that stages most photos is a mistake).
    public static let defaultCeilingPercent = 30.0

    public let db: Database
    public let clock: RunClock
    public var ceilingPercent: Double?
    /// The library root: with it, what the run's groups need (hashes, image features) is brought
    /// up to date first (without it, only what is cached counts).
    public var root: String?
    /// Hears how the hash refresh the run's groups need goes (a bar on a TTY).
    public var progress: HashProgress?
    /// Trash rules whose `limit:` does not hold for this run (`--lift-limit RULE`): the user looked
    /// at what the rule selects and means it. The library-wide ceiling still holds.
    public var liftedLimits: Set<String> = []

    public init(db: Database, clock: RunClock, ceilingPercent: Double? = RulePlanner.defaultCeilingPercent, root: String? = nil,
                progress: HashProgress? = nil) {
        self.db = db
        self.clock = clock
        self.ceilingPercent = ceilingPercent
        self.root = root
        self.progress = progress
    }

    /// The plan for `files`, and every rule's evaluation (keep rules included), for `--explain`.
    public func plan(_ files: [RuleFile]) throws -> (plan: Plan, evaluations: [RuleEvaluation]) {
        // Decisions made in a photo manager since the last step count now (and one that cannot be read stops the plan).
        if let root { try CatalogSync(db: db, root: root).require() }
        let evaluator = try RuleEvaluator(database: db, clock: clock)
        // The image features the rules read are refreshed with the groups (once, for both).
        let groups = try evaluator.loadGroups(files, root: root, progress: progress)
        let evaluations = try evaluator.evaluate(files)
        let trash = evaluations.filter { $0.rule.action == .trash }
        let names = trash.map(\.rule.name)
        if let unknown = liftedLimits.sorted().first(where: { !names.contains($0) }) {
            throw StagingError.noSuchRule(name: unknown, known: names)
        }
        var requests = trash.map(StageRequest.init).map { liftedLimits.contains($0.rule) ? $0.withoutLimit : $0 }
        // A file whose catalog tags or people were cut cannot be judged by rules that read them: it stays.
        if files.contains(where: \.readsCatalogLists) {
            var held = Set<Int64>()
            try db.forEachRow(Self.heldSQL) { held.insert($0.int64("id")) }
            if !held.isEmpty { requests = requests.map { $0.excluding(held, for: .catalogListsCut) } }
        }
        var spared = try evaluator.sparedLiveHalves(files)
        if !groups.groups.isEmpty {
            spared.merge(try evaluator.sparedGroupMembers(files)) { first, _ in first }
        }
        evaluator.trimChangeLog()
        let plan = try PlanBuilder(db: db, ceilingPercent: ceilingPercent, spared: spared, groups: groups.groups.isEmpty ? nil : groups,
                                   now: clock.now, root: root).build(requests)
        return (plan, evaluations)
    }

    /// The files whose catalog tags or people were cut: read through their index alone
    /// (`0033-catalog-cut-index`), never the whole table.
    static let heldSQL = "SELECT id FROM assets WHERE catalog_cut = 1"
}
