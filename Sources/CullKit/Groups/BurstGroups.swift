/// The bursts of the whole index (`burst: true`): photos sharing a burst identifier (Apple's
/// burst UUID from the maker note, Google's XMP `BurstID`), else photos from the same camera
/// (make and model) in the same capture second that SubSecTime tells apart (two or more distinct
/// fractions: copies of one frame alone are no burst). One member per inode, two or more.
///
/// The burst order (the `first`/`last` rankings) is the capture time, then the fraction of the
/// second, then the path.
enum BurstGroups {
    struct Burst {
        /// `id:` and the burst identifier, or `camera:` with make, model and capture second.
        let key: String
        /// In path byte order.
        let members: [GroupMember]
        /// Member id → position in the burst, from 0.
        let order: [Int64: Int]
    }

    static func groups(_ db: Database) throws -> [Burst] {
        var byKey: [String: [(file: HashCache.FileKey, member: GroupMember, taken: Int64?, subsecond: Int64?)]] = [:]
        let threshold = try MemberRows.threshold(db)
        try db.forEachRow("""
            SELECT 'id:' || a.burst_id, a.taken, a.taken_subsec_us, \(MemberRows.columns) FROM assets a
            WHERE a.kind = 'photo' AND a.burst_id IN
                (SELECT burst_id FROM assets WHERE burst_id IS NOT NULL AND kind = 'photo' GROUP BY burst_id HAVING count(*) > 1)
            """, [threshold]) { row in collect(row, into: &byKey) }
        try db.forEachRow("""
            SELECT 'camera:' || a.camera_make || ' ' || a.camera_model || ' @' || a.taken, a.taken, a.taken_subsec_us,
                   \(MemberRows.columns) FROM assets a
            WHERE a.kind = 'photo' AND a.burst_id IS NULL AND a.taken_subsec_us IS NOT NULL
              AND (a.camera_make, a.camera_model, a.taken) IN
                (SELECT camera_make, camera_model, taken FROM assets
                 WHERE kind = 'photo' AND burst_id IS NULL AND taken_subsec_us IS NOT NULL
                   AND camera_make IS NOT NULL AND camera_model IS NOT NULL AND taken IS NOT NULL
                 GROUP BY camera_make, camera_model, taken HAVING count(DISTINCT taken_subsec_us) > 1)
            """, [threshold]) { row in collect(row, into: &byKey) }
        var bursts: [Burst] = []
        for (key, rows) in byKey {
            let members = MemberRows.onePerInode(rows.map { ($0.file, $0.member) })
            guard members.count > 1 else { continue }
            let kept = Set(members.map(\.id))
            let ordered = rows.filter { kept.contains($0.member.id) }.sorted { a, b in
                if a.taken != b.taken { return (a.taken ?? Int64.max) < (b.taken ?? Int64.max) }
                if a.subsecond != b.subsecond { return (a.subsecond ?? -1) < (b.subsecond ?? -1) }
                return PathBytes.precedes(a.member.path, b.member.path)
            }
            let order = Dictionary(uniqueKeysWithValues: ordered.enumerated().map { ($1.member.id, $0) })
            bursts.append(Burst(key: key, members: members, order: order))
        }
        return bursts.sorted { PathBytes.precedes($0.members[0].path, $1.members[0].path) }
    }

    private static func collect(_ row: Row, into byKey: inout [String: [(file: HashCache.FileKey, member: GroupMember,
                                                                          taken: Int64?, subsecond: Int64?)]]) {
        guard let key = row.string(0) else { return }
        let (file, member) = MemberRows.read(row, from: 3)
        byKey[key, default: []].append((file, member, row.optionalInt64(1), row.optionalInt64(2)))
    }
}
