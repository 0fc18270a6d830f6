/// The change counts of migration `0018-change-counts`: what a cache reads to know whether a table
/// it depends on changed since it last looked, exactly (a serial that every write moves on, never
/// a sum that two changes could cancel out in).
enum ChangeCounts {
    /// The serial of `assets`.
    static let assets = "assets"
    /// The serial of `reviews` (every row written: migration `0031-plan-inputs`).
    static let reviews = "reviews"
    /// The serial of the deletions of `assets` alone (`0034-deletions-apart`); `assets` moves on with them too.
    static let assetsDeleted = "assets_deleted"
    /// The serial of the updates of the assets' `kind`, `orientation` and `screenshot` (`0035-picture-fields`).
    static let assetsPictures = "assets_pictures"

    /// The condition of a cache table's deletion counter (`0034-deletions-apart`): its row was
    /// deleted while its asset stays. Part of that migration's text, so never changed.
    static let withItsAsset = "WHEN EXISTS (SELECT 1 FROM assets WHERE id = OLD.asset_id)"

    /// Counts rows written to `table` that no trigger counts: a cache table's inserted rows (see
    /// the migration). Called in the transaction of the write.
    static func bump(_ db: Database, _ table: String) throws {
        try db.execute("UPDATE change_counts SET serial = serial + 1 WHERE name = ?", [.text(table)])
    }

    /// What a writer that turns triggers off does in their stead for the rows it deletes from a table.
    enum DeletionBooking: Hashable {
        /// Moves counter `id` (a row of `change_counts`) on, once a transaction.
        case counter(Int64)
        /// Logs the assets it deletes (``AssetChanges/logLeaving(_:)``), before deleting them.
        case logged
    }

    /// For a writer that would rather move the counters on itself, once a transaction, than have a
    /// trigger do it for every row it deletes: what the triggers of each table of `deletingFrom`
    /// do when a row is deleted (the counters they move on; for `assets`, the log of
    /// `0036-asset-changes`). Nil, and the writer must keep its triggers, unless turning triggers
    /// off skips nothing else: no trigger at all on a table of `writing` (which it inserts into or
    /// updates) or on `change_counts`, and only the migrations' counters and log on the tables of
    /// `deletingFrom` (those of another event do not fire when a row is deleted). A counter or log
    /// of rows deleted while their asset stays (``withItsAsset``) is not listed when the writer
    /// deletes from `assets` too: it deletes those rows with their assets, as a cascade would. Read
    /// from the schema (and TEMP's), so a trigger added later is seen.
    static func deletionBookings(_ db: Database, writing: Set<String>, deletingFrom: Set<String>) throws -> [String: [DeletionBooking]]? {
        var bookings: [String: [DeletionBooking]] = [:]
        var foreign = false
        try db.forEachRow("""
            SELECT name, tbl_name AS "table", sql FROM sqlite_schema WHERE type = 'trigger'
            UNION ALL SELECT name, tbl_name, sql FROM sqlite_temp_schema WHERE type = 'trigger'
            """) { row in
            let table = row.string("table") ?? ""
            guard !writing.contains(table), table != "change_counts" else { foreign = true; return }
            guard deletingFrom.contains(table) else { return }
            let (name, sql) = (row.string("name") ?? "", row.string("sql") ?? "")
            if let logged = AssetChanges.trigger(name: name, table: table, sql: sql) {
                guard logged.event == "DELETE", !(logged.withItsAsset && deletingFrom.contains("assets")) else { return }
                // Only the assets' own deletions are logged by the writer; a cache row's would need its asset read first.
                if table == "assets" { bookings[table, default: []].append(.logged) } else { foreign = true }
                return
            }
            guard let counter = Self.counter(name: name, table: table, sql: sql) else {
                foreign = true
                return
            }
            guard counter.event == "DELETE", !(counter.withItsAsset && deletingFrom.contains("assets")) else { return }
            bookings[table, default: []].append(.counter(counter.id))
        }
        return foreign ? nil : bookings
    }

    /// The event (`DELETE`, `INSERT`, `UPDATE …`) and counter of trigger `name` on `table` when its
    /// text is exactly a counter's as the migrations write it (whitespace aside), and whether it
    /// counts only rows deleted while their asset stays (``withItsAsset``); nil for any other.
    private static func counter(name: String, table: String, sql: String) -> (event: String, id: Int64, withItsAsset: Bool)? {
        let text = sql.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let head = "CREATE TRIGGER \(name) AFTER "
        let bump = " BEGIN UPDATE change_counts SET serial = serial + 1 WHERE id = "
        let tail = "; END"
        guard text.hasPrefix(head), text.hasSuffix(tail) else { return nil }
        for withItsAsset in [false, true] {
            let body = " ON \(table)" + (withItsAsset ? " " + Self.withItsAsset : "") + bump
            guard let on = text.range(of: body) else { continue }
            let event = String(text[text.index(text.startIndex, offsetBy: head.count) ..< on.lowerBound])
            guard event == "DELETE" || event == "INSERT" || event.hasPrefix("UPDATE"), !withItsAsset || event == "DELETE" else { return nil }
            let digits = text[on.upperBound ..< text.index(text.endIndex, offsetBy: -tail.count)]
            guard !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber), let id = Int64(digits) else { return nil }
            return (event, id, withItsAsset)
        }
        return nil
    }

    /// Moves counter `id` on by one: what its trigger would have done, once for a transaction.
    static func bump(_ db: Database, id: Int64) throws {
        try db.cached("UPDATE change_counts SET serial = serial + 1 WHERE id = ?").execute([.integer(id)])
    }

    /// The serial of every counted table now, as one comparable text: equal readings mean no table
    /// a plan reads was written between them (`cache_states`, where memos are kept, is not counted).
    static func readAll(_ db: Database) throws -> String {
        var serials: [String] = []
        try db.forEachRow("SELECT id, serial FROM change_counts ORDER BY id") { row in serials.append("\(row.int64("id")) \(row.int64("serial"))") }
        return serials.joined(separator: ", ")
    }

    /// The serials of `tables` now, in their order, as one comparable text: `assets 12, hashes 40`.
    static func read(_ db: Database, _ tables: [String]) throws -> String {
        var serials: [String: Int64] = [:]
        try db.forEachRow("SELECT name, serial FROM change_counts WHERE name IN (\(tables.map { _ in "?" }.joined(separator: ", ")))",
                          tables.map { .text($0) }) { row in
            serials[row.string("name") ?? ""] = row.int64("serial")
        }
        return tables.map { "\($0) \(serials[$0].map(String.init) ?? "-")" }.joined(separator: ", ")
    }
}
