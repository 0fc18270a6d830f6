/// One member of a group, with what the keeper rankings read.
public struct GroupMember: Sendable, Equatable {
    public let id: Int64
    /// Library-relative path bytes.
    public let path: [UInt8]
    public let size: Int64
    public let pixels: Int64?
    /// Capture time (UTC when known, else the local wall clock), epoch seconds.
    public let taken: Int64?
    public let favorite: Bool
    public let rating: Int64?
    /// How many metadata fields are present.
    public let metadataCount: Int
}

/// A set of byte-identical files (one per inode), ordered by path bytes.
public struct ExactGroup: Sendable, Equatable {
    public let hash: ContentHash
    public let members: [GroupMember]
}

/// The exact-duplicate groups of the whole index, from the hashes ``HashCache`` keeps current:
/// files sharing size and full XXH3-128 hash, one per inode, two or more. Rows whose identity is
/// not the asset's any more are ignored.
public struct ExactGroups: Sendable {
    public let groups: [ExactGroup]
    /// Member id → index in `groups`.
    public let groupOf: [Int64: Int]

    public init(groups: [ExactGroup]) {
        self.groups = groups
        var groupOf: [Int64: Int] = [:]
        for (index, group) in groups.enumerated() { for member in group.members { groupOf[member.id] = index } }
        self.groupOf = groupOf
    }

    /// Loads the groups; `favoriteThreshold` is the library's rating that counts as favorite.
    public static func load(_ db: Database) throws -> ExactGroups {
        let threshold = try db.scalar("SELECT value FROM settings WHERE key = 'favorite_threshold'")?.int64 ?? 4
        var rows: [(hash: ContentHash, device: Int64, inode: Int64, member: GroupMember)] = []
        try db.forEachRow("""
            SELECT h.full, a.device, a.inode, a.id, a.path, a.size, a.width * a.height, COALESCE(a.taken_utc, a.taken),
                   (COALESCE(a.favorite_flag, 0) = 1 OR COALESCE(a.rating, -1) >= ?), a.rating,
                   (a.taken IS NOT NULL) + (a.camera_make IS NOT NULL) + (a.camera_model IS NOT NULL) + (a.lens IS NOT NULL)
                   + (a.software IS NOT NULL) + (a.latitude IS NOT NULL) + (a.rating IS NOT NULL) + (a.favorite_flag IS NOT NULL)
                   + (a.width IS NOT NULL) + (a.orientation IS NOT NULL)
            FROM (SELECT full FROM hashes WHERE full IS NOT NULL GROUP BY full HAVING count(*) > 1) d
            JOIN hashes h ON h.full = d.full JOIN assets a ON a.id = h.asset_id
            WHERE a.size > 0 AND \(HashSchema.current("h", "a"))
            ORDER BY a.size, h.full
            """, [.integer(threshold)]) { row in
            guard let hash = ContentHash(bytes: row.bytes(0)) else { return }
            rows.append((hash, row.int64(1), row.int64(2), GroupMember(
                id: row.int64(3), path: row.bytes(4) ?? [], size: row.int64(5), pixels: row.optionalInt64(6),
                taken: row.optionalInt64(7), favorite: row.int64(8) != 0, rating: row.optionalInt64(9),
                metadataCount: row.int(10))))
        }
        var groups: [ExactGroup] = []
        var start = 0
        while start < rows.count {
            var end = start + 1
            while end < rows.count && rows[end].hash == rows[start].hash && rows[end].member.size == rows[start].member.size { end += 1 }
            // One member per inode (the first path), should two links both have a row.
            var seen: [HashCache.FileKey: Int] = [:]
            var members: [GroupMember] = []
            for row in rows[start..<end].sorted(by: { PathBytes.precedes($0.member.path, $1.member.path) }) {
                let key = HashCache.FileKey(device: row.device, inode: row.inode)
                if seen[key] != nil { continue }
                seen[key] = members.count
                members.append(row.member)
            }
            if members.count > 1 { groups.append(ExactGroup(hash: rows[start].hash, members: members)) }
            start = end
        }
        groups.sort { PathBytes.precedes($0.members[0].path, $1.members[0].path) }
        return ExactGroups(groups: groups)
    }
}

extension ExactGroups {
    /// SQL true when asset `a` shares its current full hash with another inode's current hash:
    /// what the `duplicate` field reads (hashes are brought up to date before a plan evaluates it).
    /// One uncorrelated subquery, computed once per query, over the hashes shared at all.
    static let memberSQL = """
        a.id IN (SELECT h.asset_id FROM hashes h JOIN assets x ON x.id = h.asset_id AND \(HashSchema.current("h", "x")) \
        WHERE h.full IN (SELECT full FROM hashes WHERE full IS NOT NULL GROUP BY full HAVING count(*) > 1) \
        AND EXISTS (SELECT 1 FROM hashes o JOIN assets b ON b.id = o.asset_id AND \(HashSchema.current("o", "b")) \
        WHERE o.full = h.full AND o.size = h.size AND NOT (b.device = x.device AND b.inode = x.inode)))
        """
}
