import Foundation

/// Keeps the index's copy of the catalogs' decisions fresh: at `scan`, `plan`, `stage`, `run` and
/// before a commit moves anything. A catalog is read again only when its files changed (the
/// catalog, its WAL, darktable's `data.db`): its decisions are a cache keyed by that identity, so an
/// unchanged library and unchanged catalogs cost a few `stat` calls. What the catalogs say is merged
/// into each asset's `catalog_*` columns, where rule SQL reads it without a join.
public struct CatalogSync {
    public let db: Database
    /// The library root (absolute, no trailing slash).
    public let root: String
    public let environment: [String: String]
    public var limits: CatalogLimits
    var mounts = MountTable()

    /// What a refresh did.
    public struct Report: Sendable {
        /// One line per catalog newly used, read again, or whose state changed.
        public var notes: [String] = []
        /// The catalogs in use that could not be read.
        public var errors: [CatalogError] = []
    }

    public init(db: Database, root: String, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.db = db
        self.root = root
        self.environment = environment
        limits = CatalogLimits(environment: environment)
    }

    /// The refresh before an action (plan, stage, run, commit): throws ``CatalogsUnreadable`` when a
    /// catalog in use cannot be read, and nothing is decided on what Cull cannot see.
    @discardableResult
    public func require(assetsChanged: Bool = false) throws -> Report {
        let report = try refresh(assetsChanged: assetsChanged)
        if !report.errors.isEmpty { throw CatalogsUnreadable(errors: report.errors) }
        return report
    }

    /// Finds catalogs in their default places, reads those in use whose files changed, and merges
    /// their decisions into the index when anything changed (or `assetsChanged`: the scan added,
    /// changed or moved files). Unreadable catalogs are reported, not thrown.
    @discardableResult
    public func refresh(assetsChanged: Bool = false) throws -> Report {
        var report = Report()
        var known = Set(try CatalogStore.all(db).map(\.path))
        for place in CatalogPlaces.defaults(environment) where !known.contains(place.path) {
            try db.execute("INSERT OR IGNORE INTO catalogs (path, kind, state, origin) VALUES (?, ?, ?, ?)",
                           [.text(place.path), .text(place.kind.rawValue), .text(CatalogState.unrelated.rawValue), .text(CatalogOrigin.found.rawValue)])
            known.insert(place.path)
        }
        var dirty = false
        for record in try CatalogStore.all(db) where record.state != .ignored {
            let signature = Self.signature(record)
            if signature == record.signature, record.problem == nil { continue }
            let read: CatalogRead
            do {
                read = try Self.read(record, limits: limits, mounts: mounts)
            } catch {
                // Whether it holds this library's files is unknown: it counts as in use (fail closed).
                try db.execute("UPDATE catalogs SET state = ?, problem = ? WHERE id = ?",
                               [.text(CatalogState.used.rawValue), .text(error.problem), .integer(record.id)])
                report.errors.append(error)
                continue
            }
            let paths = CatalogPaths(root: root, maps: record.maps)
            var inside: [String: CatalogDecision] = [:]
            var outside = read.pathless
            for (path, decision) in read.rows {
                if let key = paths.key(path) {
                    if var known = inside[key] { known.mergeDuplicate(decision); inside[key] = known } else { inside[key] = decision }
                } else {
                    outside += 1
                }
            }
            var state = record.state
            if state == .unrelated, !inside.isEmpty {
                state = .used
                report.notes.append("using the \(record.kind.application) catalog \(record.path): \(English.count(inside.count, "file")) of this library")
            } else if state == .used, record.signature != nil {
                report.notes.append("read the \(record.kind.application) catalog \(record.path) again: it changed")
            }
            try db.transaction {
                if state == .used {
                    try hold(record, inside)
                    try replaceEntries(record.id, inside)
                }
                try db.execute("""
                    UPDATE catalogs SET state = ?, signature = ?, schema_version = ?, rows_inside = ?, rows_outside = ?,
                        read_at = ?, problem = NULL WHERE id = ?
                    """, [.text(state.rawValue), .text(signature), .text(read.version), .integer(Int64(inside.count)),
                          .integer(Int64(outside)), .integer(Int64(Date().timeIntervalSince1970)), .integer(record.id)])
            }
            if state == .used { dirty = true }
        }
        if dirty || assetsChanged { try merge() }
        return report
    }

