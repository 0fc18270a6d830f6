/// A run's rule evaluations, remembered (``LoggedMemo``) so a plan over an unchanged library does
/// not evaluate every rule over every file again, and a plan after a few files changed evaluates
/// those alone: the run's one query over the changed assets (``CompiledRun/scopedQuery``), merged
/// into each rule's buckets.
enum EvaluationMemo {
    /// Raise when what is remembered, or how a query's rows become buckets, changes.
    private static let version = 2

    typealias Source = LoggedMemo<[RuleBuckets]>.Source

    /// The buckets of `run`'s rules (the run of `files` in `context`) as `compute` finds them, or as
    /// remembered, brought up to date with `computeChanged` (the run's rules over the assets of
    /// ``AssetChanges/scopeTable`` alone; nil when it cannot) while no more than `mergeLimit` assets
    /// changed. `members`: the group members the run loaded, by spec; `crossings`: the run's clock
    /// crossings (``ClockCrossings``).
    static func buckets(_ db: Database, files: [RuleFile], context: CompileContext, run: CompiledRun,
                        members: [String: [Int64]], crossings: ClockCrossings, mergeLimit: Int,
                        compute: () throws -> [RuleBuckets],
                        computeChanged: () throws -> [RuleBuckets]?) throws -> (value: [RuleBuckets], source: Source, serial: Int64) {
        let predicates = files.flatMap { $0.rules.map(\.match) + $0.protect.map(\.predicate) }
        let memo = LoggedMemo<[RuleBuckets]>(
            name: "rule_evaluations", version: version,
            key: ClockedKey(predicates, context) { RuleCompiler.compileRun(files, $0).query },
            write: { buckets, writer in for bucket in buckets { bucket.write(to: &writer) } },
            read: { reader in
                var buckets: [RuleBuckets] = []
                for rule in run.rules {
                    guard let read = RuleBuckets(from: &reader, guards: rule.guards.count, keepRules: rule.keepRules.count) else { return nil }
                    buckets.append(read)
                }
                return buckets
            })
        return try memo.value(db, members: members, crossings: crossings, mergeLimit: mergeLimit, compute: compute) { buckets, ids in
            guard let changed = try computeChanged() else { return false }
            for index in buckets.indices { buckets[index].merge(replacing: ids, with: changed[index]) }
            return true
        }
    }
}
