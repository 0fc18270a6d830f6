/// A rule compiled to its one evaluation query.
///
/// The query selects every asset the rule's `match` selects, with the reasons that may exclude it
/// as columns, so one pass yields the whole breakdown:
///
///     SELECT a.id, a.size, r.status, <protect 0> AS g0, <protect 1> AS g1, …, <keep rule 0> AS k0, …
///     FROM assets a LEFT JOIN reviews r ON r.asset_id = a.id
///     WHERE <match>
public struct CompiledRule: Sendable {
    public let rule: Rule
    /// The file the rule came from.
    public let file: String
    /// The rule's `match` alone.
    public let match: SQLFragment
    /// The evaluation query (see the type's documentation).
    public let query: SQLFragment
    /// The protect guards whose columns follow `r.status`, in order (empty for keep rules).
    public let guards: [Guard]
    /// The keep rules whose columns follow the guards, in order (empty for keep rules).
    public let keepRules: [(file: String, name: String)]
    /// Where each of `guards` is among the run's guards (``RuleCompiler/runGuards(_:)``), for ``CompiledRun``.
    let runGuardIndices: [Int]
}

/// Every rule of a run in one query, one pass over the index instead of one per rule:
///
///     SELECT m.id, m.size, m.status, m.m0, m.m1, …, <exclusion 0> AS x0, <exclusion 1> AS x1, …
///     FROM (SELECT a.id, a.size, r.status, <match 0> AS m0, … FROM assets a LEFT JOIN reviews r …
///           [LEFT JOIN image_features features …] LIMIT -1) m
///     CROSS JOIN assets a ON a.id = m.id LEFT JOIN reviews r ON r.asset_id = a.id
///     WHERE m.m0 OR m.m1 OR …
///
/// Each match column is 1 when its rule selects the row (the rule's own `match`; NULL is no
/// match, as in its WHERE). The exclusions (protect guards and keep rules) are computed only for
/// rows some rule matches, and each distinct one once, however many files repeat it. Matches that
/// read image features read them from the scan's one join of the current features row. The LIMIT
/// keeps SQLite from flattening the scan into the outer query (which would test every match twice);
/// CROSS JOIN keeps the scan the outer loop.
struct CompiledRun {
    let rules: [CompiledRule]
    let query: SQLFragment
    /// ``query`` over the assets of ``AssetChanges/scopeTable`` alone: what changed since a run
    /// remembered its evaluations (``EvaluationMemo``).
    let scopedQuery: SQLFragment
    /// For each rule, the names of the columns of its guards and then of its keep rules, in the rule's order.
    let guardColumns: [[String]]
    let keepColumns: [[String]]

    /// The name of the column of rule `index`'s match.
    static func matchColumn(_ index: Int) -> String { "m\(index)" }
}

/// Compiles the rule files of one run. Protect guards, whichever file holds them, apply to every
/// trash rule of the run (a file can only protect more, never less), the rule's own file's first;
/// `action: keep` rules apply to every trash rule of the run (keep wins over trash).
public enum RuleCompiler {
    /// The name of the column of a rule's guard `index` in its own query.
    static func guardColumn(_ index: Int) -> String { "g\(index)" }
    /// The name of the column of keep rule `index`, likewise.
    static func keepColumn(_ index: Int) -> String { "k\(index)" }

    /// `columns`, each selected under the name `name` gives its place.
    private static func named(_ columns: [SQLFragment], _ name: (Int) -> String) -> [SQLFragment] {
        columns.enumerated().map { index, column in "\(column) AS \(sql: name(index))" }
    }

    /// Every rule of `files`, in file order then rule order, each with its own query (``CompiledRule``).
    public static func compile(_ files: [RuleFile], _ context: CompileContext) -> [CompiledRule] {
        compileRules(files, context).rules
    }

