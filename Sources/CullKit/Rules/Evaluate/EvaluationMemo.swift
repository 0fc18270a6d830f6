/// A run's rule evaluations, remembered with everything they were computed from and given back
/// while none of it moved, so a plan over an unchanged library does not evaluate every rule over
/// every file again:
/// - the run's one query compiled on a clock of its own (the rules, their order, the settings they
///   compile with; not the time, whose bounds are checked apart: ``ClockedKey``);
/// - the change counts of every table a plan reads (migration `0031-plan-inputs`: any row updated or
///   deleted by anyone, Cull or the sqlite3 shell, moves them on, and any inserted, a cache row by its
///   one writer);
/// - for each relative date of the run (`older_than`, `newer_than`), its bound on the run's clock and
///   the first value at or past it: while the bound, moved on with the clock, has not reached that
///   value, no file changed sides;
/// - the members of the groups the run loaded, which its group fields read (whatever index they
///   were found in: another writer may have moved the counts between the groups and the rules).
/// What is given back is exactly what evaluating again would find; anything else is a miss, and
/// evaluations are recorded only by a run that saw no write from its first read to its last.
enum EvaluationMemo {
    /// Raise when what is remembered, or how a query's rows become buckets, changes.
    private static let version = 1

    /// The buckets of `rules` (the run of `files` in `context`) as `compute` finds them, or as
    /// remembered; `membership`: the group members the run loaded, as bytes (``RuleEvaluator``);
    /// `crossings`: the run's clock crossings (``ClockCrossings``).
    static func buckets(_ db: Database, files: [RuleFile], context: CompileContext, rules: [CompiledRule], membership: [UInt8],
                        crossings: ClockCrossings,
                        compute: () throws -> [RuleBuckets]) throws -> (value: [RuleBuckets], recalled: Bool) {
        let predicates = files.flatMap { $0.rules.map(\.match) + $0.protect.map(\.predicate) }
        let key = ClockedKey(predicates, context) { RuleCompiler.compileRun(files, $0).query }
        return try key.remembered(db, name: "rule_evaluations", version: version, also: membership, crossings: crossings,
                                  write: { buckets, writer in for bucket in buckets { bucket.write(to: &writer) } },
                                  read: { reader in
                                      var buckets: [RuleBuckets] = []
                                      for rule in rules {
                                          guard let read = RuleBuckets(from: &reader, guards: rule.guards.count,
                                                                       keepRules: rule.keepRules.count) else { return nil }
                                          buckets.append(read)
                                      }
                                      return buckets
                                  }, compute: compute)
    }
}
