/// The same-picture groups of the whole index (`duplicate: image`): files whose image data alone
/// hashes the same (``ImageDataHasher``, kept current by ``ImageHashCache``), whatever their
/// metadata, joined by the copies whose pixels are another's turned or mirrored (``TurnedDuplicates``).
/// Rows whose identity is not the asset's any more are ignored, and so are files whose
/// structure could not be walked.
enum ImageGroups {
    /// One candidate per image-data hash shared by two or more current rows, the key the hash in
    /// hex, with the turned copies (decoded under `root`) joined to it or forming groups of their
    /// own (keyed by the hex of their first member's id, after a `t`); the member written later of a
    /// turned pair is its turned copy (``GroupCandidate/turnedFrom``).
    static func candidates(_ db: Database, root: String?) throws -> [GroupCandidate] {
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
        return joining(candidates, try TurnedDuplicates.pairs(db, root: root))
    }

    /// What the groups are found from, watched for their memo (``IndexMemo``): the assets'
    /// identities, the image-data hashes, the prints and the picture fields the turned copies are
    /// found by, deletions of assets aside. A plan after ratings or capture times were edited, or
    /// a few photos deleted, does not read every hash again (0.14 s at a million).
    static func watch(_ db: Database) throws -> ChangeWatch {
        try ChangeWatch(db, name: "image_groups", tables: [ChangeCounts.assets, CacheTable.imageHashes.name, CacheTable.imageFeatures.name,
                                                           ChangeCounts.assetsPictures], version: GroupMemo.version, toleratingDeletions: true)
    }

    /// True when `groups`, found before some of their assets may have been deleted, are what
    /// ``candidates(_:root:)`` finds now: a group of one image-data hash only loses the deleted
    /// members (whom ``GroupMembers`` leaves out, and a group left with one), but a group a turned
    /// pair joined may have been held together, or named, by a deleted member.
    static func holdAfterDeletions(_ groups: [GroupCandidate], _ db: Database) throws -> Bool {
        let joined = groups.filter { !$0.turnedFrom.isEmpty }.flatMap(\.ids)
        guard !joined.isEmpty else { return true }
        let ids = Set(joined)
        let present = try db.scalar("SELECT count(*) FROM assets WHERE id IN (SELECT value FROM json_each(?))",
                                    [.text(JSONValue.list(ids.sorted()))])?.int64
        return present == Int64(ids.count)
    }

    /// `candidates` with each turned pair joined in: groups that share a member become one (the
    /// first group's key), a pair of files in no group is a group of its own.
    static func joining(_ candidates: [GroupCandidate], _ pairs: [TurnedDuplicates.Pair]) -> [GroupCandidate] {
        guard !pairs.isEmpty else { return candidates }
        var groupOf: [Int64: Int] = [:]
        var groups = candidates.map { (key: $0.key, ids: $0.ids, turnedFrom: $0.turnedFrom, into: Int?.none) }
        func resolved(_ index: Int) -> Int {
            var index = index
            while let next = groups[index].into { index = next }
            return index
        }
        for (index, group) in groups.enumerated() { for id in group.ids { groupOf[id] = index } }
        for pair in pairs {
            let a = groupOf[pair.earlier].map(resolved), b = groupOf[pair.later].map(resolved)
            var target: Int
            switch (a, b) {
            case let (a?, b?) where a == b: target = a
            case let (a?, b?):
                target = min(a, b)
                let other = max(a, b)
                groups[target].ids += groups[other].ids
                groups[target].turnedFrom.merge(groups[other].turnedFrom) { $0 + $1 }
                groups[other] = (groups[other].key, [], [:], target)
            case let (a?, nil): target = a; groups[a].ids.append(pair.later)
            case let (nil, b?): target = b; groups[b].ids.append(pair.earlier)
            case (nil, nil):
                target = groups.count
                groups.append((key: "t" + String(min(pair.earlier, pair.later), radix: 16), ids: [pair.earlier, pair.later], turnedFrom: [:], into: nil))
            }
            for id in [pair.earlier, pair.later] { groupOf[id] = target }
            groups[target].turnedFrom[pair.later, default: []].append(pair.earlier)
            groups[target].turnedFrom[pair.earlier, default: []].append(pair.later)
        }
        return groups.filter { $0.into == nil }.map { group in
            var candidate = GroupCandidate(key: group.key, ids: group.ids)
            candidate.turnedFrom = group.turnedFrom
            return candidate
        }
    }

    /// The hash and asset ``candidates(_:root:)`` reads.
    private struct Columns: RowColumns {
        let hash, id: Row.Column

        init(_ row: Row) { (hash, id) = (row.index("hash"), row.index("id")) }
    }
}
