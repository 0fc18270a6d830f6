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
///   were found in: another writer may have moved the counts between the groups and the rules);
/// - the serial of the log of changed assets (``AssetChanges``) they were computed at.
/// When only assets and the rows that belong to them were written since (a scan that found 1% of
/// the files changed, ratings edited, files staged), and the clock crossed no bound, the assets the
/// log names, the other halves of their Live Photo pairs and the assets that joined or left a group
/// are evaluated again, alone, and merged into what was remembered: a rule reads nothing of an
/// asset but its own rows, its pair's kind and its group memberships.
/// What is given back is exactly what evaluating again would find; anything else is computed whole,
/// and evaluations are recorded only by a run that saw no write from its first read to its last.
enum EvaluationMemo {
    /// Raise when what is remembered, or how a query's rows become buckets, changes.
    private static let version = 2

    /// Where a run's evaluations came from.
    enum Source: Equatable {
        /// Every rule over every asset.
        case computed
        /// Read back whole: nothing they read was written since.
        case recalled
        /// Read back, with `assets` assets evaluated again.
        case merged(assets: Int)
    }

    /// The buckets of `run`'s rules (the run of `files` in `context`) as `compute` finds them, or as
    /// remembered, brought up to date with `computeChanged` (the run's rules over the assets of
    /// ``AssetChanges/scopeTable`` alone; nil when it cannot) while no more than `mergeLimit` assets
    /// changed. `members`: the group members the run loaded, by spec; `crossings`: the run's clock
    /// crossings (``ClockCrossings``).
    static func buckets(_ db: Database, files: [RuleFile], context: CompileContext, run: CompiledRun,
                        members: [String: [Int64]], crossings: ClockCrossings, mergeLimit: Int,
                        compute: () throws -> [RuleBuckets],
                        computeChanged: () throws -> [RuleBuckets]?) throws -> (value: [RuleBuckets], source: Source) {
        let predicates = files.flatMap { $0.rules.map(\.match) + $0.protect.map(\.predicate) }
        let key = ClockedKey(predicates, context) { RuleCompiler.compileRun(files, $0).query }
        let watch = try ChangeWatch.overEverything(db, name: "rule_evaluations", version: version)
        let serial = try AssetChanges.serial(db)
        var found: (value: [RuleBuckets], source: Source)?
        if let (moved, memo) = watch.sinceRecorded, moved.isSubset(of: AssetChanges.loggedCounts) {
            var reader = MemoReader(memo)
            if key.holds(&reader), let then = reader.next(), let before = readMembers(&reader),
               var buckets = readBuckets(&reader, run.rules), reader.isAtEnd {
                if moved.isEmpty && before == members { return (buckets, .recalled) }
                if try AssetChanges.covers(db, since: then) {
                    let count = try AssetChanges.fillScope(db, since: then, also: changedMembers(before, members))
                    if count <= mergeLimit, let changed = try computeChanged() {
                        var ids = Set<Int64>()
                        try db.forEachRow("SELECT id FROM \(AssetChanges.scopeTable)") { ids.insert($0.int64("id")) }
                        for index in buckets.indices { buckets[index].merge(replacing: ids, with: changed[index]) }
                        found = (buckets, .merged(assets: count))
                    }
                }
            }
        }
        let value = try found?.value ?? compute()
        var writer = MemoWriter()
        try key.write(to: &writer, db, crossings: crossings)
        writer.append(serial)
        writer.append(Int64(members.count))
        for (spec, ids) in members.sorted(by: { $0.key < $1.key }) {
            writer.append(bytes: Array(spec.utf8))
            writer.append(list: ids)
        }
        for bucket in value { bucket.write(to: &writer) }
        try? watch.recordIfUnchanged(db, memo: writer.bytes)
        AssetChanges.trim(db, through: serial)
        return (value, found?.source ?? .computed)
    }

    /// The group members a memo holds, by spec.
    private static func readMembers(_ reader: inout MemoReader) -> [String: [Int64]]? {
        guard let count = reader.next(), count >= 0 else { return nil }
        var members: [String: [Int64]] = [:]
        for _ in 0 ..< count {
            guard let spec = reader.bytesList(), let ids = reader.list() else { return nil }
            members[String(decoding: spec, as: UTF8.self)] = ids
        }
        return members
    }

    /// The buckets a memo holds, one per rule of `rules`.
    private static func readBuckets(_ reader: inout MemoReader, _ rules: [CompiledRule]) -> [RuleBuckets]? {
        var buckets: [RuleBuckets] = []
        for rule in rules {
            guard let read = RuleBuckets(from: &reader, guards: rule.guards.count, keepRules: rule.keepRules.count) else { return nil }
            buckets.append(read)
        }
        return buckets
    }

    /// The assets that joined or left a group of some spec from `before` to `after`.
    private static func changedMembers(_ before: [String: [Int64]], _ after: [String: [Int64]]) -> [Int64] {
        var changed = Set<Int64>()
        for spec in Set(before.keys).union(after.keys) {
            changed.formUnion(Set(before[spec] ?? []).symmetricDifference(after[spec] ?? []))
        }
        return changed.sorted()
    }
}
