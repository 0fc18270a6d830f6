/// The log of migration `0036-asset-changes`: one row for every write to an asset or to a row that
/// belongs to one (its review, its companions, its cache rows), in the order written (`serial`),
/// whoever writes it (the scan, the commit, undo, the sqlite3 shell): triggers log the inserts,
/// updates and deletions of assets, reviews and companions, and the updates and deletions of cache
/// rows; a cache's inserted rows are logged by its one writer (``IdentityCache``), as they are
/// counted (`0018-change-counts`). A row deleted with its asset is logged by its asset's deletion.
/// An asset's row carries its Live Photo pair's id as it was before the write (`live_id`), so the
/// other half of a pair it left is known too.
///
/// A reader that remembers the serial it read at (``serial(_:)``) later learns exactly which assets
/// were written since (``fillScope(_:since:also:)``), as long as no one trimmed the log past it
/// (``covers(_:since:)``). The log is trimmed (``trim(_:through:)``) once a plan's readers have read it.
enum AssetChanges {
    /// The tables whose rows belong to one asset (`asset_id`) and are logged with it.
    static let ownedTables = ["reviews", "companions", "hashes", "image_hashes", "image_features", "text_readings", "image_codes"]
    /// The cache tables among them: their inserted rows are logged by their writer, not a trigger.
    private static let caches: Set<String> = ["hashes", "image_hashes", "image_features", "text_readings", "image_codes"]

    /// The change counts (``ChangeCounts``) that only writes to logged rows move on: while no other
    /// moved, the log says everything that changed.
    static let loggedCounts: Set<String> = Set([ChangeCounts.assets, "assets_edits", ChangeCounts.assetsDeleted,
                                                ChangeCounts.assetsPictures] + ownedTables)

    /// One trigger of the migration: its name, table, event and text.
    struct Trigger {
        let name, table, event, sql: String
        /// True when it logs only rows deleted while their asset stays.
        let withItsAsset: Bool
    }

    /// The migration's triggers: part of its text, so never changed.
    static let triggers: [Trigger] = {
        func log(_ id: String, _ live: String = "NULL") -> String {
            "BEGIN INSERT INTO asset_changes (asset_id, live_id) VALUES (\(id), \(live)); END"
        }
        func trigger(_ name: String, _ table: String, _ event: String, _ condition: String, _ body: String) -> Trigger {
            Trigger(name: name, table: table, event: event,
                    sql: "CREATE TRIGGER \(name) AFTER \(event) ON \(table) \(condition.isEmpty ? "" : condition + " ")\(body)",
                    withItsAsset: condition == ChangeCounts.withItsAsset)
        }
        var triggers = [
            trigger("assets_logged_added", "assets", "INSERT", "", log("NEW.id", "NEW.live_id")),
            trigger("assets_logged_changed", "assets", "UPDATE", "", log("NEW.id", "OLD.live_id")),
            trigger("assets_logged_renumbered", "assets", "UPDATE OF id", "WHEN OLD.id IS NOT NEW.id", log("OLD.id", "OLD.live_id")),
            trigger("assets_logged_removed", "assets", "DELETE", "", log("OLD.id", "OLD.live_id")),
        ]
        for table in ownedTables {
            if !caches.contains(table) { triggers.append(trigger("\(table)_logged_added", table, "INSERT", "", log("NEW.asset_id"))) }
            triggers += [
                trigger("\(table)_logged_changed", table, "UPDATE", "", log("NEW.asset_id")),
                trigger("\(table)_logged_moved", table, "UPDATE OF asset_id", "WHEN OLD.asset_id IS NOT NEW.asset_id", log("OLD.asset_id")),
                trigger("\(table)_logged_removed", table, "DELETE", ChangeCounts.withItsAsset, log("OLD.asset_id")),
            ]
        }
        return triggers
    }()

    /// The migration's trigger whose text `sql` (whitespace aside) is, on `table`; nil for any other.
    static func trigger(name: String, table: String, sql: String) -> Trigger? {
        let text = sql.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return triggers.first { $0.name == name && $0.table == table && $0.sql == text }
    }

