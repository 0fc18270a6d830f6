/// Writes scan results into the index, one transaction per batch: a scan killed at any
/// moment leaves every batch either fully written or not at all, and the next scan completes it.
struct IndexWriter {
    let db: Database
    /// Unix seconds when this scan started (the `added` time of new assets).
    let now: Int64

    /// Upserts `records` (and replaces their companions) in one transaction. Assets in `changed`
    /// lose a `trashed` review: the user decided on content that is no longer there, so the next
    /// `stage` decides again (a `kept` review stays: keeping is never undone behind the user's back).
    func write(_ records: [AssetRecord], changed: [Int64] = []) throws {
        try db.transaction {
            let unstage = try db.cached("DELETE FROM reviews WHERE asset_id = ? AND status = ?")
            for id in changed { try unstage.execute([.integer(id), StagingStatus.trashed.sql]) }
            let insert = try db.cached(AssetColumn.insertSQL)
            let upsert = try db.cached(AssetColumn.upsertSQL)
            let idOfPath = try db.cached("SELECT id FROM assets WHERE path = ?")
            let clearCompanions = try db.cached("DELETE FROM companions WHERE asset_id = ?")
            let addCompanion = try db.cached("INSERT OR REPLACE INTO companions (asset_id, path, role) VALUES (?, ?, ?)")
            // No companions yet (a first scan, a library without sidecars): none to clear, and the
            // batch adds only its own files' (a DELETE per file was a sixth of a first scan's writing).
            let clearing = try db.scalar("SELECT 1 FROM companions LIMIT 1") != nil
            for record in records {
                // A new path is inserted, a known one upserted (see ``AssetColumn/insertSQL``). The
                // asset's id without `RETURNING` (which made SQLite open and close a temporary
                // table for every file): the new rowid when it was inserted, else looked up.
                let arguments = Self.arguments(record, now: now)
                try insert.execute(arguments)
                var id = db.lastInsertRowID
                if db.changes == 0 {
                    try upsert.execute(arguments)
                    try idOfPath.forEachRow([PathBytes.sqlValue(record.file.relativePath)]) { row in id = row.int64("id") }
                }
                if clearing { try clearCompanions.execute([.integer(id)]) }
                for sidecar in record.file.sidecars {
                    try addCompanion.execute([.integer(id), PathBytes.sqlValue(sidecar.relativePath), .text(sidecar.role.rawValue)])
                }
            }
        }
    }

    /// Records sidecar signatures again, for files whose sidecars did not change (see ``Companions/unchanged(_:since:)``).
    func updateSidecarSignatures(_ rows: [(id: Int64, signature: String)]) throws {
        try db.transaction {
            let update = try db.cached("UPDATE assets SET sidecar_signature = ? WHERE id = ?")
            for row in rows { try update.execute([.text(row.signature), .integer(row.id)]) }
        }
    }

    /// Moves renamed assets to their new paths, keeping their ids (and so their reviews and every
    /// other row that hangs off them), with their companions, in one transaction. Each path goes
    /// through a placeholder first (a BLOB, which no real TEXT path equals), so a swap never
    /// collides with the UNIQUE path of the other file. An asset still indexed at a new path whose
    /// file is not there any more (moved out, and another file renamed onto its name) is displaced
    /// to a placeholder of its own: the scan found it nowhere, and forgets it with what vanished.
    func rename(_ moves: [(id: Int64, file: FoundFile)]) throws {
        try db.transaction {
            let park = try db.cached("UPDATE assets SET path = ? WHERE id = ?")
            for move in moves { try park.execute([.blob(Array("\u{0}rename:\(move.id)".utf8)), .integer(move.id)]) }
            let displace = try db.cached("UPDATE assets SET path = CAST(X'00' || 'displaced:' || id AS BLOB) WHERE path = ?")
            for move in moves { try displace.execute([PathBytes.sqlValue(move.file.relativePath)]) }
            let place = try db.cached("UPDATE assets SET path = ?, folder = ?, name = ?, extension = ? WHERE id = ?")
            let clearCompanions = try db.cached("DELETE FROM companions WHERE asset_id = ?")
            let addCompanion = try db.cached("INSERT OR REPLACE INTO companions (asset_id, path, role) VALUES (?, ?, ?)")
            for (id, file) in moves {
                try place.execute([PathBytes.sqlValue(file.relativePath), .text(String(decoding: file.folder, as: UTF8.self)),
                                   .text(String(decoding: file.name, as: UTF8.self)),
                                   .text(PathBytes.lowercaseExtension(file.name)), .integer(id)])
                try clearCompanions.execute([.integer(id)])
                for sidecar in file.sidecars {
                    try addCompanion.execute([.integer(id), PathBytes.sqlValue(sidecar.relativePath), .text(sidecar.role.rawValue)])
                }
            }
        }
    }

    /// Deletes the assets with these ids (their reviews and companions go with them).
    func remove(_ ids: [Int64]) throws {
        try db.transaction {
            let delete = try db.cached("DELETE FROM assets WHERE id = ?")
            for id in ids { try delete.execute([.integer(id)]) }
        }
    }

    /// Pairs photos and videos as Live Photos where the evidence says so (``LivePairs``).
    func pairLivePhotos() throws {
        try LivePairs.pairByEvidence(db)
    }

    /// The upsert's arguments for `record`, in ``AssetColumn/scanned`` order.
    static func arguments(_ record: AssetRecord, now: Int64) -> [SQLValue] {
        AssetColumn.scanned.map { $0.value(of: record, now: now) ?? .null }
    }
}
