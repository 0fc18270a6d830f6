/// The same-picture groups of the whole index (`duplicate: image`): files whose image data alone
/// hashes the same (``ImageDataHasher``, kept current by ``ImageHashCache``), whatever their
/// metadata. Rows whose identity is not the asset's any more are ignored, and so are files whose
/// structure could not be walked.
enum ImageGroups {
    /// One candidate per image-data hash shared by two or more current rows; the key is the hash in hex.
    static func candidates(_ db: Database) throws -> [GroupCandidate] {
        var candidates: [GroupCandidate] = []
        var current: ContentHash?
        var ids: [Int64] = []
        try db.forEachRow("""
            SELECT i.hash, a.id
            FROM (SELECT hash FROM image_hashes WHERE hash IS NOT NULL GROUP BY hash HAVING count(*) > 1) d
            JOIN image_hashes i ON i.hash = d.hash JOIN assets a ON a.id = i.asset_id
            WHERE \(CachedRow.isCurrent("i", for: "a"))
            ORDER BY i.hash
            """, [], Columns.self) { row, column in
            guard let hash = ContentHash(bytes: row.bytes(column.hash)) else { return }
            if let open = current, open != hash {
                candidates.append(GroupCandidate(key: open.hex, ids: ids))
                ids = []
            }
            current = hash
            ids.append(row.int64(column.id))
        }
        if let open = current { candidates.append(GroupCandidate(key: open.hex, ids: ids)) }
        return candidates
    }

    /// The hash and asset ``candidates(_:)`` reads.
    private struct Columns: RowColumns {
        let hash, id: Row.Column

        init(_ row: Row) { (hash, id) = (row.index("hash"), row.index("id")) }
    }
}