    /// Logs the assets of `ids`, whose cache rows a cache's writer inserted or replaced: what a
    /// trigger would log, in the writer's transaction.
    static func logInserted(_ db: Database, ids: [Int64]) throws {
        guard !ids.isEmpty else { return }
        try db.cached("INSERT INTO asset_changes (asset_id) SELECT value FROM json_each(?)").execute([.text(JSONValue.list(ids))])
    }

    /// Logs the assets of `temp.leaving_assets` as their deletion's trigger would: for the commit,
    /// which deletes them with triggers off (``ChangeCounts/deletionBookings(_:writing:deletingFrom:)``).
    static func logLeaving(_ db: Database) throws {
        try db.cached("INSERT INTO asset_changes (asset_id, live_id) SELECT id, live_id FROM assets WHERE id IN temp.leaving_assets").execute()
    }

    /// The serial of the last write logged (0: none yet).
    static func serial(_ db: Database) throws -> Int64 {
        try db.scalar("SELECT max(serial) FROM asset_changes")?.int64 ?? 0
    }

    /// True when every write logged after `serial` is still in the log.
    static func covers(_ db: Database, since serial: Int64) throws -> Bool {
        guard let first = try db.scalar("SELECT min(serial) FROM asset_changes")?.int64 else { return true }
        return first <= serial + 1
    }

    /// The TEMP table ``fillScope(_:since:also:)`` fills: one row per asset to look at again.
    static let scopeTable = "temp.changed_assets"

    /// Fills ``scopeTable`` with the assets written after `serial`, the assets of `also`, and the other
    /// half of every Live Photo pair any of them is or was part of; returns how many it holds.
    static func fillScope(_ db: Database, since serial: Int64, also: [Int64]) throws -> Int {
        try db.execute("CREATE TEMP TABLE IF NOT EXISTS changed_assets (id INTEGER PRIMARY KEY)")
        try db.execute("DELETE FROM temp.changed_assets")
        try db.execute("INSERT OR IGNORE INTO temp.changed_assets (id) SELECT asset_id FROM asset_changes WHERE serial > ?", [.integer(serial)])
        if !also.isEmpty {
            try db.execute("INSERT OR IGNORE INTO temp.changed_assets (id) SELECT value FROM json_each(?)", [.text(JSONValue.list(also))])
        }
        try db.execute("""
            INSERT OR IGNORE INTO temp.changed_assets (id) SELECT id FROM assets WHERE live_id IN (
                SELECT live_id FROM asset_changes WHERE serial > ? AND live_id IS NOT NULL
                UNION SELECT live_id FROM assets WHERE id IN temp.changed_assets AND live_id IS NOT NULL)
            """, [.integer(serial)])
        return Int(try db.scalar("SELECT count(*) FROM temp.changed_assets")?.int64 ?? 0)
    }

    /// Trims the log of the writes before `serial`, which every reader that remembers what it read
    /// read at or past (``RuleEvaluator/trimChangeLog()``). The row of `serial` stays as it is, so
    /// the next write is logged past it, a reader of the serial before still learns what that row
    /// logged, and a reader of an older one learns that the log no longer ``covers(_:since:)`` it.
    /// An index this run cannot write keeps its log.
    static func trim(_ db: Database, through serial: Int64) {
        try? db.transaction {
            var first: Int64?
            var last: (serial: Int64, asset: Int64, live: SQLValue)?
            try db.forEachRow("SELECT min(serial) AS first FROM asset_changes") { first = $0.optionalInt64("first") }
            try db.forEachRow("SELECT serial, asset_id, live_id FROM asset_changes ORDER BY serial DESC LIMIT 1") { row in
                last = (row.int64("serial"), row.int64("asset_id"), row.value("live_id"))
            }
            guard let first, let last, first < serial, serial <= last.serial else { return }
            guard last.serial == serial else {
                try db.execute("DELETE FROM asset_changes WHERE serial < ?", [.integer(serial)])
                return
            }
            // Without a condition, SQLite drops the table's pages at once instead of row by row.
            try db.execute("DELETE FROM asset_changes")
            try db.execute("INSERT INTO asset_changes (serial, asset_id, live_id) VALUES (?, ?, ?)",
                           [.integer(last.serial), .integer(last.asset), last.live])
        }
    }
}
