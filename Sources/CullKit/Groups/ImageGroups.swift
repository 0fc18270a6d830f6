/// The same-picture groups of the whole index (`duplicate: image`): files whose image data alone
/// hashes the same (``ImageDataHasher``, kept current by ``ImageHashCache``), whatever their
/// metadata, one member per inode, two or more. Rows whose identity is not the asset's any more
/// are ignored, and so are files whose structure could not be walked.
enum ImageGroups {
    /// Each group's key (the image-data hash, hex) and members in path byte order.
    static func groups(_ db: Database) throws -> [(key: String, members: [GroupMember])] {
        var rows: [(hash: ContentHash, row: (file: HashCache.FileKey, member: GroupMember))] = []
        try db.forEachRow("""
            SELECT i.hash, \(MemberRows.columns)
            FROM (SELECT hash FROM image_hashes WHERE hash IS NOT NULL GROUP BY hash HAVING count(*) > 1) d
            JOIN image_hashes i ON i.hash = d.hash JOIN assets a ON a.id = i.asset_id
            WHERE \(HashSchema.current("i", "a"))
            ORDER BY i.hash
            """, [try MemberRows.threshold(db)]) { row in
            guard let hash = ContentHash(bytes: row.bytes(0)) else { return }
            rows.append((hash, MemberRows.read(row, from: 1)))
        }
        var groups: [(key: String, members: [GroupMember])] = []
        var start = 0
        while start < rows.count {
            var end = start + 1
            while end < rows.count && rows[end].hash == rows[start].hash { end += 1 }
            let members = MemberRows.onePerInode(rows[start..<end].map(\.row))
            if members.count > 1 { groups.append((rows[start].hash.hex, members)) }
            start = end
        }
        return groups.sorted { PathBytes.precedes($0.members[0].path, $1.members[0].path) }
    }
}
