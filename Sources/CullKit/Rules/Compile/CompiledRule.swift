/// A rule compiled to its one evaluation query.
///
/// The query selects every asset the rule's `match` selects, with the reasons that may exclude it
/// as columns, so one pass yields the whole breakdown:
///
///     SELECT a.id, a.size, r.status, <protect 0>, <protect 1>, …, <keep rule 0>, …
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
}

/// Compiles the rule files of one run. Protect guards, whichever file holds them, apply to every
/// trash rule of the run (a file can only protect more, never less), the rule's own file's first;
/// `action: keep` rules apply to every trash rule of the run (keep wins over trash).
public enum RuleCompiler {
    /// The first columns of every evaluation query.
    static let fixedColumns = 3

    public static func compile(_ files: [RuleFile], _ context: CompileContext) -> [CompiledRule] {
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
                let columns = isTrash ? guardSQL + keepSQL : []
                let select = SQLFragment.join(["a.id, a.size, r.status"] + columns, separator: ", ")
                let query: SQLFragment = "SELECT \(select) FROM assets a LEFT JOIN reviews r ON r.asset_id = a.id WHERE \(match)"
                compiled.append(CompiledRule(rule: rule, file: file.path, match: match, query: query,
                                             guards: isTrash ? guards : [],
                                             keepRules: isTrash ? keepRules.map { ($0.file, $0.rule.name) } : []))
            }
        }
        return compiled
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
    /// `SELECT a.id, <guard 0>, …, <keep rule 0>, … FROM assets a WHERE <scope>`, and the reasons in
    /// column order. Nil when the run has neither.
    static func sparingQuery(_ files: [RuleFile], scope: SQLFragment, _ context: CompileContext) -> (query: SQLFragment, reasons: [String])? {
        let guards = runGuards(files)
        let keepRules = files.flatMap { file in file.rules.filter { $0.action == .keep }.map { (file: file.path, rule: $0) } }
        guard !guards.isEmpty || !keepRules.isEmpty else { return nil }
        let select = SQLFragment.join(["a.id"] + guards.map { PredicateCompiler.compile($0.predicate, context) }
                                      + keepRules.map { PredicateCompiler.compile($0.rule.match, context) }, separator: ", ")
        return ("SELECT \(select) FROM assets a WHERE \(scope)",
                guards.map { "protect[\($0.index)] (\($0.file)): \($0.predicate.normalised)" }
                    + keepRules.map { "keep rule \($0.rule.name) (\($0.file))" })
    }

    /// `SELECT <columns> FROM assets a LEFT JOIN reviews r … WHERE <predicate> ORDER BY a.path`, for `cull find`.
    public static func findQuery(_ predicate: Predicate, columns: SQLFragment, _ context: CompileContext) -> SQLFragment {
        """
        SELECT \(columns) FROM assets a LEFT JOIN reviews r ON r.asset_id = a.id \
        WHERE \(PredicateCompiler.compile(predicate, context)) ORDER BY a.path
        """
    }
}
