/// Evaluates compiled rules over an index: one query per rule, no per-row work in Swift beyond
/// sorting ids into their buckets. Used by `cull explain --evaluate` now, and by plan/stage.
///
///     let evaluator = try RuleEvaluator(database: db, clock: .system())
///     for result in try evaluator.evaluate(files) where result.limit?.tripped != true { … }
public final class RuleEvaluator {
    public let database: Database
    /// The clock, time zone and library settings every rule of this run is compiled with.
    public let context: CompileContext
    /// Where the last ``evaluate(_:)`` found its evaluations (``EvaluationMemo``).
    private(set) var source = EvaluationMemo.Source.computed
    /// True when the last ``evaluate(_:)`` read its evaluations back from the memo whole.
    var recalled: Bool { source == .recalled }
    /// The members of the groups last loaded, by spec, as the rules' group fields read them
    /// (``GroupSet/memberIDs(of:)``): part of what the evaluations and what the guards spare are
    /// remembered with (``LoggedMemo``).
    private var members: [String: [Int64]] = [:]
    /// Where the run's relative dates next cross a file, read once for all its memos.
    let crossings = ClockCrossings()
    /// The lowest serial of the log of changed assets its memos read at (``trimChangeLog()``).
    var logRead: Int64?

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
    /// every run loads (``GroupSpec/alwaysLoaded``); see ``GroupSet/load(_:specs:root:features:progress:)``.
    /// With `root`, the image features the rules read are brought up to date with them, once.
    public func loadGroups(_ files: [RuleFile], root: String? = nil, progress: HashProgress? = nil) throws -> GroupSet {
        let specs = files.reduce(into: GroupSpec.alwaysLoaded) { specs, file in
            for rule in file.rules { specs.formUnion(rule.groupSpecsRead) }
        }
        let features = files.contains { $0.rules.contains(where: \.readsImageFeatures) }
        let groups = try GroupSet.load(database, specs: specs, root: root, features: features, progress: progress)
        members = Dictionary(uniqueKeysWithValues: groups.memberIDs().map { ($0.spec, $0.ids) })
        if let root { try readText(files.flatMap { $0.rules.map(\.match) }, root: root, progress: progress != nil) }
        try readCodes(files, root: root)
        if let root, files.contains(where: { $0.rules.contains { $0.match.readsReturns } || $0.protect.contains { $0.predicate.readsReturns } }) {
            try ReturnedFiles.refresh(database, root: root)
        }
        return groups
    }

