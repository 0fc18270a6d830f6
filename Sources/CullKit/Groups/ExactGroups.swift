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
        if let memo = watch.memo {
            var reader = MemoReader(memo)
            if let groups = GroupCandidate.read(from: &reader), reader.isAtEnd { return groups }
        }
        let (files, report) = try HashCache(db: db, root: root).update(progress: progress, watch: watch)
        let groups = candidates(files)
        if report.skipped == 0 {
            var writer = MemoWriter()
            GroupCandidate.write(groups, to: &writer)
            try watch.record(db, memo: writer.bytes)
        }
        return groups
    }

    /// The version of the groups remembered (``ChangeWatch/version``): raise it when what these
    /// groups are made of changes (``HashCache/candidates(_:)``, ``candidates(_:)``, the memo's bytes).
    static let memoVersion = 2

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
