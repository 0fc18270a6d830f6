/// The exact-duplicate groups of the whole index, from the hashes ``HashCache`` keeps current:
/// files sharing size and full XXH3-128 hash, one per inode, two or more. Rows whose identity is
/// not the asset's any more are ignored.
enum ExactGroups {
    /// One candidate per (size, full hash) shared by two or more files; the key is the hash in hex.
    /// With `root`, missing hashes are computed first; without it only the cached ones count.
    ///
    /// The groups a refresh found are remembered with the change counts of `assets` and `hashes`
    /// (``ChangeWatch``) when every file it needed was hashed: the next refresh over an index in
    /// which neither changed would read the same rows and hash nothing, so it takes them as they
    /// are (a warm plan of 50,000 files read every asset and its hash row to find them again).
    static func candidates(_ db: Database, root: String? = nil, progress: HashProgress? = nil) throws -> [GroupCandidate] {
        guard let root else { return candidates(try HashCache.candidates(db)) }
        let watch = try ChangeWatch(db, name: "exact_groups", tables: [ChangeCounts.assets, CacheTable.hashes.name], version: memoVersion)
        if let memo = watch.memo, let groups = GroupCandidate.decode(memo) { return groups }
        let (files, report) = try HashCache(db: db, root: root).update(progress: progress, watch: watch)
        let groups = candidates(files)
        if report.skipped == 0 { try watch.record(db, memo: GroupCandidate.encode(groups)) }
        return groups
    }

    /// The version of the groups remembered (``ChangeWatch/version``): raise it when what these
    /// groups are made of changes (``HashCache/candidates(_:)``, ``candidates(_:)``, the memo's bytes).
    static let memoVersion = 1

    /// Groups the files ``HashCache`` read (one per inode, in size order) in memory: the pass the
    /// refresh made anyway, instead of a second query over an index of the hashes. Ordered by
    /// size, then hash.
    static func candidates(_ files: [HashCache.Candidate]) -> [GroupCandidate] {
        var candidates: [GroupCandidate] = []
        for run in HashCache.runs(files, by: \.size) where run.count > 1 {
            let hashed = run.compactMap { index in files[index].extra.full.map { (id: files[index].id, hash: $0) } }
                .sorted { ($0.hash.high, $0.hash.low, $0.id) < ($1.hash.high, $1.hash.low, $1.id) }
            for same in HashCache.runs(hashed, by: \.hash) where same.count > 1 {
                candidates.append(GroupCandidate(key: hashed[same.lowerBound].hash.hex, ids: same.map { hashed[$0].id }))
            }
        }
        return candidates
    }
}

extension GroupCandidate {
    /// `groups` as bytes, for a cache's memo: for each group, its key's UTF-8 length and bytes,
    /// its number of ids and the ids, little-endian (lengths in 4 bytes, ids in 8).
    static func encode(_ groups: [GroupCandidate]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(groups.reduce(0) { $0 + 8 + $1.key.utf8.count + 8 * $1.ids.count })
        func append<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) } }
        for group in groups {
            append(UInt32(group.key.utf8.count))
            bytes.append(contentsOf: group.key.utf8)
            append(UInt32(group.ids.count))
            for id in group.ids { append(id) }
        }
        return bytes
    }

    /// The groups `bytes` (from ``encode(_:)``) hold; nil when they are not such bytes.
    static func decode(_ bytes: [UInt8]) -> [GroupCandidate]? {
        bytes.withUnsafeBytes { raw -> [GroupCandidate]? in
            var groups: [GroupCandidate] = []
            var at = 0
            func read<T: FixedWidthInteger>(_: T.Type) -> T? {
                guard raw.count - at >= MemoryLayout<T>.size else { return nil }
                defer { at += MemoryLayout<T>.size }
                return T(littleEndian: raw.loadUnaligned(fromByteOffset: at, as: T.self))
            }
            while at < raw.count {
                guard let length = read(UInt32.self).map(Int.init), raw.count - at >= length else { return nil }
                let key = String(decoding: UnsafeRawBufferPointer(rebasing: raw[at ..< at + length]), as: UTF8.self)
                at += length
                guard let count = read(UInt32.self).map(Int.init), (raw.count - at) / 8 >= count else { return nil }
                var ids: [Int64] = []
                ids.reserveCapacity(count)
                for _ in 0 ..< count { ids.append(read(Int64.self)!) }
                groups.append(GroupCandidate(key: key, ids: ids))
            }
            return groups
        }
    }
}
