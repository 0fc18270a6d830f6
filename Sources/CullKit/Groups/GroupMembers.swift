/// Reads the members of candidate groups: one query for every kind, so each kind's loader only
/// says which files belong together, and the rankings read the same fields for all of them.
enum GroupMembers {
    /// The groups of `candidates`: members read from the index, one per inode (the first path),
    /// in path byte order; groups left with fewer than two members are dropped. Sorted by their
    /// first member's path, so the same index always gives the same order.
    static func read(_ db: Database, spec: GroupSpec, candidates: [GroupCandidate]) throws -> [MediaGroup] {
        let ids = Set(candidates.flatMap(\.ids))
        guard !ids.isEmpty else { return [] }
        let threshold = try db.scalar("SELECT value FROM settings WHERE key = 'favorite_threshold'")?.int64 ?? 4
        let list = JSONValue.list(ids.sorted())
        var members: [Int64: (inode: FileIdentity.Key, member: GroupMember)] = [:]
        try db.forEachRow("""
            SELECT a.id, a.path, a.size, a.width * a.height AS pixels, COALESCE(a.taken_utc, a.taken) AS taken,
                   (COALESCE(a.favorite_flag, 0) = 1 OR COALESCE(a.rating, -1) >= ?) AS favorite, a.rating,
                   (a.taken IS NOT NULL) + (a.camera_make IS NOT NULL) + (a.camera_model IS NOT NULL) + (a.lens IS NOT NULL)
                   + (a.software IS NOT NULL) + (a.latitude IS NOT NULL) + (a.rating IS NOT NULL) + (a.favorite_flag IS NOT NULL)
                   + (a.width IS NOT NULL) AS metadata_count,
                   a.device, a.inode, a.mtime_ns, a.ctime_ns, \(FeatureCache.current("sharpness")) AS sharpness, a.format,
                   (a.camera_make IS NOT NULL OR a.camera_model IS NOT NULL) AS has_camera,
                   (a.taken IS NOT NULL AND COALESCE(a.taken_source, '') <> 'filename') AS has_capture_date, a.raw
            FROM assets a WHERE a.id IN (SELECT value FROM json_each(?))
            """, [.integer(threshold), .text(list)], Columns.self) { row, column in
            var member = GroupMember(
                id: row.int64(column.id), path: row.bytes(column.path) ?? [], size: row.int64(column.size),
                pixels: row.optionalInt64(column.pixels), taken: row.optionalInt64(column.taken), favorite: row.int64(column.favorite) != 0,
                rating: row.optionalInt64(column.rating), metadataCount: row.int(column.metadataCount),
                sharpness: row.optionalDouble(column.sharpness), format: row.string(column.format).flatMap(MediaFormat.init))
            member.cameraOriginal = CameraOriginal.isOriginal(format: member.format, hasCamera: row.int64(column.hasCamera) != 0,
                                                              hasCaptureDate: row.int64(column.hasCaptureDate) != 0, path: member.path)
            member.raw = row.int64(column.raw) != 0
            let identity = IndexedIdentity(device: row.int64(column.device), inode: row.int64(column.inode), size: member.size,
                                           mtimeNs: row.int64(column.mtimeNs), ctimeNs: row.optionalInt64(column.ctimeNs))
            member.indexed = identity
            members[member.id] = (identity.key, member)
        }
        var groups: [MediaGroup] = []
        for candidate in candidates {
            // A burst's loader lists its frames in burst order (looked up, not searched: a burst
            // id shared by a whole library is one group).
            let burstOrder = spec == .burst
                ? Dictionary(candidate.ids.enumerated().map { ($0.element, $0.offset) }, uniquingKeysWith: min) : [:]
            var seen = Set<FileIdentity.Key>()
            var chosen: [GroupMember] = []
            for (inode, var member) in candidate.ids.compactMap({ members[$0] })
                .sorted(by: { PathBytes.precedes($0.member.path, $1.member.path) }) where seen.insert(inode).inserted {
                if spec == .burst { member.burstIndex = burstOrder[member.id] }
                chosen.append(member)
            }
            // A member turned or mirrored from one written before it is that one's turned copy.
            for index in chosen.indices {
                guard let from = candidate.turnedFrom[chosen[index].id], let written = chosen[index].indexed?.mtimeNs else { continue }
                chosen[index].turnedCopy = chosen.contains { other in
                    from.contains(other.id) && (other.indexed?.mtimeNs).map { $0 < written } == true
                }
            }
            // Beside a camera original, a file in another format is a re-encode of it.
            if chosen.contains(where: \.cameraOriginal) {
                for index in chosen.indices where !CameraOriginal.isCameraFormat(chosen[index].format) { chosen[index].reencoded = true }
            }
            if chosen.count > 1 { groups.append(MediaGroup(spec: spec, key: candidate.key, members: chosen)) }
        }
        groups.sort { PathBytes.precedes($0.members[0].path, $1.members[0].path) }
        return groups
    }

    /// The member fields ``read(_:spec:candidates:)`` selects, under their aliases.
    private struct Columns: RowColumns {
        let id, path, size, pixels, taken, favorite, rating, metadataCount: Row.Column
        let device, inode, mtimeNs, ctimeNs, sharpness, format, hasCamera, hasCaptureDate, raw: Row.Column

        init(_ row: Row) {
            (id, path, size, pixels) = (row.index("id"), row.index("path"), row.index("size"), row.index("pixels"))
            (taken, favorite, rating, metadataCount) = (row.index("taken"), row.index("favorite"), row.index("rating"), row.index("metadata_count"))
            (device, inode, mtimeNs, ctimeNs) = (row.index("device"), row.index("inode"), row.index("mtime_ns"), row.index("ctime_ns"))
            (sharpness, format) = (row.index("sharpness"), row.index("format"))
            (hasCamera, hasCaptureDate, raw) = (row.index("has_camera"), row.index("has_capture_date"), row.index("raw"))
        }
    }
}
