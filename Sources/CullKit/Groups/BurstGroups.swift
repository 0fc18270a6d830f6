/// The bursts of the whole index (`burst: true`): photos sharing a burst identifier (Apple's
/// burst UUID from the maker note, Google's XMP `BurstID`), else photos from the same camera
/// (make and model) in the same capture second that SubSecTime tells apart (two or more distinct
/// fractions: copies of one frame alone are no burst).
///
/// Each candidate lists its ids in burst order (the `first`/`last` rankings): capture time, then
/// the fraction of the second, then the path.
enum BurstGroups {
    static func candidates(_ db: Database) throws -> [GroupCandidate] {
        var frames: [String: [(id: Int64, taken: Int64?, subsecond: Int64?, path: [UInt8])]] = [:]
        let collect = { (row: Row, column: Columns) in
            // The burst id, or the camera and its capture second ("Canon EOS R5 2024-05-01T10:00:00").
            let taken = row.optionalInt64(column.taken)
            let key = row.string(column.burst) ?? [row.string(column.make), row.string(column.model), taken.map { CivilDate.iso8601($0) }]
                .compactMap { $0 }.joined(separator: " ")
            frames[key, default: []].append((row.int64(column.id), taken, row.optionalInt64(column.subsecond), row.bytes(column.path) ?? []))
        }
        // `+kind`: most of a library is photos, so the kind indexes select little and cost a table
        // seek per photo; one scan of the table reads the same rows several times faster.
        try db.forEachRow("""
            SELECT a.burst_id, a.id, a.taken, a.taken_subsec_us, a.path, NULL AS camera_make, NULL AS camera_model FROM assets a
            WHERE +a.kind = ?1 AND a.burst_id IN
                (SELECT burst_id FROM assets WHERE burst_id IS NOT NULL AND +kind = ?1 GROUP BY burst_id HAVING count(*) > 1)
            """, [.text(MediaKind.photo.rawValue)], Columns.self, collect)
        try db.forEachRow("""
            SELECT NULL AS burst_id, a.id, a.taken, a.taken_subsec_us, a.path, a.camera_make, a.camera_model
            FROM assets a
            WHERE +a.kind = ?1 AND a.burst_id IS NULL AND a.taken_subsec_us IS NOT NULL
              AND (a.camera_make, a.camera_model, a.taken) IN
                (SELECT camera_make, camera_model, taken FROM assets
                 WHERE +kind = ?1 AND burst_id IS NULL AND taken_subsec_us IS NOT NULL
                   AND camera_make IS NOT NULL AND camera_model IS NOT NULL AND taken IS NOT NULL
                 GROUP BY camera_make, camera_model, taken HAVING count(DISTINCT taken_subsec_us) > 1)
            """, [.text(MediaKind.photo.rawValue)], Columns.self, collect)
        return frames.map { key, rows in
            let ordered = rows.sorted { a, b in
                if a.taken != b.taken { return (a.taken ?? Int64.max) < (b.taken ?? Int64.max) }
                if a.subsecond != b.subsecond { return (a.subsecond ?? -1) < (b.subsecond ?? -1) }
                return PathBytes.precedes(a.path, b.path)
            }
            return GroupCandidate(key: key, ids: ordered.map(\.id))
        }.sorted { $0.key < $1.key }
    }

    /// Both reads select a frame's burst id or camera, its capture time and its path.
    private struct Columns: RowColumns {
        let burst, id, taken, subsecond, path, make, model: Row.Column

        init(_ row: Row) {
            (burst, id, taken, subsecond) = (row.index("burst_id"), row.index("id"), row.index("taken"), row.index("taken_subsec_us"))
            (path, make, model) = (row.index("path"), row.index("camera_make"), row.index("camera_model"))
        }
    }
}
