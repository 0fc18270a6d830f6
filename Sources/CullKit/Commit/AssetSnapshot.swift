import Foundation

/// The index rows of moved assets, kept in the journal so `cull undo` can put them back exactly,
/// without re-reading the files: `commit_assets` and `commit_companions` (migration
/// `0004-commit-snapshots`) hold copies of the `assets` and `companions` rows, and each registered
/// cache table (``CacheTable/registered``: `hashes`, `image_hashes`, `image_features`) has its
/// `commit_` copy. Batches of the
/// first release kept a JSON snapshot in `commit_items.snapshot` instead; undo still reads those.
enum AssetSnapshot {
    /// The statements that copy the asset, companions and cache rows of a commit's `moved` items whose
    /// `seq` lies in a range (each bound: commit, first seq, last seq, `moved`), each with the table it
    /// copies from and the one it writes. Run in the transaction that books the items, before their
    /// rows are deleted.
    static func captureStatements(_ db: Database) throws -> [(source: String, target: String, statement: Statement)] {
        let columns = try sharedColumns(db)
        func movedItems(joining join: String) -> String {
            "FROM commit_items i JOIN \(join) WHERE i.commit_id = ?1 AND i.seq BETWEEN ?2 AND ?3 AND i.state = ?4"
        }
        return try [
            ("assets", "commit_assets", db.prepare("""
                INSERT OR IGNORE INTO commit_assets (commit_id, seq, \(columns.map(quoted).joined(separator: ", ")))
                SELECT i.commit_id, i.seq, \(columns.map { "a." + quoted($0) }.joined(separator: ", "))
                \(movedItems(joining: "assets a ON a.id = i.asset_id"))
                """)),
            ("companions", "commit_companions", db.prepare("""
                INSERT OR IGNORE INTO commit_companions (commit_id, seq, path, role)
                SELECT i.commit_id, i.seq, c.path, c.role
                \(movedItems(joining: "companions c ON c.asset_id = i.asset_id"))
                """)),
        ] + CacheTable.registered.map { cache in
            try (cache.name, cache.commitTable, db.prepare("""
                INSERT OR IGNORE INTO \(cache.commitTable) (commit_id, seq, \(cache.sharedColumns.joined(separator: ", ")))
                SELECT i.commit_id, i.seq, \(cache.sharedColumns.map { "c." + $0 }.joined(separator: ", "))
                \(movedItems(joining: "\(cache.name) c ON c.asset_id = i.asset_id"))
                """))
        }
    }

    /// Puts the saved rows of one commit back into the index, a chunk of items at a time, with one
    /// statement per kind of row (not one per item); its statements are prepared once per undo.
    ///
    /// The chunk's restored items, with the identity each file has now, are written to
    /// ``table``, which then says which id each was put back under. The rows that keep their old
    /// id (free in `assets` before the chunk) go in first, then those whose old id a newer asset
    /// took, which get new ids: the other way round, a new id could take the old id of a later row,
    /// which `INSERT OR IGNORE` would then drop. The new ctime the file has after its two renames is
    /// given to the rows as they are inserted, not by updates after.
    struct Restorer {
        /// An asset row put back: the item it belongs to, the id it has now and its sidecar signature.
        struct Restored {
            let seq: Int64
            let id: Int64
            let sidecarSignature: String?
        }

        /// The chunk being restored, one row per restored item: `seq` (the commit item), `keeps` (1
        /// when its saved row's old id was free, 0 when it was taken, NULL when nothing was saved
        /// in `commit_assets`), `id` (the id its row was put back under, NULL when it was not),
        /// then the identity of the file as undo left it.
        static let table = "temp.restored_assets"

        private let db: Database
        private let commit: Int64
        private let clear: Statement
        private let tally: Statement
        private let insertKept: Statement
        private let unsetDropped: Statement
        private let maxID: Statement
        private let insertRenumbered: Statement
        private let resolveRenumbered: Statement
        private let legacy: Statement
        private let setID: Statement
        private let withSidecars: Statement
        /// The rows that hang off the asset (companions, hashes, image hashes, features), only for
        /// the tables in which this commit saved any row: for the others each would insert nothing.
        private let insertRows: [Statement]
        private let fill: (String) -> String

