import Foundation

/// `cull distinct`: photos the user says are different pictures, kept by their full content
/// hashes (XXH3-128) in `distinct_pairs`, so a rename, a move or a rebuilt index never brings the
/// pair back; a changed file is another picture and loses the mark. Similar groups never hold
/// both photos of a pair.
public enum DistinctPairs {
    /// Why photos could not be marked distinct.
    public enum Failure: Error, Equatable, CustomStringConvertible {
        /// The file could not be read (gone, changed since the scan, unreadable).
        case unreadable(path: String)
        /// Two of the files have the same content: they are one picture.
        case identical(String, String)

        public var description: String {
            switch self {
            case let .unreadable(path): "\(path): cannot be read as the index has it (rescan first)"
            case let .identical(a, b): "\(a) and \(b) have the same content: they are one picture, not distinct ones"
            }
        }
    }

    /// Records every pair among `ids` (two or more assets) as distinct; returns the number of new
    /// pairs, and of staged rows it unstaged: a twin staged against a keeper among `ids` was staged
    /// on a likeness the user now denies, so it (and a Live half staged with it) goes back to
    /// unstaged, and the next plan decides again.
    @discardableResult
    public static func mark(_ db: Database, root: String, ids: [Int64], now: Int64) throws -> (pairs: Int, unstaged: Int) {
        let hashes = try fullHashes(db, root: root, ids: ids)
        var paths: [Int64: String] = [:]
        try db.forEachRow("SELECT id, path FROM assets WHERE id IN (SELECT value FROM json_each(?))", [.text(list(ids))]) {
            paths[$0.int64(0)] = PathBytes.display($0.bytes(1) ?? [])
        }
        for id in ids where hashes[id] == nil { throw Failure.unreadable(path: paths[id] ?? "asset \(id)") }
        var added = 0, unstaged = 0
        try db.transaction {
            let insert = try db.prepare("INSERT OR IGNORE INTO distinct_pairs (first, second, added) VALUES (?, ?, ?)")
            for (i, a) in ids.enumerated() {
                for b in ids[(i + 1)...] {
                    let x = hashes[a]!.bytes, y = hashes[b]!.bytes
                    guard x != y else { throw Failure.identical(paths[a] ?? "", paths[b] ?? "") }
                    let (first, second) = x.lexicographicallyPrecedes(y) ? (x, y) : (y, x)
                    try insert.execute([.blob(first), .blob(second), .integer(now)])
                    added += db.changes
                }
            }
            var twins: [Int64] = []
            try db.forEachRow("""
                SELECT asset_id FROM reviews WHERE status = 'trashed'
                  AND asset_id IN (SELECT value FROM json_each(?1)) AND keeper_id IN (SELECT value FROM json_each(?1))
                """, [.text(list(ids))]) { twins.append($0.int64(0)) }
            let unstage = try db.prepare("DELETE FROM reviews WHERE status = 'trashed' AND (asset_id = ?1 OR live_pair_of = ?1)")
            for twin in twins {
                try unstage.execute([.integer(twin)])
                unstaged += db.changes
            }
        }
        try prune(db)
        return (added, unstaged)
    }

    /// Forgets the pairs neither of whose pictures can come back: no `hashes` row (current or not)
    /// has either content hash, and no commit undo could still bring back (any not `undone`) holds
    /// one in `commit_hashes`. A pair with one picture left stays, since the other may return with
    /// its old content (moved out and back, restored by hand), and so does any pair undo can
    /// restore. Run after a scan and whenever pairs are marked; returns the number forgotten.
    @discardableResult
    public static func prune(_ db: Database) throws -> Int {
        guard try db.scalar("SELECT 1 FROM distinct_pairs LIMIT 1") != nil else { return 0 }
        try db.execute("""
            WITH live(hash) AS (
                SELECT full FROM hashes WHERE full IS NOT NULL
                UNION SELECT h.full FROM commit_hashes h JOIN commits c ON c.id = h.commit_id
                WHERE c.state <> ? AND h.full IS NOT NULL)
            DELETE FROM distinct_pairs WHERE first NOT IN (SELECT hash FROM live) AND second NOT IN (SELECT hash FROM live)
            """, [CommitState.undone.sql])
        return db.changes
    }