    /// Reads one catalog with its adapter (a MySQL digikamrc is refused as unsupported).
    static func read(_ record: CatalogRecord, limits: CatalogLimits, mounts: MountTable) throws(CatalogError) -> CatalogRead {
        if record.kind == .digikam, DigiKamSettings.isSettings(record.path) {
            let type = DigiKamSettings(path: record.path)?.type ?? "an unknown database"
            throw .unsupported(path: record.path, kind: .digikam,
                               reason: "digiKam keeps this collection in \(type == "QMYSQL" ? "MySQL/MariaDB" : type), which Cull does not read")
        }
        let connection = try CatalogConnection(path: record.path, kind: record.kind, limits: limits)
        return try record.kind.adapter.read(connection, file: record.path, mounts: mounts)
    }

    /// The identity of what a read of `record` reads: its file, WAL and rollback journal (a write in
    /// progress), and the adapter's companions.
    static func signature(_ record: CatalogRecord) -> String {
        let files = [record.path] + record.kind.adapter.companions(of: record.path)
        return files.flatMap { [$0, $0 + "-wal", $0 + "-journal"] }.map { path in
            guard let info = FileOps.statFollowingLinks(Array(path.utf8)) else { return "-" }
            return "\(info.device):\(info.inode):\(info.size):\(info.mtimeNs):\(info.ctimeNs)"
        }.joined(separator: ";") + "|" + CatalogStore.encode(maps: record.maps)
    }

