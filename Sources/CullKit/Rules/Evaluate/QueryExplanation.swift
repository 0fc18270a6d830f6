import Dispatch

/// `cull explain`: what one rule compiles to, SQLite's plan for its query, the statements that fill the
/// group membership it reads, and (when evaluated) what it matched and how long that took.
public struct QueryExplanation {
    public let rule: CompiledRule
    /// SQLite's `EXPLAIN QUERY PLAN`, one line per step.
    public let plan: [String]
    /// The statements that fill the group membership the rule's SQL reads (only when evaluated).
    public let setup: [SQLFragment]
    /// What the rule matched, when evaluated.
    public let evaluation: RuleEvaluation?
    /// How long the evaluation took.
    public let seconds: Double

    /// Explains every rule of `files` against `db`; `evaluate` also measures what they read and runs them.
    public static func explain(_ files: [RuleFile], db: Database, clock: RunClock, evaluate: Bool) throws -> [QueryExplanation] {
        let evaluator = try RuleEvaluator(database: db, clock: clock)
        let groups = evaluate ? try evaluator.loadGroups(files) : nil
        let count = try evaluator.libraryAssetCount()
        return try evaluator.compile(files).map { rule in
            let plan = try db.queryPlan(rule.query.sql, rule.query.arguments)
            guard evaluate else { return QueryExplanation(rule: rule, plan: plan, setup: [], evaluation: nil, seconds: 0) }
            let start = DispatchTime.now().uptimeNanoseconds
            let result = try evaluator.evaluate(rule, libraryCount: count)
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            let specs = rule.rule.groupSpecsRead
            return QueryExplanation(rule: rule, plan: plan, setup: specs.isEmpty ? [] : groups?.membershipSQL(of: specs) ?? [],
                                    evaluation: result, seconds: seconds)
        }
    }
}
