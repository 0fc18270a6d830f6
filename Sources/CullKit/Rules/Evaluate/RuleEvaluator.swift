/// Evaluates compiled rules over an index: one query per rule, no per-row work in Swift beyond
/// sorting ids into their buckets. Used by `cull explain --evaluate` now, and by plan/stage.
///
///     let evaluator = try RuleEvaluator(database: db, clock: .system())
///     for result in try evaluator.evaluate(files) where result.limit?.tripped != true { … }
public final class RuleEvaluator {
    public let database: Database
    /// The clock, time zone and library settings every rule of this run is compiled with.
    public let context: CompileContext

    /// Registers the rule functions on `database` and reads the library's favorite threshold.
    public init(database: Database, clock: RunClock) throws {
        self.database = database
        try RuleFunctions.register(on: database)
        try GroupSet.prepareMembership(database)
        let threshold = try database.scalar("SELECT value FROM settings WHERE key = 'favorite_threshold'")?.int64 ?? 4
        context = CompileContext(now: clock.now, localOffset: clock.localOffset, favoriteThreshold: Int(threshold))
    }

    /// Compiles `files` with this evaluator's context (see ``RuleCompiler``).
    public func compile(_ files: [RuleFile]) -> [CompiledRule] {
        RuleCompiler.compile(files, context)
    }

    /// Loads the groups that the rules of `files` read, so their group fields match, and the kinds
    /// every run guards (``GroupSpec/alwaysGuarded``); see ``GroupSet/load(_:specs:root:progress:)``.
    public func loadGroups(_ files: [RuleFile], root: String? = nil, progress: HashProgress? = nil) throws -> GroupSet {
        let specs = files.reduce(into: GroupSpec.alwaysGuarded) { specs, file in
            for rule in file.rules { specs.formUnion(rule.groupSpecsRead) }
        }
        return try GroupSet.load(database, specs: specs, root: root, progress: progress)
    }

    /// Loads the groups that `predicate` reads (only what is cached counts), as ``loadGroups(_:root:)``.
    public func loadGroups(_ predicate: Predicate) throws {
        let specs = Set(predicate.conditions.compactMap(GroupSpec.read(by:)))
        if !specs.isEmpty { _ = try GroupSet.load(database, specs: specs) }
    }

    /// The top-level clauses of `rule`'s match that asset `assetID` fails, in source order: why a
    /// rule did not match one file (`cull plan --explain`). Empty when it matches.
    public func failingClauses(of rule: Rule, assetID: Int64) throws -> [Predicate] {
        let clauses: [Predicate]
        if case let .all(parts) = rule.match { clauses = parts } else { clauses = [rule.match] }
        return try clauses.filter { clause in
            let query: SQLFragment = """
                SELECT 1 FROM assets a LEFT JOIN reviews r ON r.asset_id = a.id \
                WHERE a.id = \(assetID) AND \(PredicateCompiler.compile(clause, context))
                """
            return try database.scalar(query.sql, query.arguments) == nil
        }
    }

    /// Evaluates every rule of `files`, in file order then rule order.
    public func evaluate(_ files: [RuleFile]) throws -> [RuleEvaluation] {
        let count = try libraryAssetCount()
        return try compile(files).map { try evaluate($0, libraryCount: count) }
    }

    /// The Live Photo halves (assets with a `live_id`) that the run's protect guards or keep rules
    /// spare, with the first reason: staging never takes a pair whose other half is spared.
    public func sparedLiveHalves(_ files: [RuleFile]) throws -> [Int64: String] {
        try spared(files, scope: "a.live_id IS NOT NULL")
    }

    /// The assets `scope` (constant SQL over `a`) selects that the run's guards or keep rules spare, with the first reason.
    public func spared(_ files: [RuleFile], scope: SQLFragment) throws -> [Int64: String] {
        guard let (query, reasons) = RuleCompiler.sparingQuery(files, scope: scope, context) else { return [:] }
        var spared: [Int64: String] = [:]
        try database.prepare(query.sql).forEachRow(query.arguments) { row in
            if let index = reasons.indices.first(where: { row.int64(1 + $0) != 0 }) { spared[row.int64(0)] = reasons[index] }
        }
        return spared
    }

    /// The number of assets in the index (the base of `limit: {percent: …}`).
    public func libraryAssetCount() throws -> Int {
        Int(try database.scalar("SELECT COUNT(*) FROM assets")?.int64 ?? 0)
    }

    /// Evaluates one compiled rule with its single query.
    public func evaluate(_ compiled: CompiledRule, libraryCount: Int) throws -> RuleEvaluation {
        let guardCount = compiled.guards.count
        var matched: [Int64] = [], userKept: [Int64] = [], net: [Int64] = [], staged: [Int64] = []
        var protected = [[Int64]](repeating: [], count: guardCount)
        var kept = [[Int64]](repeating: [], count: compiled.keepRules.count)
        var bytes: Int64 = 0
        let statement = try database.prepare(compiled.query.sql)
        try forEachRow(statement, compiled) { row in
            let id = row.int64(0)
            matched.append(id)
            let status = row.string(2)
            if status == "kept" { userKept.append(id); return }
            if let index = (0..<guardCount).first(where: { row.int64(RuleCompiler.fixedColumns + $0) != 0 }) {
                protected[index].append(id)
                return
            }
            if let index = kept.indices.first(where: { row.int64(RuleCompiler.fixedColumns + guardCount + $0) != 0 }) {
                kept[index].append(id)
                return
            }
            net.append(id)
            bytes += row.int64(1)
            if status == "trashed" { staged.append(id) }
        }
        matched.sort()
        let limit = compiled.rule.action == .trash ? compiled.rule.limit.map {
            LimitCheck(limit: $0, libraryCount: libraryCount, actual: net.count)
        } : nil
        return RuleEvaluation(
            rule: compiled.rule, file: compiled.file, matched: matched, userKept: userKept.sorted(),
            protected: zip(compiled.guards, protected).filter { !$0.1.isEmpty }.map { ($0.0, $0.1.sorted()) },
            keptByRules: zip(compiled.keepRules, kept).filter { !$0.1.isEmpty }.map { ($0.0.file, $0.0.name, $0.1.sorted()) },
            net: net.sorted(), netBytes: bytes, alreadyStaged: staged.sorted(), limit: limit)
    }

    /// Steps the rule's query; a regex function's limit error becomes a ``RuleMatchError``.
    private func forEachRow(_ statement: Statement, _ compiled: CompiledRule, _ body: (Row) throws -> Void) throws {
        do {
            try statement.forEachRow(compiled.query.arguments, body)
        } catch let error as DatabaseError {
            throw RuleMatchError.from(error, compiled) ?? error
        }
    }
}
