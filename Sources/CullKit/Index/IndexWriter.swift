/// Writes scan results into the index, one transaction per batch: a scan killed at any
/// moment leaves every batch either fully written or not at all, and the next scan completes it.
struct IndexWriter {
    let db: Database
    /// Unix seconds when this scan started (the `added` time of new assets).
    let now: Int64

    private static let upsertSQL = """
        INSERT INTO assets (path, folder, name, extension, device, inode, size, mtime_ns, sidecar_signature,
            added, modified, kind, format, width, height, orientation, duration, taken, taken_utc, taken_offset,
            taken_source, camera_make, camera_model, lens, software, latitude, longitude, rating, favorite_flag,
            screenshot, screenshot_evidence, live_id, burst_id, raw, broken, broken_reason, ctime_ns, unreadable_reason)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT(path) DO UPDATE SET
            folder = excluded.folder, name = excluded.name, extension = excluded.extension,
            device = excluded.device, inode = excluded.inode, size = excluded.size, mtime_ns = excluded.mtime_ns,
            sidecar_signature = excluded.sidecar_signature, modified = excluded.modified, kind = excluded.kind,
            format = excluded.format, width = excluded.width, height = excluded.height,
            orientation = excluded.orientation, duration = excluded.duration, taken = excluded.taken,
            taken_utc = excluded.taken_utc, taken_offset = excluded.taken_offset, taken_source = excluded.taken_source,
            camera_make = excluded.camera_make, camera_model = excluded.camera_model, lens = excluded.lens,
            software = excluded.software, latitude = excluded.latitude, longitude = excluded.longitude,
            rating = excluded.rating, favorite_flag = excluded.favorite_flag, screenshot = excluded.screenshot,
            screenshot_evidence = excluded.screenshot_evidence, live_id = excluded.live_id,
            burst_id = excluded.burst_id, raw = excluded.raw, broken = excluded.broken,
            broken_reason = excluded.broken_reason, ctime_ns = excluded.ctime_ns,
            unreadable_reason = excluded.unreadable_reason
        RETURNING id
        """

    /// Upserts `records` (and replaces their companions) in one transaction. Assets in `changed`
    /// lose a `trashed` review: the user decided on content that is no longer there, so the next
    /// `stage` decides again (a `kept` review stays: keeping is never undone behind the user's back).
    func write(_ records: [AssetRecord], changed: [Int64] = []) throws {
        try db.transaction {
            let unstage = try db.cached("DELETE FROM reviews WHERE asset_id = ? AND status = 'trashed'")
            for id in changed { try unstage.execute([.integer(id)]) }
            let upsert = try db.cached(Self.upsertSQL)
            let clearCompanions = try db.cached("DELETE FROM companions WHERE asset_id = ?")
            let addCompanion = try db.cached("INSERT OR REPLACE INTO companions (asset_id, path, role) VALUES (?, ?, ?)")
            for record in records {
                var id: Int64 = 0
                try upsert.forEachRow(Self.arguments(record, now: now)) { row in id = row.int64(0) }
                try clearCompanions.execute([.integer(id)])
                for sidecar in record.file.sidecars {
                    try addCompanion.execute([.integer(id), PathValue.bind(sidecar.relativePath), .text(sidecar.role.rawValue)])
                }
            }
        }
    }

    /// Moves renamed assets to their new paths, keeping their ids (and so their reviews and every
    /// other row that hangs off them), with their companions, in one transaction. Each path goes
    /// through a placeholder first (a BLOB, which no real TEXT path equals), so a swap never
    /// collides with the UNIQUE path of the other file.
    /// Records sidecar signatures again, for files whose sidecars did not change (see ``Companions/unchanged(_:since:)``).
    func updateSidecarSignatures(_ rows: [(id: Int64, signature: String)]) throws {
        try db.transaction {
            let update = try db.cached("UPDATE assets SET sidecar_signature = ? WHERE id = ?")
            for row in rows { try update.execute([.text(row.signature), .integer(row.id)]) }
        }
    }

    func rename(_ moves: [(id: Int64, file: FoundFile)]) throws {
        try db.transaction {
            let park = try db.cached("UPDATE assets SET path = ? WHERE id = ?")
            for move in moves { try park.execute([.blob(Array("\u{0}rename:\(move.id)".utf8)), .integer(move.id)]) }
            let place = try db.cached("UPDATE assets SET path = ?, folder = ?, name = ?, extension = ? WHERE id = ?")
            let clearCompanions = try db.cached("DELETE FROM companions WHERE asset_id = ?")
            let addCompanion = try db.cached("INSERT OR REPLACE INTO companions (asset_id, path, role) VALUES (?, ?, ?)")
            for (id, file) in moves {
                try place.execute([PathValue.bind(file.relativePath), .text(String(decoding: file.folder, as: UTF8.self)),
                                   .text(String(decoding: file.name, as: UTF8.self)),
                                   .text(TreeWalker.lowercaseExtension(file.name)), .integer(id)])
                try clearCompanions.execute([.integer(id)])
                for sidecar in file.sidecars {
                    try addCompanion.execute([.integer(id), PathValue.bind(sidecar.relativePath), .text(sidecar.role.rawValue)])
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

    static func arguments(_ record: AssetRecord, now: Int64) -> [SQLValue] {
        let file = record.file
        let m = record.metadata
        let stamp = file.stamp
        return [
            PathValue.bind(file.relativePath),
            .text(String(decoding: file.folder, as: UTF8.self)),
            .text(String(decoding: file.name, as: UTF8.self)),
            .text(TreeWalker.lowercaseExtension(file.name)),
            .integer(Int64(bitPattern: stamp.device)),
            .integer(Int64(bitPattern: stamp.inode)),
            .integer(stamp.size),
            .integer(stamp.mtimeNanoseconds),
            .text(file.sidecarSignature),
            .integer(now),
            .integer(stamp.mtimeSeconds),
            .text(record.kind.rawValue),
            m.format.map(\.rawValue).sqlValue,
            m.displayWidth.sqlValue,
            m.displayHeight.sqlValue,
            m.orientation.sqlValue,
            m.duration.sqlValue,
            record.taken.map(\.local).sqlValue,
            record.taken?.utc.sqlValue ?? .null,
            record.taken?.offsetMinutes.sqlValue ?? .null,
            record.takenSource.sqlValue,
            m.make.sqlValue,
            m.model.sqlValue,
            m.lens.sqlValue,
            m.software.sqlValue,
            m.latitude.sqlValue,
            m.longitude.sqlValue,
            m.rating.sqlValue,
            m.favorite.sqlValue,
            (record.screenshotEvidence != nil).sqlValue,
            record.screenshotEvidence.sqlValue,
            m.liveID.sqlValue,
            m.burstID.sqlValue,
            (m.format?.isRaw ?? false).sqlValue,
            (record.brokenReason != nil).sqlValue,
            record.brokenReason.sqlValue,
            stamp.ctimeNanoseconds.sqlValue,
            record.unreadableReason.sqlValue,
        ]
    }
}