        init(db: Database, commit: Int64) throws {
            self.db = db
            self.commit = commit
            let columns = try sharedColumns(db).filter { $0 != "id" }
            try db.execute("""
                CREATE TEMP TABLE IF NOT EXISTS restored_assets (seq INTEGER PRIMARY KEY, keeps INTEGER, id INTEGER,
                    device INTEGER, inode INTEGER, size INTEGER, mtime_ns INTEGER, ctime_ns INTEGER)
                """)
            clear = try db.prepare("DELETE FROM \(Self.table)")
            // The rows of `VALUES` are the items (seq, then the file as undo left it), the last `?`
            // the commit. `id` is the saved row's old id, provisionally: the statements below unset
            // it for rows not put back, and give the renumbered ones theirs.
            fill = { rows in
                """
                INSERT INTO \(Self.table) (seq, keeps, id, device, inode, size, mtime_ns, ctime_ns)
                SELECT v.column1, CASE WHEN s.seq IS NULL THEN NULL
                                       ELSE s.id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM assets a WHERE a.id = s.id) END,
                       s.id, v.column2, v.column3, v.column4, v.column5, v.column6
                FROM (VALUES \(rows)) v LEFT JOIN commit_assets s ON s.commit_id = ? AND s.seq = v.column1
                """
            }
            // ?1 commit throughout. The saved ctime is kept unless the saved row is the file as undo left it (r.*).
            func settled(_ prefix: String) -> String {
                "CASE WHEN \(prefix).device = r.device AND \(prefix).inode = r.inode AND \(prefix).size = r.size "
                    + "AND \(prefix).mtime_ns = r.mtime_ns THEN r.ctime_ns ELSE \(prefix).ctime_ns END"
            }
            // CROSS JOIN: from the chunk's rows, in seq order, to their saved rows (not over the whole commit's).
            func insertAssets(id: String, keeps: Int) throws -> Statement {
                try db.prepare("""
                    INSERT OR IGNORE INTO assets (id, \(columns.map(quoted).joined(separator: ", ")))
                    SELECT \(id), \(columns.map { $0 == "ctime_ns" ? settled("s") : "s." + quoted($0) }.joined(separator: ", "))
                    FROM \(Self.table) r CROSS JOIN commit_assets s ON s.commit_id = ?1 AND s.seq = r.seq
                    WHERE r.keeps = \(keeps) ORDER BY r.seq
                    """)
            }
            tally = try db.prepare("SELECT coalesce(sum(keeps = 1), 0) AS kept, coalesce(sum(keeps = 0), 0) AS renumbered FROM \(Self.table)")
            insertKept = try insertAssets(id: "s.id", keeps: 1)
            // A kept row's id was free before the chunk: a row of that id now is the one put back.
            unsetDropped = try db.prepare("""
                UPDATE \(Self.table) SET id = NULL WHERE keeps = 1 AND NOT EXISTS (SELECT 1 FROM assets a WHERE a.id = restored_assets.id)
                """)
            maxID = try db.prepare("SELECT coalesce(max(id), 0) AS id FROM assets")
            insertRenumbered = try insertAssets(id: "NULL", keeps: 0)
            // ?2 the largest id before the renumbered rows went in: theirs are above it, while another
            // asset indexed at the same path since (which a row yields to) is not.
            resolveRenumbered = try db.prepare("""
                UPDATE \(Self.table) SET id = (SELECT a.id FROM commit_assets s JOIN assets a ON a.path = s.path
                    WHERE s.commit_id = ?1 AND s.seq = restored_assets.seq AND a.id > ?2)
                WHERE keeps = 0
                """)
            legacy = try db.prepare("""
                SELECT r.seq, i.snapshot FROM \(Self.table) r CROSS JOIN commit_items i ON i.commit_id = ?1 AND i.seq = r.seq
                WHERE r.keeps IS NULL AND i.snapshot IS NOT NULL ORDER BY r.seq
                """)
            setID = try db.prepare("UPDATE \(Self.table) SET id = ? WHERE seq = ?")
            withSidecars = try db.prepare("""
                SELECT r.seq, r.id, a.sidecar_signature FROM \(Self.table) r CROSS JOIN assets a ON a.id = r.id
                WHERE a.sidecar_signature <> '' ORDER BY r.seq
                """)
            let rows: [(table: String, sql: String)] = [
                ("commit_companions", """
                    INSERT OR IGNORE INTO companions (asset_id, path, role)
                    SELECT r.id, c.path, c.role FROM \(Self.table) r CROSS JOIN commit_companions c ON c.commit_id = ?1 AND c.seq = r.seq
                    WHERE r.keeps IS NOT NULL AND r.id IS NOT NULL ORDER BY r.seq
                    """),
            ] + CacheTable.registered.map { cache in
                (cache.commitTable, """
                    INSERT OR IGNORE INTO \(cache.name) (asset_id, \(cache.sharedColumns.joined(separator: ", ")))
                    SELECT r.id, \(cache.sharedColumns.map { $0 == "ctime_ns" ? settled("c") : "c." + $0 }.joined(separator: ", "))
                    FROM \(Self.table) r CROSS JOIN \(cache.commitTable) c ON c.commit_id = ?1 AND c.seq = r.seq
                    WHERE r.keeps IS NOT NULL AND r.id IS NOT NULL ORDER BY r.seq
                    """)
            }
            // Table names are fixed identifiers (the cache tables' from their descriptions), never input.
            insertRows = try rows.filter { row in
                try db.scalar("SELECT EXISTS (SELECT 1 FROM \(row.table) WHERE commit_id = ?)", [.integer(commit)])?.int64 == 1
            }.map { try db.prepare($0.sql) }
        }