    /// The pairs among `ids` marked distinct, by asset id. With `root`, full hashes missing for
    /// `ids` are computed first; without it only the cached ones count.
    static func excluded(_ db: Database, among ids: [Int64], root: String?) throws -> Set<SimilarGroups.Pair> {
        guard !ids.isEmpty, try db.scalar("SELECT 1 FROM distinct_pairs LIMIT 1") != nil else { return [] }
        let hashes = try root.map { try fullHashes(db, root: $0, ids: ids) } ?? cachedFullHashes(db, ids: ids)
        var byHash: [ContentHash: [Int64]] = [:]
        for (id, hash) in hashes { byHash[hash, default: []].append(id) }
        var pairs = Set<SimilarGroups.Pair>()
        try db.forEachRow("SELECT first, second FROM distinct_pairs") { row in
            guard let first = ContentHash(bytes: row.bytes(0)), let second = ContentHash(bytes: row.bytes(1)) else { return }
            for a in byHash[first] ?? [] { for b in byHash[second] ?? [] { pairs.insert(SimilarGroups.Pair(a, b)) } }
        }
        return pairs
    }

    static func cachedFullHashes(_ db: Database, ids: [Int64]) throws -> [Int64: ContentHash] {
        var result: [Int64: ContentHash] = [:]
        try db.forEachRow("""
            SELECT a.id, h.full FROM assets a JOIN hashes h ON h.asset_id = a.id
            WHERE a.id IN (SELECT value FROM json_each(?)) AND h.full IS NOT NULL AND \(CachedRow.isCurrent("h", for: "a"))
            """, [.text(list(ids))]) { row in
            if let hash = ContentHash(bytes: row.bytes(1)) { result[row.int64(0)] = hash }
        }
        return result
    }

    /// The full content hashes of `ids`, computing (and caching in `hashes`) the missing ones;
    /// a file that cannot be read as the index has it is left out.
    static func fullHashes(_ db: Database, root: String, ids: [Int64]) throws -> [Int64: ContentHash] {
        var result = try cachedFullHashes(db, ids: ids)
        let missing = ids.filter { result[$0] == nil }
        guard !missing.isEmpty else { return result }
        var files: [HashCache.Candidate] = []
        try db.forEachRow("""
            SELECT id, path, device, inode, size, mtime_ns, ctime_ns FROM assets WHERE id IN (SELECT value FROM json_each(?))
            """, [.text(list(missing))]) { row in
            files.append(HashCache.Candidate(id: row.int64(0), path: row.bytes(1) ?? [], device: row.int64(2), inode: row.int64(3),
                                             size: row.int64(4), mtimeNs: row.int64(5), ctimeNs: row.optionalInt64(6)))
        }
        let reader = FileReader(root: Array(root.utf8))
        try db.transaction {
            let upsert = try db.prepare("""
                INSERT OR REPLACE INTO hashes (asset_id, device, inode, size, mtime_ns, ctime_ns, partial, full)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """)
            for var file in files {
                guard let partial = reader.hash(file, full: false)?.partial else { continue }
                file.partial = partial
                guard let full = reader.hash(file, full: true)?.full else { continue }
                try upsert.execute([.integer(file.id), .integer(file.device), .integer(file.inode), .integer(file.size),
                                    .integer(file.mtimeNs), .integer(file.ctimeNs ?? 0), .blob(partial.bytes), .blob(full.bytes)])
                result[file.id] = full
            }
        }
        return result
    }

    private static func list(_ ids: [Int64]) -> String { JSONValue.array(ids.map { .integer($0) }).rendered(pretty: false) }
}
