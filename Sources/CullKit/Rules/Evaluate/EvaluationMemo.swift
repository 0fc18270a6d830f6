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
struct EvaluationMemo {
    /// Raise when what is remembered, or how a query's rows become buckets, changes.
    private static let version = 1
    private let watch: ChangeWatch
    private let key: ClockedKey
    /// The groups the rules' group fields read, as the run recorded them (``GroupSet/membershipSQL(of:)``).
    private let membership: [UInt8]

    /// `membership`: the statements that filled the run's group membership (none when it read no group).
    init(_ db: Database, files: [RuleFile], context: CompileContext, membership: [SQLFragment]) throws {
        watch = try ChangeWatch.overEverything(db, name: "rule_evaluations", version: Self.version)
        let predicates = files.flatMap { $0.rules.map(\.match) + $0.protect.map(\.predicate) }
        key = ClockedKey(predicates, context) { RuleCompiler.compileRun(files, $0).query }
        var writer = MemoWriter()
        for statement in membership { writer.append(query: statement) }
        self.membership = writer.bytes
    }

    /// The buckets of `rules`, in order, when what was remembered is current; nil otherwise.
    func recall(_ rules: [CompiledRule]) -> [RuleBuckets]? {
        guard let memo = watch.memo else { return nil }
        var reader = MemoReader(memo)
        guard key.holds(&reader), reader.bytesList() == membership else { return nil }
        var buckets: [RuleBuckets] = []
        for rule in rules {
            guard let read = RuleBuckets(from: &reader, guards: rule.guards.count, keepRules: rule.keepRules.count) else { return nil }
            buckets.append(read)
        }
        return reader.isAtEnd ? buckets : nil
    }

    /// Remembers `buckets`, the evaluation of the rules this memo was made for, unless anything a
    /// plan reads was written since the memo was made (the next run evaluates and records then).
    func remember(_ db: Database, _ buckets: [RuleBuckets]) throws {
        var writer = MemoWriter()
        try key.write(to: &writer, db)
        writer.append(bytes: membership)
        for bucket in buckets { bucket.write(to: &writer) }
        try watch.recordIfUnchanged(db, memo: writer.bytes)
    }
}
