/// What the index keeps of the catalogs: `catalog_entries` (per catalog, per library file, keyed by
/// the file's bytes: ``CatalogPaths/key(indexed:)``), the holds of files whose decision changed after
/// they were staged, and the merge of every catalog in use into each asset's `catalog_*` columns.
extension CatalogSync {
    func replaceEntries(_ catalog: Int64, _ entries: [CatalogRead.Entry]) throws {
        try db.execute("DELETE FROM catalog_entries WHERE catalog_id = ?", [.integer(catalog)])
        let insert = try db.cached("""
            INSERT INTO catalog_entries (catalog_id, path, rating, pick, labels, tags, people, app_trash, hidden, cut)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        for entry in entries {
            let decision = entry.decision
            try insert.execute([.integer(catalog), PathBytes.sqlValue(entry.key), decision.rating.sqlValue, decision.pick.sqlValue,
                                ValueList.encode(decision.labels), ValueList.encode(decision.tags), ValueList.encode(decision.people),
                                decision.appTrash.sqlValue, decision.hidden.sqlValue, .integer(Int64(entry.cut))])
        }
    }

    /// What `catalog` said before this read, by key.
    private func entries(of catalog: Int64) throws -> [PathKey: CatalogDecision] {
        var result: [PathKey: CatalogDecision] = [:]
        try db.forEachRow("""
            SELECT path, rating, pick, labels, tags, people, app_trash, hidden FROM catalog_entries WHERE catalog_id = ?
            """, [.integer(catalog)], EntryColumns.self) { row, columns in
            result[PathKey(row.bytes(columns.path) ?? [])] = Self.decision(row, columns.decision)
        }
        return result
    }

    /// The columns of `catalog_entries` a decision is read from, by name.
    struct DecisionColumns: RowColumns {
        let rating, pick, labels, tags, people, appTrash, hidden: Row.Column

        init(_ row: Row) {
            (rating, pick, labels, tags) = (row.index("rating"), row.index("pick"), row.index("labels"), row.index("tags"))
            (people, appTrash, hidden) = (row.index("people"), row.index("app_trash"), row.index("hidden"))
        }
    }

    /// A decision's columns and the `path` it is about.
    private struct EntryColumns: RowColumns {
        let path: Row.Column
        let decision: DecisionColumns

        init(_ row: Row) { (path, decision) = (row.index("path"), DecisionColumns(row)) }
    }

    /// A `catalog_entries` row with how much of its lists was cut.
    private struct CutEntryColumns: RowColumns {
        let path, cut: Row.Column
        let decision: DecisionColumns

        init(_ row: Row) { (path, cut, decision) = (row.index("path"), row.index("cut"), DecisionColumns(row)) }
    }

    /// A decision from the columns of a `catalog_entries` row.
    static func decision(_ row: Row, _ column: DecisionColumns) -> CatalogDecision {
        var decision = CatalogDecision()
        decision.rating = row.optionalInt(column.rating)
        decision.pick = row.optionalInt(column.pick)
        decision.labels = ValueList.decode(row.string(column.labels))
        decision.tags = ValueList.decode(row.string(column.tags))
        decision.people = ValueList.decode(row.string(column.people))
        decision.appTrash = row.int64(column.appTrash) != 0
        decision.hidden = row.int64(column.hidden) != 0
        return decision
    }

    /// Records why staged files whose decision in this catalog changed since they were staged are held
    /// back at commit (a decision made in the photo manager after staging is the user's newest word).
    func hold(_ record: CatalogRecord, _ fresh: [CatalogRead.Entry]) throws {
        var staged: [(id: Int64, at: Int64, key: PathKey)] = []
        try db.forEachRow("SELECT a.id, r.at, a.path FROM reviews r JOIN assets a ON a.id = r.asset_id WHERE r.status = ?", [StagingStatus.trashed.sql]) { row in
            staged.append((row.int64("id"), row.int64("at"), PathKey(CatalogPaths.key(indexed: row.bytes("path") ?? []))))
        }
        guard !staged.isEmpty else { return }
        let before = try entries(of: record.id)
        var now: [PathKey: CatalogDecision] = [:]
        for entry in fresh { now[PathKey(entry.key)] = entry.decision }
        let insert = try db.cached("INSERT OR REPLACE INTO catalog_holds (asset_id, staged_at, reason) VALUES (?, ?, ?)")
        for item in staged {
            let old = before[item.key] ?? CatalogDecision(), new = now[item.key] ?? CatalogDecision()
            guard old != new, let change = Self.change(from: old, to: new) else { continue }
            try insert.execute([.integer(item.id), .integer(item.at),
                                .text("\(change) in \(record.kind.application) (\(record.path)) since it was staged")])
        }
    }

    /// What changed, in the photo manager's words ("rated 5", "picked", "tagged Family"); nil when
    /// the change can only stage more (a reject, a tag removed).
    static func change(from old: CatalogDecision, to new: CatalogDecision) -> String? {
        var parts: [String] = []
        if let rating = new.rating, rating > (old.rating ?? 0), rating >= 1 { parts.append("rated \(rating)") }
        if new.pick == 1, old.pick != 1 { parts.append("picked") }
        if old.pick == -1 || old.rating == -1, new.pick != -1, new.rating != -1 { parts.append("no longer rejected") }
        let labels = Set(new.labels).subtracting(old.labels).sorted()
        if !labels.isEmpty { parts.append("labelled " + labels.joined(separator: ", ")) }
        let tags = Set(new.tags).subtracting(old.tags).sorted()
        if !tags.isEmpty { parts.append("tagged " + tags.prefix(3).joined(separator: ", ")) }
        let people = Set(new.people).subtracting(old.people).sorted()
        if !people.isEmpty { parts.append("named " + people.prefix(3).joined(separator: ", ")) }
        if old.appTrash, !new.appTrash { parts.append("taken out of its trash") }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    /// Merges every catalog in use into each asset's `catalog_*` columns (the value that stages less),
    /// and marks the assets whose sources disagree; only rows that change are written. The merged
    /// lists keep to one catalog's budgets (``CatalogLimits``), so several catalogs do not add up.
    public func merge() throws {
        var byPath: [PathKey: [CatalogDecision]] = [:]
        // Files some catalog lists more tags or people for than one file keeps (``CatalogLimits``).
        var cutPaths = Set<PathKey>()
        try db.forEachRow("""
            SELECT e.path, e.rating, e.pick, e.labels, e.tags, e.people, e.app_trash, e.hidden, e.cut
            FROM catalog_entries e JOIN catalogs c ON c.id = e.catalog_id WHERE c.state = ?
            """, [.text(CatalogState.used.rawValue)], CutEntryColumns.self) { row, columns in
            let key = PathKey(row.bytes(columns.path) ?? [])
            byPath[key, default: []].append(Self.decision(row, columns.decision))
            if row.int64(columns.cut) > 0 { cutPaths.insert(key) }
        }
        struct Current: Equatable {
            var rating: Int?, pick: Int?, labels: String?, tags: String?, people: String?, appTrash: Int?, hidden: Int?, disagree: Int?
            var cut: Int?
        }
        var updates: [(id: Int64, values: Current)] = []
        var buffer: [UInt8] = []
        try db.forEachRow("""
            SELECT id, path, rating, pick, catalog_rating, catalog_pick, catalog_labels, catalog_tags, catalog_people, app_trash, hidden,
                sources_disagree, catalog_cut FROM assets
            """, [], MergeColumns.self) { row, column in
            let current = Current(rating: row.optionalInt(column.catalogRating), pick: row.optionalInt(column.catalogPick),
                                  labels: row.string(column.labels), tags: row.string(column.tags), people: row.string(column.people),
                                  appTrash: row.optionalInt(column.appTrash), hidden: row.optionalInt(column.hidden),
                                  disagree: row.optionalInt(column.disagree), cut: row.optionalInt(column.cut))
            var fresh = Current()
            buffer.removeAll(keepingCapacity: true)
            row.appendBytes(column.path, to: &buffer)
            let key = PathKey(CatalogPaths.key(indexed: buffer))
            if let decisions = byPath[key] {
                var merged = CatalogDecision()
                for decision in decisions { merged.mergeSource(decision) }
                var cut = cutPaths.contains(key)
                if decisions.count > 1 {
                    let (tags, people) = (merged.tags.count, merged.people.count)
                    merged.tags = Self.bounded(merged.tags, limits.tagBytesPerFile)
                    merged.people = Self.bounded(merged.people, limits.peopleBytesPerFile)
                    cut = cut || merged.tags.count < tags || merged.people.count < people
                }
                let file = (rating: row.optionalInt(column.rating), pick: row.optionalInt(column.pick))
                let ratings = Set(decisions.compactMap(\.rating) + (file.rating.map { [$0] } ?? []))
                let picks = Set(decisions.compactMap(\.pick) + (file.pick.map { [$0] } ?? []))
                fresh = Current(rating: merged.rating, pick: merged.pick, labels: ValueList.encode(merged.labels).string,
                                tags: ValueList.encode(merged.tags).string, people: ValueList.encode(merged.people).string,
                                appTrash: merged.appTrash ? 1 : nil, hidden: merged.hidden ? 1 : nil,
                                disagree: ratings.count > 1 || picks.count > 1 ? 1 : nil, cut: cut ? 1 : nil)
            }
            if fresh != current { updates.append((row.int64(column.id), fresh)) }
        }
        guard !updates.isEmpty else { return }
        try db.transaction {
            let update = try db.cached("""
                UPDATE assets SET catalog_rating = ?, catalog_pick = ?, catalog_labels = ?, catalog_tags = ?, catalog_people = ?,
                    app_trash = ?, hidden = ?, sources_disagree = ?, catalog_cut = ? WHERE id = ?
                """)
            for (id, v) in updates {
                try update.execute([v.rating.sqlValue, v.pick.sqlValue, v.labels.sqlValue, v.tags.sqlValue, v.people.sqlValue,
                                    v.appTrash.sqlValue, v.hidden.sqlValue, v.disagree.sqlValue, v.cut.sqlValue, .integer(id)])
            }
        }
    }

    /// The items of a sorted list that fit `budget` bytes (with one separator each), in order.
    static func bounded(_ items: [String], _ budget: Int) -> [String] {
        var used = 0
        return items.filter { item in
            let size = item.utf8.count + (used == 0 ? 0 : 1)
            guard used + size <= budget else { return false }
            used += size
            return true
        }
    }

    /// The `assets` columns ``merge()`` reads of every asset, by name.
    private struct MergeColumns: RowColumns {
        let id, path, rating, pick, catalogRating, catalogPick, labels, tags, people, appTrash, hidden, disagree, cut: Row.Column

        init(_ row: Row) {
            (id, path, rating, pick) = (row.index("id"), row.index("path"), row.index("rating"), row.index("pick"))
            (catalogRating, catalogPick) = (row.index("catalog_rating"), row.index("catalog_pick"))
            (labels, tags, people) = (row.index("catalog_labels"), row.index("catalog_tags"), row.index("catalog_people"))
            (appTrash, hidden, disagree) = (row.index("app_trash"), row.index("hidden"), row.index("sources_disagree"))
            cut = row.index("catalog_cut")
        }
    }

    /// What each catalog in use says about the file at library-relative `path` (for `--explain`), and
    /// how many of its tags and people for it were cut (``CatalogLimits``).
    public static func decisions(_ db: Database, path: [UInt8]) throws -> [(catalog: CatalogRecord, decision: CatalogDecision, cut: Int)] {
        let catalogs = Dictionary(uniqueKeysWithValues: try CatalogStore.used(db).map { ($0.id, $0) })
        var result: [(CatalogRecord, CatalogDecision, Int)] = []
        try db.forEachRow("""
            SELECT catalog_id, rating, pick, labels, tags, people, app_trash, hidden, cut FROM catalog_entries WHERE path = ? ORDER BY catalog_id
            """, [PathBytes.sqlValue(CatalogPaths.key(indexed: path))], DecisionColumns.self) { row, columns in
            if let catalog = catalogs[row.int64("catalog_id")] { result.append((catalog, decision(row, columns), row.int("cut"))) }
        }
        return result
    }

    /// How many assets' sources disagree, and the paths of the first `naming` of them in path order
    /// (`cull scan` prints both).
    public static func disagreements(_ db: Database, naming: Int) throws -> (count: Int, first: [[UInt8]]) {
        // Counted and found in the partial index `assets_disagree` (a pass over the table filled some
        // 20 MB of page cache on every scan).
        let count = Int(try db.scalar("SELECT count(*) FROM assets WHERE sources_disagree = 1")?.int64 ?? 0)
        var first: [[UInt8]] = []
        if count > 0 {
            try db.forEachRow("SELECT path FROM assets WHERE sources_disagree = 1 ORDER BY path LIMIT ?", [.integer(Int64(naming))]) { row in
                first.append(row.bytes("path") ?? [])
            }
        }
        return (count, first)
    }
}