        /// Puts back the index rows of the items `back` (seq order, each with the file as undo left
        /// it) and the rows that hang off them (companions, hashes, image hashes, features). A row
        /// keeps its old id when it is free; nothing is put back when its path is indexed again
        /// already, or when nothing was saved. ``table`` then holds the ids used; returned are the
        /// rows put back with a sidecar signature (whose sidecars may need settling), in seq order.
        ///
        /// `now` is the file as undo left it: the renames to the trash and back gave it a new ctime,
        /// which the rows of that same file (device, inode, size, mtime as saved) take, so the next
        /// scan and plan see it unchanged instead of re-reading and rehashing it. (The id was free
        /// in `assets`, and no row hangs off an id `assets` lacks, so the rows inserted here are the
        /// only ones of that id.)
        func restore(_ back: [(seq: Int64, now: FileIdentity?)]) throws -> [Restored] {
            try clear.execute()
            let key: [SQLValue] = [.integer(commit)]
            try db.insertRows(width: 6, count: back.count, trailing: key, fill) { index, values in
                let (seq, now) = back[index]
                values.append(.integer(seq))
                if let now {
                    values += [.integer(now.device), .integer(now.inode), .integer(now.size), .integer(now.mtimeNs), .integer(now.ctimeNs)]
                } else {
                    values += Array(repeating: .null, count: 5)
                }
            }
            var (kept, renumbered) = (0, 0)
            try tally.forEachRow { (kept, renumbered) = ($0.int("kept"), $0.int("renumbered")) }
            try insertKept.execute(key)
            if db.changes != kept { try unsetDropped.execute() }
            if renumbered > 0 {
                var largest: Int64 = 0
                try maxID.forEachRow { largest = $0.int64("id") }
                try insertRenumbered.execute(key)
                try resolveRenumbered.execute(key + [.integer(largest)])
            }
            for statement in insertRows { try statement.execute(key) }
            // Batches of the first release: each item's JSON snapshot, one at a time.
            var snapshots: [(seq: Int64, json: String)] = []
            try legacy.forEachRow(key) { snapshots.append(($0.int64("seq"), $0.string("snapshot") ?? "")) }
            for (seq, json) in snapshots {
                if let id = try AssetSnapshot.restore(db, json: json) { try setID.execute([.integer(id), .integer(seq)]) }
            }
            var result: [Restored] = []
            try withSidecars.forEachRow { row in
                result.append(Restored(seq: row.int64("seq"), id: row.int64("id"), sidecarSignature: row.string("sidecar_signature")))
            }
            return result
        }
    }

    /// The columns of `assets` that `commit_assets` has too (all of them, as a test checks; the
    /// intersection keeps a forgotten column from failing a commit half-way).
    static func sharedColumns(_ db: Database) throws -> [String] {
        let saved = Set(try columns(db, table: "commit_assets"))
        return try columns(db, table: "assets").filter(saved.contains)
    }

    static func columns(_ db: Database, table: String) throws -> [String] {
        var names: [String] = []
        try db.forEachRow("SELECT name FROM pragma_table_info(?) ORDER BY cid", [.text(table)]) { names.append($0.string("name") ?? "") }
        return names
    }

    /// Column names come from the schema (identifiers Cull declared), never from input.
    private static func quoted(_ column: String) -> String { "\"" + column + "\"" }

    /// Re-inserts a row saved as JSON by the first release (`{"asset": {...}, "companions": [[path, role]]}`,
    /// BLOBs as `{"blob": HEX}`).
    private static func restore(_ db: Database, json: String) throws -> Int64? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any],
              var asset = object["asset"] as? [String: Any] else { return nil }
        let existing = Set(try columns(db, table: "assets"))
        if let id = asset["id"] as? NSNumber,
           try db.scalar("SELECT 1 FROM assets WHERE id = ?", [.integer(id.int64Value)]) != nil {
            asset["id"] = nil
        }
        let names = asset.keys.filter(existing.contains).sorted()
        guard !names.isEmpty else { return nil }
        let marks = names.map { _ in "?" }.joined(separator: ", ")
        try db.execute("INSERT OR IGNORE INTO assets (\(names.map(quoted).joined(separator: ", "))) VALUES (\(marks))",
                       names.map { decode(asset[$0]) })
        guard db.changes == 1 else { return nil }
        let id = db.lastInsertRowID
        for companion in object["companions"] as? [[Any]] ?? [] where companion.count == 2 {
            try db.execute("INSERT OR IGNORE INTO companions (asset_id, path, role) VALUES (?, ?, ?)",
                           [.integer(id), decode(companion[0]), .text(companion[1] as? String ?? "")])
        }
        return id
    }

    private static func decode(_ value: Any?) -> SQLValue {
        switch value {
        case let text as String: return .text(text)
        case let number as NSNumber:
            let type = String(cString: number.objCType)
            if type == "d" || type == "f" { return .real(number.doubleValue) }
            return .integer(number.int64Value)
        case let object as [String: Any]:
            guard let hex = object["blob"] as? String else { return .null }
            var bytes: [UInt8] = []
            var index = hex.startIndex
            while index < hex.endIndex, let next = hex.index(index, offsetBy: 2, limitedBy: hex.endIndex) {
                bytes.append(UInt8(hex[index..<next], radix: 16) ?? 0)
                index = next
            }
            return .blob(bytes)
        default: return .null
        }
    }
}
