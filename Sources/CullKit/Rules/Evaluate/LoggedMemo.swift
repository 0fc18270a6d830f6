/// What a run computes over the assets of the whole index with rule SQL (its evaluations, what its
/// guards spare), remembered with everything it was computed from and given back while none of it
/// moved:
/// - the SQL compiled on a clock of its own, and the clock's bounds (``ClockedKey``);
/// - the change counts of every table a plan reads (``ChangeWatch/overEverything(_:name:version:)``);
/// - the members of the groups the run loaded, which group fields read (whatever index they were
///   found in: another writer may have moved the counts between the groups and the rules);
/// - the serial of the log of changed assets (``AssetChanges``) it was computed at.
/// When only assets and the rows that belong to them were written since (a scan that found 1% of
/// the files changed, ratings edited, files staged), and the clock crossed no bound, the assets the
/// log names, the other halves of their Live Photo pairs and the assets that joined or left a group
/// (``AssetChanges/scopeTable``) are computed again, alone, and merged into what was remembered:
/// rule SQL reads nothing of an asset but its own rows, its pair's kind and its group memberships.
/// What is given back is exactly what computing again would find; anything else is computed whole,
/// and recorded only by a run that saw no write from its first read to its last.
struct LoggedMemo<Value> {
    /// Where a run's value came from.
    enum Source: Equatable {
        /// Computed over every asset.
        case computed
        /// Read back whole: nothing it read was written since.
        case recalled
        /// Read back, with `assets` assets computed again.
        case merged(assets: Int)
    }

    /// The memo's row in `cache_states` (a fixed identifier) and the version of what it holds.
    let name: String
    let version: Int
    let key: ClockedKey
    let write: (Value, inout MemoWriter) -> Void
    let read: (inout MemoReader) -> Value?

    /// The value as `compute` finds it, or as remembered, brought up to date by `merge` (which
    /// computes the assets of ``AssetChanges/scopeTable``, whose ids it is given, and takes them in
    /// place of what was remembered of them; false when it cannot) while no more than `mergeLimit`
    /// assets changed. `members`: the group members the run loaded, by spec. With the serial of the
    /// log it read at: the log may be trimmed up to it once the run's other readers are done.
    func value(_ db: Database, members: [String: [Int64]], crossings: ClockCrossings, mergeLimit: Int,
               compute: () throws -> Value, merge: (inout Value, Set<Int64>) throws -> Bool)
        throws -> (value: Value, source: Source, serial: Int64) {
        let watch = try ChangeWatch.overEverything(db, name: name, version: version)
        let serial = try AssetChanges.serial(db)
        var found: (value: Value, source: Source)?
        if let (moved, memo) = watch.sinceRecorded, moved.isSubset(of: AssetChanges.loggedCounts) {
            var reader = MemoReader(memo)
            if key.holds(&reader), let then = reader.next(), let before = Self.readMembers(&reader), var value = read(&reader), reader.isAtEnd {
                if moved.isEmpty && before == members { return (value, .recalled, serial) }
                if try AssetChanges.covers(db, since: then) {
                    let count = try AssetChanges.fillScope(db, since: then, also: Self.changedMembers(before, members))
                    if count <= mergeLimit {
                        var ids = Set<Int64>()
                        try db.forEachRow("SELECT id FROM \(AssetChanges.scopeTable)") { ids.insert($0.int64("id")) }
                        if try merge(&value, ids) { found = (value, .merged(assets: count)) }
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
        write(value, &writer)
        try? watch.recordIfUnchanged(db, memo: writer.bytes)
        return (value, found?.source ?? .computed, serial)
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

    /// The assets that joined or left a group of some spec from `before` to `after`.
    private static func changedMembers(_ before: [String: [Int64]], _ after: [String: [Int64]]) -> [Int64] {
        var changed = Set<Int64>()
        for spec in Set(before.keys).union(after.keys) {
            changed.formUnion(Set(before[spec] ?? []).symmetricDifference(after[spec] ?? []))
        }
        return changed.sorted()
    }
}
