import Foundation

/// The index rows of moved assets, kept in the journal so `cull undo` can put them back exactly,
/// without re-reading the files: `commit_assets` and `commit_companions` (migration
/// `0004-commit-snapshots`) hold copies of the `assets` and `companions` rows, and each registered
/// cache table (``CacheTable/registered``: `hashes`, `image_hashes`, `image_features`) has its
/// `commit_` copy. Batches of the
/// first release kept a JSON snapshot in `commit_items.snapshot` instead; undo still reads those.
enum AssetSnapshot {
    /// The statements that copy the asset, companions and cache rows of a commit's `moved` items whose
    /// `seq` lies in a range (each bound: commit, first seq, last seq, `moved`). Run in the transaction that
    /// books the items, before their rows are deleted.
    static func captureStatements(_ db: Database) throws -> [Statement] {
        let columns = try sharedColumns(db)
        func movedItems(joining join: String) -> String {
            "FROM commit_items i JOIN \(join) WHERE i.commit_id = ?1 AND i.seq BETWEEN ?2 AND ?3 AND i.state = ?4"
        }
        return try [
            db.prepare("""
                INSERT OR IGNORE INTO commit_assets (commit_id, seq, \(columns.map(quoted).joined(separator: ", ")))
                SELECT i.commit_id, i.seq, \(columns.map { "a." + quoted($0) }.joined(separator: ", "))
                \(movedItems(joining: "assets a ON a.id = i.asset_id"))
                """),
            db.prepare("""
                INSERT OR IGNORE INTO commit_companions (commit_id, seq, path, role)
                SELECT i.commit_id, i.seq, c.path, c.role
                \(movedItems(joining: "companions c ON c.asset_id = i.asset_id"))
                """),
        ] + CacheTable.registered.map { cache in
            try db.prepare("""
                INSERT OR IGNORE INTO \(cache.commitTable) (commit_id, seq, \(cache.sharedColumns.joined(separator: ", ")))
                SELECT i.commit_id, i.seq, \(cache.sharedColumns.map { "c." + $0 }.joined(separator: ", "))
                \(movedItems(joining: "\(cache.name) c ON c.asset_id = i.asset_id"))
                """)
        }
    }

    /// Puts the saved rows of one commit back into the index; its statements are prepared once per undo.
    ///
    /// A restored item costs one statement for its `assets` row (which returns the id used and the
    /// sidecar signature) and one for each kind of row the commit saved any of: the new ctime the
    /// file has after its two renames is given to the rows as they are inserted, not by updates after.
    struct Restorer {
        /// An asset row put back: the id it has now and its recorded sidecar signature.
        struct Restored {
            let id: Int64
            let sidecarSignature: String?
        }

        private let db: Database
        private let commit: Int64
        private let saved: Statement
        private let insertAsset: Statement
        /// The rows that hang off the asset (companions, hashes, image hashes, features), only for
        /// the tables in which this commit saved any row: for the others each would insert nothing.
        private let insertRows: [Statement]

        init(db: Database, commit: Int64) throws {
            self.db = db
            self.commit = commit
            let columns = try sharedColumns(db).filter { $0 != "id" }
            saved = try db.prepare("SELECT 1 FROM commit_assets WHERE commit_id = ? AND seq = ?")
            // ?1 commit, ?2 seq, ?3 ... ?7 the file as undo left it (device, inode, size, mtime, ctime),
            // or NULLs: the saved ctime is kept unless the saved row is that same file.
            func settled(_ prefix: String) -> String {
                "CASE WHEN \(prefix)device = ?3 AND \(prefix)inode = ?4 AND \(prefix)size = ?5 AND \(prefix)mtime_ns = ?6 "
                    + "THEN ?7 ELSE \(prefix)ctime_ns END"
            }
            insertAsset = try db.prepare("""
                INSERT OR IGNORE INTO assets (id, \(columns.map(quoted).joined(separator: ", ")))
                SELECT CASE WHEN EXISTS (SELECT 1 FROM assets WHERE id = s.id) THEN NULL ELSE s.id END,
                       \(columns.map { $0 == "ctime_ns" ? settled("s.") : "s." + quoted($0) }.joined(separator: ", "))
                FROM commit_assets s WHERE s.commit_id = ?1 AND s.seq = ?2
                RETURNING id, sidecar_signature
                """)
            // ?8 the asset id used.
            let rows: [(table: String, sql: String)] = [
                ("commit_companions", """
                    INSERT OR IGNORE INTO companions (asset_id, path, role)
                    SELECT ?8, path, role FROM commit_companions WHERE commit_id = ?1 AND seq = ?2
                    """),
            ] + CacheTable.registered.map { cache in
                (cache.commitTable, """
                    INSERT OR IGNORE INTO \(cache.name) (asset_id, \(cache.sharedColumns.joined(separator: ", ")))
                    SELECT ?8, \(cache.sharedColumns.map { $0 == "ctime_ns" ? settled("") : $0 }.joined(separator: ", "))
                    FROM \(cache.commitTable) WHERE commit_id = ?1 AND seq = ?2
                    """)
            }
            // Table names are fixed identifiers (the cache tables' from their descriptions), never input.
            insertRows = try rows.filter { row in
                try db.scalar("SELECT EXISTS (SELECT 1 FROM \(row.table) WHERE commit_id = ?)", [.integer(commit)])?.int64 == 1
            }.map { try db.prepare($0.sql) }
        }

        /// Puts back the index row of item `seq` and the rows that hang off it (companions, hashes,
        /// image hashes, features). Keeps the old id when it is free; does nothing when the path is
        /// indexed again already, or when nothing was saved. Returns the asset id used.
        ///
        /// `now` is the file as undo left it: the renames to the trash and back gave it a new ctime,
        /// which the rows of that same file (device, inode, size, mtime as saved) take, so the next
        /// scan and plan see it unchanged instead of re-reading and rehashing it. (The id was free
        /// in `assets`, and no row hangs off an id `assets` lacks, so the rows inserted here are the
        /// only ones of that id.)
        func restore(seq: Int64, now: FileIdentity? = nil) throws -> Restored? {
            let key: [SQLValue] = [.integer(commit), .integer(seq)]
            let file: [SQLValue] = now.map { [.integer($0.device), .integer($0.inode), .integer($0.size), .integer($0.mtimeNs),
                                               .integer($0.ctimeNs)] } ?? Array(repeating: .null, count: 5)
            var restored: Restored?
            try insertAsset.forEachRow(key + file) { restored = Restored(id: $0.int64("id"), sidecarSignature: $0.string("sidecar_signature")) }
            guard let restored else {
                var found = false
                try saved.forEachRow(key) { _ in found = true }
                if found { return nil }     // saved, but its path (or id) is indexed again already
                let legacy = try db.scalar("SELECT snapshot FROM commit_items WHERE commit_id = ? AND seq = ?", key)?.string
                guard let id = try legacy.flatMap({ try AssetSnapshot.restore(db, json: $0) }) else { return nil }
                return Restored(id: id, sidecarSignature: try db.scalar("SELECT sidecar_signature FROM assets WHERE id = ?",
                                                                        [.integer(id)])?.string)
            }
            for statement in insertRows { try statement.execute(key + file + [.integer(restored.id)]) }
            return restored
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