    /// Brings up to date what `predicate` reads (hashes, image features; with `root`, as a plan
    /// does: only files not measured yet are read) and loads the groups it reads, for `cull find`.
    public func loadGroups(_ predicate: Predicate, root: String?, progress: HashProgress? = nil) throws {
        let specs = Set(predicate.conditions.compactMap(GroupSpec.read(by:)))
        let features = predicate.readsImageFeatures
        if !specs.isEmpty {
            _ = try GroupSet.load(database, specs: specs, root: root, features: features, progress: progress)
        } else if features, let root {
            try FeatureCache(db: database, root: root).refresh()
        }
        if let root { try readText([predicate], root: root, progress: progress != nil) }
        try readCodes(predicate, root: root)
        if let root, predicate.readsReturns { try ReturnedFiles.refresh(database, root: root) }
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

    /// Each clause of ``failingClauses(of:assetID:)`` with what the file measured for the fields it
    /// reads, so a miss says by how much: `blurry eq true [this file: blurry false,`
    /// `sharpness 62.3]`,
    /// `similar distance 6 [this file: nearest look-alike B.jpg, 12 apart]`.
    public func failingExplained(of rule: Rule, assetID: Int64) throws -> [String] {
        try failingClauses(of: rule, assetID: assetID).map { clause in
            let values = try measured(clause, assetID: assetID)
            return clause.normalised + (values.isEmpty ? "" : " [this file: " + values.joined(separator: ", ") + "]")
        }
    }

    /// What the file has for each field `clause` reads, once per field.
    func measured(_ clause: Predicate, assetID: Int64) throws -> [String] {
        var seen = Set<String>()
        var values: [String] = []
        for condition in clause.conditions where seen.insert(condition.field.name).inserted {
            let field = condition.field
            if field.name == "similar" {
                values.append(try SimilarGroups.nearest(database, assetID: assetID).map {
                    "nearest look-alike \(PathBytes.display($0.path)), \($0.distance) apart"
                } ?? "no look-alike analysed")
                continue
            }
            // Sharpness is what `blurry` and `featureless` are decided by: show it with them.
            var shown: [(String, SQLFragment)] = field.subjects(context).map { (field.name, $0) }
            if ImageFields.names.contains(field.name) && field.name != "sharpness" && field.name != "exposure" {
                shown.append(("sharpness", SQLFragment(sql: FeatureCache.current("sharpness"))))
            }
            // A document is decided by the words read and how much of the frame they cover: show them with it.
            if field.name == "document" {
                shown += [("text_words", SQLFragment(sql: TextCache.current("words"))), ("text coverage", SQLFragment(sql: TextCache.current("coverage")))]
            }
            for (name, subject) in shown.prefix(3) {
                let query: SQLFragment = """
                    SELECT \(subject) FROM assets a LEFT JOIN reviews r ON r.asset_id = a.id WHERE a.id = \(assetID)
                    """
                let value = try database.scalar(query.sql, query.arguments) ?? .null
                if case let .date(semantics) = field.type, case let .integer(seconds) = value, name == field.name {
                    // A time as the rule writes one (a wall clock without an offset, an instant in UTC), not seconds since 1970.
                    let offset: Int? = if case .instant = semantics { 0 } else { nil }
                    values.append("\(name) " + CivilDate.iso8601(seconds, offsetMinutes: offset))
                    continue
                }
                if name == "text", case let .text(text) = value {
                    // The start of what was read: a page of text is `cull find --format json`'s.
                    values.append("text \"" + (text.count > 60 ? String(text.prefix(60)) + "…" : text) + "\"")
                    continue
                }
                values.append("\(name) \(Self.shown(value, booleanField: name == field.name && { if case .boolean = field.type { true } else { false } }()))")
            }
        }
        return values
    }

    /// A measured value as a person reads it: lists by item, numbers short, null as "none".
    private static func shown(_ value: SQLValue, booleanField: Bool) -> String {
        switch value {
        case .null: return booleanField ? "false" : "none"
        case let .integer(number): return booleanField ? (number != 0 ? "true" : "false") : String(number)
        case let .real(number): return FieldType.format((number * 10).rounded() / 10)
        case let .text(text): return ValueList.decode(text).joined(separator: ", ")
        case let .blob(bytes): return PathBytes.display(bytes)
        }
    }

    /// Evaluates every rule of `files`, in file order then rule order, in one pass over the index
    /// (``CompiledRun``). When a regex function's limit stops that pass, or SQLite refuses the one
    /// query (the rules' columns add up past its limits where each rule's own query fits), the rules
    /// are evaluated one query each, as ``evaluate(_:libraryCount:)``: a rule's own query tests its
    /// regex only where its other conditions let it, and a limit error names the rule it belongs to.
    /// A rule's own query that SQLite refuses is a ``RuleQueryRefused``.
    ///
    /// The evaluations are remembered with what they were computed from (``EvaluationMemo``): a run
    /// over an index nothing was written to since, on a clock that moved no file across a relative
    /// date's bound, reads them back instead.
    public func evaluate(_ files: [RuleFile]) throws -> [RuleEvaluation] {
        let count = try libraryAssetCount()
        let run = RuleCompiler.compileRun(files, context)
        guard !run.rules.isEmpty else { return [] }
        let (buckets, source, serial) = try EvaluationMemo.buckets(
            database, files: files, context: context, run: run, members: members, crossings: crossings,
            mergeLimit: max(1_000, count / 4), compute: { try evaluate(run) },
            computeChanged: {
                do {
                    return try onePass(run, query: run.scopedQuery)
                } catch let error as DatabaseError where error.message.hasPrefix(RuleFunctions.limitErrorPrefix) {
                    return nil  // evaluated whole, each rule its own query, to name the rule
                }
            })
        self.source = source
        logRead = min(logRead ?? serial, serial)
        return zip(run.rules, buckets).map { $1.evaluation(of: $0, libraryCount: count) }
    }

    /// The buckets of every rule of `run`: from its one query, or one query a rule (see ``evaluate(_:)``).
    private func evaluate(_ run: CompiledRun) throws -> [RuleBuckets] {
        // A run of one rule is its own query: a group rule's is driven by the members alone, where
        // the one pass would test every asset of the index.
        if run.rules.count == 1 { return [try buckets(of: run.rules[0])] }
        do {
            if let buckets = try onePass(run, query: run.query) { return buckets }
        } catch let error as DatabaseError where error.message.hasPrefix(RuleFunctions.limitErrorPrefix) {}
        return try run.rules.map(buckets(of:))
    }

    /// Every rule of `run` from its one query, `query` (``CompiledRun/query`` or its scoped
    /// form): each row goes to the buckets of the rules it matches (nil when SQLite refuses the query).
    private func onePass(_ run: CompiledRun, query: SQLFragment) throws -> [RuleBuckets]? {
        var buckets = run.rules.map { RuleBuckets(guards: $0.guards.count, keepRules: $0.keepRules.count) }
        guard case let .success(statement) = try prepare(query.sql) else { return nil }
        let fixed = EvaluationColumns(statement)
        let matches = run.rules.indices.map { statement.column(CompiledRun.matchColumn($0)) }
        let guardColumns = run.guardColumns.map { $0.map(statement.column) }, keepColumns = run.keepColumns.map { $0.map(statement.column) }
        try statement.forEachRow(query.arguments) { row in
            var status: StagingStatus?
            for index in run.rules.indices where row.int64(matches[index]) != 0 {
                if status == nil { status = row.word(fixed.status, as: StagingStatus.self) }
                buckets[index].add(row, fixed, status: status!, guardColumns: guardColumns[index], keepColumns: keepColumns[index])
            }
        }
        return buckets
    }

    /// The Live Photo halves (assets with a `live_id`) that the run's protect guards or keep rules
    /// spare, with the first reason: staging never takes a pair whose other half is spared.
    public func sparedLiveHalves(_ files: [RuleFile]) throws -> [Int64: StayReason] {
        try spared(files, scope: "a.live_id IS NOT NULL", remembered: "spared_live_halves")
    }

    /// The members of the groups last loaded (``loadGroups(_:root:progress:)``) that the run's
    /// protect guards or keep rules spare, with the first reason.
    public func sparedGroupMembers(_ files: [RuleFile]) throws -> [Int64: StayReason] {
        try spared(files, scope: GroupSet.anyMemberSQL, remembered: "spared_group_members")
    }

    /// The assets `scope` (constant SQL over `a`) selects that the run's guards or keep rules spare,
    /// with the first reason; remembered under `name` as the evaluations are (``LoggedMemo``: the
    /// index, the clock's crossings, the group members the scope may read, the changed assets).
    func spared(_ files: [RuleFile], scope: SQLFragment, remembered name: String) throws -> [Int64: StayReason] {
        guard let (query, reasons) = RuleCompiler.sparingQuery(files, scope: scope, context) else { return [:] }
        let predicates = files.flatMap { $0.rules.map(\.match) + $0.protect.map(\.predicate) }
        typealias Spared = [(id: Int64, reason: Int)]
        func find(_ query: SQLFragment) throws -> Spared {
            var found: Spared = []
            let statement = try database.prepare(query.sql)
            let (id, columns) = (statement.column("id"), reasons.map { statement.column($0.column) })
            try statement.forEachRow(query.arguments) { row in
                if let index = columns.firstIndex(where: { row.int64($0) != 0 }) { found.append((row.int64(id), index)) }
            }
            return found
        }
        let memo = LoggedMemo<Spared>(
            name: name, version: 2,
            key: ClockedKey(predicates, context) { RuleCompiler.sparingQuery(files, scope: scope, $0)?.query ?? "" },
            write: { found, writer in writer.append(list: found.flatMap { [$0.id, Int64($0.reason)] }) },
            read: { reader -> Spared? in
                guard let pairs = reader.list(), pairs.count % 2 == 0,
                      stride(from: 1, to: pairs.count, by: 2).allSatisfy({ reasons.indices.contains(Int(pairs[$0])) }) else { return nil }
                return stride(from: 0, to: pairs.count, by: 2).map { (id: pairs[$0], reason: Int(pairs[$0 + 1])) }
            })
        let count = try libraryAssetCount()
        let (found, _, serial) = try memo.value(database, members: members, crossings: crossings, mergeLimit: max(1_000, count / 4),
                                        compute: { try find(query) }) { found, ids in
            let changed: SQLFragment = "\(scope.parenthesised) AND a.id IN \(sql: AssetChanges.scopeTable)"
            guard let (scoped, _) = RuleCompiler.sparingQuery(files, scope: changed, context) else { return false }
            found = found.filter { !ids.contains($0.id) } + (try find(scoped))
            return true
        }
        logRead = min(logRead ?? serial, serial)
        return Dictionary(found.map { ($0.id, reasons[$0.reason].reason) }, uniquingKeysWith: { first, _ in first })
    }

    /// Trims the log of changed assets up to where this run's memos read it (``AssetChanges/trim(_:through:)``):
    /// called once the run is done with them, so one memo's trim does not leave another computing whole.
    public func trimChangeLog() {
        if let logRead { AssetChanges.trim(database, through: logRead) }
    }

    /// The number of assets in the index (the base of `limit: {percent: …}`).
    public func libraryAssetCount() throws -> Int {
        Int(try database.scalar("SELECT COUNT(*) FROM assets")?.int64 ?? 0)
    }

    /// Evaluates one compiled rule with its single query.
    public func evaluate(_ compiled: CompiledRule, libraryCount: Int) throws -> RuleEvaluation {
        try buckets(of: compiled).evaluation(of: compiled, libraryCount: libraryCount)
    }

    /// One compiled rule's buckets, from its single query.
    private func buckets(of compiled: CompiledRule) throws -> RuleBuckets {
        var buckets = RuleBuckets(guards: compiled.guards.count, keepRules: compiled.keepRules.count)
        let statement: Statement
        switch try prepare(compiled.query.sql) {
        case let .success(prepared): statement = prepared
        case let .failure(error): throw RuleQueryRefused(file: compiled.file, rule: compiled.rule.name, mark: compiled.rule.mark, error: error)
        }
        let fixed = EvaluationColumns(statement)
        let guardColumns = compiled.guards.indices.map { statement.column(RuleCompiler.guardColumn($0)) }
        let keepColumns = compiled.keepRules.indices.map { statement.column(RuleCompiler.keepColumn($0)) }
        try forEachRow(statement, compiled) { row in
            buckets.add(row, fixed, status: row.word(fixed.status, as: StagingStatus.self), guardColumns: guardColumns, keepColumns: keepColumns)
        }
        return buckets
    }

    /// `sql` prepared, or SQLite's refusal of it (``DatabaseError/isRefusal``); any other failure is thrown.
    private func prepare(_ sql: String) throws(DatabaseError) -> Result<Statement, DatabaseError> {
        do {
            return .success(try database.prepare(sql))
        } catch {
            if error.isRefusal { return .failure(error) }
            throw error
        }
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