    private func replaceEntries(_ catalog: Int64, _ entries: [String: CatalogDecision]) throws {
        try db.execute("DELETE FROM catalog_entries WHERE catalog_id = ?", [.integer(catalog)])
        let insert = try db.cached("""
            INSERT INTO catalog_entries (catalog_id, path, rating, pick, labels, tags, people, app_trash, hidden)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        for (path, decision) in entries {
            try insert.execute([.integer(catalog), .text(path), decision.rating.sqlValue, decision.pick.sqlValue,
                                ValueList.encode(decision.labels), ValueList.encode(decision.tags), ValueList.encode(decision.people),
                                decision.appTrash.sqlValue, decision.hidden.sqlValue])
        }
    }

    /// What `catalog` said before this read, by path.
    private func entries(of catalog: Int64) throws -> [String: CatalogDecision] {
        var result: [String: CatalogDecision] = [:]
        try db.forEachRow("""
            SELECT path, rating, pick, labels, tags, people, app_trash, hidden FROM catalog_entries WHERE catalog_id = ?
            """, [.integer(catalog)], EntryColumns.self) { row, columns in
            result[row.string(columns.path) ?? ""] = Self.decision(row, columns.decision)
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
    private func hold(_ record: CatalogRecord, _ fresh: [String: CatalogDecision]) throws {
        var staged: [(id: Int64, at: Int64, key: String)] = []
        try db.forEachRow("SELECT a.id, r.at, a.path FROM reviews r JOIN assets a ON a.id = r.asset_id WHERE r.status = ?", [ReviewStatus.trashed.sql]) { row in
            staged.append((row.int64("id"), row.int64("at"), CatalogPaths.key(indexed: row.bytes("path") ?? [])))
        }
        guard !staged.isEmpty else { return }
        let before = try entries(of: record.id)
        let insert = try db.cached("INSERT OR REPLACE INTO catalog_holds (asset_id, staged_at, reason) VALUES (?, ?, ?)")
        for item in staged {
            let old = before[item.key] ?? CatalogDecision(), new = fresh[item.key] ?? CatalogDecision()
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
    /// and marks the assets whose sources disagree; only rows that change are written.
    public func merge() throws {
        var byPath: [String: [CatalogDecision]] = [:]
        try db.forEachRow("""
            SELECT e.path, e.rating, e.pick, e.labels, e.tags, e.people, e.app_trash, e.hidden
            FROM catalog_entries e JOIN catalogs c ON c.id = e.catalog_id WHERE c.state = ?
            """, [.text(CatalogState.used.rawValue)], EntryColumns.self) { row, columns in
            byPath[row.string(columns.path) ?? "", default: []].append(Self.decision(row, columns.decision))
        }
        struct Current: Equatable {
            var rating: Int?, pick: Int?, labels: String?, tags: String?, people: String?, appTrash: Int?, hidden: Int?, disagree: Int?
        }
        var updates: [(id: Int64, values: Current)] = []
        try db.forEachRow("""
            SELECT id, path, rating, pick, catalog_rating, catalog_pick, catalog_labels, catalog_tags, catalog_people, app_trash, hidden,
                sources_disagree FROM assets
            """, [], MergeColumns.self) { row, column in
            let current = Current(rating: row.optionalInt(column.catalogRating), pick: row.optionalInt(column.catalogPick),
                                  labels: row.string(column.labels), tags: row.string(column.tags), people: row.string(column.people),
                                  appTrash: row.optionalInt(column.appTrash), hidden: row.optionalInt(column.hidden),
                                  disagree: row.optionalInt(column.disagree))
            var fresh = Current()
            if let decisions = byPath[CatalogPaths.key(indexed: row.bytes(column.path) ?? [])] {
                var merged = CatalogDecision()
                for decision in decisions { merged.mergeSource(decision) }
                let file = (rating: row.optionalInt(column.rating), pick: row.optionalInt(column.pick))
                let ratings = Set(decisions.compactMap(\.rating) + (file.rating.map { [$0] } ?? []))
                let picks = Set(decisions.compactMap(\.pick) + (file.pick.map { [$0] } ?? []))
                fresh = Current(rating: merged.rating, pick: merged.pick, labels: ValueList.encode(merged.labels).string,
                                tags: ValueList.encode(merged.tags).string, people: ValueList.encode(merged.people).string,
                                appTrash: merged.appTrash ? 1 : nil, hidden: merged.hidden ? 1 : nil,
                                disagree: ratings.count > 1 || picks.count > 1 ? 1 : nil)
            }
            if fresh != current { updates.append((row.int64(column.id), fresh)) }
        }
        guard !updates.isEmpty else { return }
        try db.transaction {
            let update = try db.cached("""
                UPDATE assets SET catalog_rating = ?, catalog_pick = ?, catalog_labels = ?, catalog_tags = ?, catalog_people = ?,
                    app_trash = ?, hidden = ?, sources_disagree = ? WHERE id = ?
                """)
            for (id, v) in updates {
                try update.execute([v.rating.sqlValue, v.pick.sqlValue, v.labels.sqlValue, v.tags.sqlValue, v.people.sqlValue,
                                    v.appTrash.sqlValue, v.hidden.sqlValue, v.disagree.sqlValue, .integer(id)])
            }
        }
    }

    /// The `assets` columns ``merge()`` reads of every asset, by name.
    private struct MergeColumns: RowColumns {
        let id, path, rating, pick, catalogRating, catalogPick, labels, tags, people, appTrash, hidden, disagree: Row.Column

        init(_ row: Row) {
            (id, path, rating, pick) = (row.index("id"), row.index("path"), row.index("rating"), row.index("pick"))
            (catalogRating, catalogPick) = (row.index("catalog_rating"), row.index("catalog_pick"))
            (labels, tags, people) = (row.index("catalog_labels"), row.index("catalog_tags"), row.index("catalog_people"))
            (appTrash, hidden, disagree) = (row.index("app_trash"), row.index("hidden"), row.index("sources_disagree"))
        }
    }

    /// What each catalog in use says about the file at library-relative `path` (for `--explain`).
    public static func decisions(_ db: Database, path: [UInt8]) throws -> [(catalog: CatalogRecord, decision: CatalogDecision)] {
        let catalogs = Dictionary(uniqueKeysWithValues: try CatalogStore.used(db).map { ($0.id, $0) })
        var result: [(CatalogRecord, CatalogDecision)] = []
        try db.forEachRow("""
            SELECT catalog_id, rating, pick, labels, tags, people, app_trash, hidden FROM catalog_entries WHERE path = ? ORDER BY catalog_id
            """, [.text(CatalogPaths.key(indexed: path))], DecisionColumns.self) { row, columns in
            if let catalog = catalogs[row.int64("catalog_id")] { result.append((catalog, decision(row, columns))) }
        }
        return result
    }

    /// How many assets' sources disagree (`cull scan` prints it).
    public static func disagreements(_ db: Database) throws -> Int {
        // Counted in the partial index `assets_disagree` (a pass over the table filled some 20 MB of
        // page cache on every scan).
        Int(try db.scalar("SELECT count(*) FROM assets WHERE sources_disagree = 1")?.int64 ?? 0)
    }
}