    /// The rules of `files` (as ``compile(_:_:)``) and their one-pass query (``CompiledRun``).
    static func compileRun(_ files: [RuleFile], _ context: CompileContext) -> CompiledRun {
        let (rules, guardSQL, keepSQL) = compileRules(files, context)
        return run(rules, guardSQL: guardSQL, keepSQL: keepSQL)
    }

    /// Each rule's own query, and the run's guards (in run order) and keep rules as SQL.
    private static func compileRules(_ files: [RuleFile], _ context: CompileContext)
        -> (rules: [CompiledRule], guardSQL: [SQLFragment], keepSQL: [SQLFragment]) {
        let keepRules = files.flatMap { file in
            file.rules.filter { $0.action == .keep }.map { (file: file.path, rule: $0) }
        }
        let keepSQL = keepRules.map { PredicateCompiler.compile($0.rule.match, context) }
        let allGuards = runGuards(files)
        let allGuardSQL = allGuards.map { PredicateCompiler.compile($0.predicate, context) }
        var compiled: [CompiledRule] = []
        for file in files {
            let order = allGuards.indices.filter { allGuards[$0].file == file.path }
                + allGuards.indices.filter { allGuards[$0].file != file.path }
            let guards = order.map { allGuards[$0] }
            let guardSQL = order.map { allGuardSQL[$0] }
            for rule in file.rules {
                let match = PredicateCompiler.compile(rule.match, context)
                let isTrash = rule.action == .trash
                let columns = isTrash ? named(guardSQL, guardColumn) + named(keepSQL, keepColumn) : []
                let select = SQLFragment.join(["a.id, a.size, r.status"] + columns, separator: ", ")
                let query: SQLFragment = "SELECT \(select) FROM assets a LEFT JOIN reviews r ON r.asset_id = a.id WHERE \(match)"
                compiled.append(CompiledRule(rule: rule, file: file.path, match: match, query: query,
                                             guards: isTrash ? guards : [],
                                             keepRules: isTrash ? keepRules.map { ($0.file, $0.rule.name) } : [],
                                             runGuardIndices: isTrash ? order : []))
            }
        }
        return (compiled, allGuardSQL, keepSQL)
    }

    /// The one-pass query of `rules`, whose guards are `guardSQL` in run order (``runGuards(_:)``) and
    /// whose keep rules are `keepSQL`.
    private static func run(_ rules: [CompiledRule], guardSQL: [SQLFragment], keepSQL: [SQLFragment]) -> CompiledRun {
        var exclusions = DistinctColumns(prefix: "x")
        let guardColumns = rules.map { $0.runGuardIndices.map { exclusions.column(guardSQL[$0]) } }
        let keepColumns = rules.map { $0.keepRules.isEmpty ? [] : keepSQL.map { exclusions.column($0) } }
        let names = rules.indices.map(CompiledRun.matchColumn)
        // The scan joins the image features once instead of a subquery per condition that reads
        // them (the blurry and black-frame rules had one each: 15 % of the pass's instructions).
        let features = "features"
        let joined = rules.map { FeatureCache.readingJoined($0.match, as: features) }
        let matches = zip(zip(rules, joined), names).map { pair, name -> SQLFragment in
            "CASE WHEN \(pair.1 ?? pair.0.match) THEN 1 ELSE 0 END AS \(sql: name)"
        }
        let scan = SQLFragment.join(["a.id, a.size, r.status"] + matches, separator: ", ")
        let join: SQLFragment = joined.contains { $0 != nil } ? " \(sql: FeatureCache.join(as: features))" : ""
        let select = SQLFragment.join(["m.id, m.size, m.status"] + names.map { "m.\(sql: $0)" } + exclusions.selected, separator: ", ")
        let any = SQLFragment.join(names.map { "m.\(sql: $0)" }, separator: " OR ")
        let query = { (scope: SQLFragment) -> SQLFragment in
            """
            SELECT \(select) FROM (SELECT \(scan) FROM assets a LEFT JOIN reviews r ON r.asset_id = a.id\(join)\(scope) LIMIT -1) m \
            CROSS JOIN assets a ON a.id = m.id LEFT JOIN reviews r ON r.asset_id = a.id WHERE \(any)
            """
        }
        return CompiledRun(rules: rules, query: query(""), scopedQuery: query(" WHERE a.id IN \(sql: AssetChanges.scopeTable)"),
                           guardColumns: guardColumns, keepColumns: keepColumns)
    }

