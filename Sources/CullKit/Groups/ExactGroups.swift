/// The exact-duplicate groups of the whole index, from the hashes ``HashCache`` keeps current:
/// files sharing size and full XXH3-128 hash, one per inode, two or more. Rows whose identity is
/// not the asset's any more are ignored.
enum ExactGroups {
    /// One candidate per (size, full hash) shared by two or more files; the key is the hash in hex.
    /// With `root`, missing hashes are computed first; without it only the cached ones count.
    static func candidates(_ db: Database, root: String? = nil, progress: HashProgress? = nil) throws -> [GroupCandidate] {
        let files = try root.map { try HashCache(db: db, root: $0).update(progress: progress).files } ?? HashCache.candidates(db)
        return candidates(files)
    }

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
