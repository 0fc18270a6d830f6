/// Which photos a run reads the text of: only those a rule that reads a text field could still
/// match. A rule's top-level conditions that read no text (`older_than`, `rating`, `path`, a group)
/// must hold for any file it matches, so they narrow the photos sent to the OCR first; a rule whose
/// text condition sits inside `any:` or `not:` with nothing else to narrow it reads every photo.
enum TextScope {
    /// The SQL (over `a` and `r`) selecting the photos `predicates` could match; `.some(nil)` when one
    /// of them could match any photo, nil when none reads text.
    static func scope(_ predicates: [Predicate], _ context: CompileContext) -> SQLFragment?? {
        let reading = predicates.filter(\.readsText)
        guard !reading.isEmpty else { return nil }
        var scopes: [SQLFragment] = []
        for predicate in reading {
            let clauses: [Predicate] = if case let .all(parts) = predicate { parts } else { [predicate] }
            let narrowing = clauses.filter { !$0.readsText }
            guard !narrowing.isEmpty else { return .some(nil) }
            scopes.append(PredicateCompiler.compile(.conjunction(narrowing), context).parenthesised)
        }
        return .some(SQLFragment.balanced(scopes, separator: " OR "))
    }
}

extension RuleEvaluator {
    /// Reads the text of the photos `predicates` could match (``TextScope``) that have no current
    /// reading, after the groups and features their other conditions read are loaded; nothing when
    /// none of them reads text. With `progress` (a caller that shows progress), a "Reading text" bar
    /// on standard error when it is a terminal.
    ///
    /// That the scope had no photo left to read is remembered (``ChangeWatch/overEverything(_:name:version:)``,
    /// ``ClockedKey``, with the serial of the log of changed assets): while nothing a plan reads
    /// changes and the clock moves no file into the scope, the next run does not look through the
    /// library for photos to read; when only assets and their rows were written (``AssetChanges``)
    /// and the scope reads no group, it looks at those assets alone.
    @discardableResult
    func readText(_ predicates: [Predicate], root: String, progress: Bool) throws -> TextCache.Report? {
        guard let scope = TextScope.scope(predicates, context) else { return nil }
        let watch = try ChangeWatch.overEverything(database, name: "text_scope", version: 2)
        let serial = try AssetChanges.serial(database)
        let key = ClockedKey(predicates, context) { (TextScope.scope(predicates, $0) ?? nil) ?? "1" }
        var among: [Int64]?
        if let (moved, memo) = watch.sinceRecorded {
            var reader = MemoReader(memo)
            if key.holds(&reader), let then = reader.next(), reader.isAtEnd {
                if moved.isEmpty { return TextCache.Report() }
                let readsGroups = predicates.filter(\.readsText).contains { $0.conditions.contains { GroupSpec.read(by: $0) != nil } }
                if moved.isSubset(of: AssetChanges.loggedCounts), !readsGroups, try AssetChanges.covers(database, since: then) {
                    _ = try AssetChanges.fillScope(database, since: then, also: [])
                    var ids: [Int64] = []
                    try database.forEachRow("SELECT id FROM \(AssetChanges.scopeTable)") { ids.append($0.int64("id")) }
                    among = ids
                }
            }
        }
        var cache = TextCache(db: database, root: root)
        let terminal = Console()
        let bar = progress && terminal.stderrIsTTY ? ProgressBar(label: "Reading text", terminal: terminal) : nil
        if let bar { cache.progress = { done, total in bar.update(done: done, total: total) } }
        defer { bar?.finish() }
        let report = try cache.refresh(scope: scope, among: among)
        if report == TextCache.Report() {
            var writer = MemoWriter()
            try key.write(to: &writer, database, crossings: crossings)
            writer.append(serial)
            // An index this run cannot write only looks again next time.
            try? watch.recordIfUnchanged(database, memo: writer.bytes)
            logRead = min(logRead ?? serial, serial)
        }
        return report
    }
}