    /// Every protect guard of the run, each knowing its file.
    static func runGuards(_ files: [RuleFile]) -> [Guard] {
        files.flatMap { file in
            file.protect.map { item -> Guard in
                var copy = item
                copy.file = file.path
                return copy
            }
        }
    }

    /// What the run's guards and keep rules spare among the assets `scope` selects, with the reason:
    /// `SELECT a.id, <test 0> AS s0, <test 1> AS s1, … FROM assets a WHERE <scope>`, each distinct test of
    /// the guards and then the keep rules once, and the reasons in order (guards, then keep rules),
    /// each with its test's column. Nil when the run has neither.
    static func sparingQuery(_ files: [RuleFile], scope: SQLFragment, _ context: CompileContext)
        -> (query: SQLFragment, reasons: [(column: String, reason: StayReason)])? {
        let guards = runGuards(files)
        let keepRules = files.flatMap { file in file.rules.filter { $0.action == .keep }.map { (file: file.path, rule: $0) } }
        guard !guards.isEmpty || !keepRules.isEmpty else { return nil }
        // Each distinct test once: the stock rules repeat the same guards file after file (26
        // guards, 6 tests), and every test of a Live Photo half is a column of every row.
        var tests = DistinctColumns(prefix: "s")
        let reasons: [(column: String, reason: StayReason)] = guards.map { item in
            (tests.column(PredicateCompiler.compile(item.predicate, context)),
             .protected(ProtectGuard(index: item.index, file: item.file, predicate: item.predicate.normalised)))
        } + keepRules.map { (tests.column(PredicateCompiler.compile($0.rule.match, context)), .keepRule(rule: $0.rule.name, file: $0.file)) }
        return ("SELECT \(SQLFragment.join(["a.id"] + tests.selected, separator: ", ")) FROM assets a WHERE \(scope)", reasons)
    }

    /// The distinct SQL tests of one query, each selected once under its own column name
    /// (`prefix` and its place), however many guards or keep rules repeat it.
    private struct DistinctColumns {
        let prefix: String
        private(set) var tests: [SQLFragment] = []
        private var columnOf: [SQLFragment: String] = [:]

        init(prefix: String) { self.prefix = prefix }

        /// The name of `test`'s column, added when it is new.
        mutating func column(_ test: SQLFragment) -> String {
            if let column = columnOf[test] { return column }
            let column = "\(prefix)\(tests.count)"
            columnOf[test] = column
            tests.append(test)
            return column
        }

        /// Every test under its column name, in order.
        var selected: [SQLFragment] { RuleCompiler.named(tests) { "\(prefix)\($0)" } }
    }

    /// `SELECT <columns> FROM assets a LEFT JOIN reviews r … WHERE <predicate> ORDER BY <order>a.path`,
    /// for `cull find`: `order` (constant SQL over `a`, each key followed by a comma) comes before
    /// the path, which breaks its ties; `limit` rows at most.
    public static func findQuery(_ predicate: Predicate, columns: SQLFragment, _ context: CompileContext,
                                 order: String = "", limit: Int? = nil) -> SQLFragment {
        let limited: SQLFragment = limit.map { " LIMIT \($0)" } ?? ""
        return """
            SELECT \(columns) FROM assets a LEFT JOIN reviews r ON r.asset_id = a.id \
            WHERE \(PredicateCompiler.compile(predicate, context)) ORDER BY \(sql: order)a.path\(limited)
            """
    }
}
