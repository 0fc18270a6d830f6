/// The exact-duplicate groups of the whole index, from the hashes ``HashCache`` keeps current:
/// files sharing size and full XXH3-128 hash, one per inode, two or more. Rows whose identity is
/// not the asset's any more are ignored.
enum ExactGroups {
    /// One candidate per (size, full hash) shared by two or more current rows; the key is the hash in hex.
    static func candidates(_ db: Database) throws -> [GroupCandidate] {
        var candidates: [GroupCandidate] = []
        var current: (hash: ContentHash, size: Int64)?
        var ids: [Int64] = []
        try db.forEachRow("""
            SELECT h.full, a.size, a.id
            FROM (SELECT full FROM hashes WHERE full IS NOT NULL GROUP BY full HAVING count(*) > 1) d
            JOIN hashes h ON h.full = d.full JOIN assets a ON a.id = h.asset_id
            WHERE a.size > 0 AND \(HashSchema.current("h", "a"))
            ORDER BY a.size, h.full
            """) { row in
            guard let hash = ContentHash(bytes: row.bytes(0)) else { return }
            let size = row.int64(1)
            if let open = current, open.hash != hash || open.size != size {
                candidates.append(GroupCandidate(key: open.hash.hex, ids: ids))
                ids = []
            }
            current = (hash, size)
            ids.append(row.int64(2))
        }
        if let open = current { candidates.append(GroupCandidate(key: open.hash.hex, ids: ids)) }
        return candidates
    }
}
