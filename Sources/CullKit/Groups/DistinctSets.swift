import Foundation

/// `cull distinct`: photos the user says are different pictures, kept as sets of their full content
/// hashes (XXH3-128) in `distinct_sets` and `distinct_members`, so a rename, a move or a rebuilt index
/// never brings the likeness back; a changed file is another picture and loses the mark. Similar
/// groups never hold two pictures of one set. A set is stored as its pictures, one row each, never
/// as its pairs: marking 10,000 photos is 10,000 rows, not 50 million.
public enum DistinctSets {
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

    /// What one `cull distinct` did.
    public struct Marked: Sendable, Equatable {
        /// The pictures marked as different from one another.
        public let pictures: Int
        /// False when a set marked before holds them all already (nothing was stored).
        public let stored: Bool
        /// Staged rows unstaged because they were staged as a look-alike of another of them.
        public let unstaged: Int
    }

    /// Records `ids` (two or more assets) as one set of different pictures, and unstages the
    /// twins staged against a keeper among `ids`: they were staged on a likeness the user now
    /// denies, so each (and a Live half staged with it) goes back to unstaged, and the next plan
    /// decides again. A set that an earlier one holds whole adds nothing; earlier sets this one
    /// holds whole are replaced by it, so marking the same folder again never grows the index.
    @discardableResult
    public static func mark(_ db: Database, root: String, ids: [Int64], now: Int64) throws -> Marked {
        let hashes = try fullHashes(db, root: root, ids: ids)
        var paths: [Int64: String] = [:]
        try db.forEachRow("SELECT id, path FROM assets WHERE id IN (SELECT value FROM json_each(?))", [.text(list(ids))]) {
            paths[$0.int64("id")] = PathBytes.display($0.bytes("path") ?? [])
        }
        var owner: [ContentHash: Int64] = [:]
        var pictures: [ContentHash] = []
        for id in ids {
            guard let hash = hashes[id] else { throw Failure.unreadable(path: paths[id] ?? "asset \(id)") }
            if let other = owner[hash] { throw Failure.identical(paths[other] ?? "", paths[id] ?? "") }
            owner[hash] = id
            pictures.append(hash)
        }
        var stored = false, unstaged = 0
        try db.transaction {
            stored = try store(db, pictures, now: now)
            var twins: [Int64] = []
            try db.forEachRow("""
                SELECT asset_id FROM reviews WHERE status = ?2
                  AND asset_id IN (SELECT value FROM json_each(?1)) AND keeper_id IN (SELECT value FROM json_each(?1))
                """, [.text(list(ids)), StagingStatus.trashed.sql]) { twins.append($0.int64("asset_id")) }
            let unstage = try db.prepare("DELETE FROM reviews WHERE status = ?2 AND (asset_id = ?1 OR live_pair_of = ?1)")
            for twin in twins {
                try unstage.execute([.integer(twin), StagingStatus.trashed.sql])
                unstaged += db.changes
            }
        }
        try prune(db)
        return Marked(pictures: pictures.count, stored: stored, unstaged: unstaged)
    }

    /// Stores `pictures` as a new set unless a set holds them all already (false then), and
    /// forgets the sets the new one holds whole. Inside the caller's transaction.
    private static func store(_ db: Database, _ pictures: [ContentHash], now: Int64) throws -> Bool {
        // Every set sharing a picture with the new one, and how many it shares.
        var shared: [Int64: Int] = [:]
        let lookup = try db.prepare("SELECT set_id FROM distinct_members WHERE hash = ?")
        for picture in pictures { try lookup.forEachRow([.blob(picture.bytes)]) { shared[$0.int64("set_id"), default: 0] += 1 } }
        guard !shared.values.contains(pictures.count) else { return false }
        let size = try db.prepare("SELECT count(*) AS members FROM distinct_members WHERE set_id = ?")
        for (set, count) in shared.sorted(by: { $0.key < $1.key }) {
            var members = 0
            try size.forEachRow([.integer(set)]) { members = $0.int("members") }
            guard members == count else { continue }
            try db.execute("DELETE FROM distinct_members WHERE set_id = ?", [.integer(set)])
            try db.execute("DELETE FROM distinct_sets WHERE id = ?", [.integer(set)])
        }
        try db.execute("INSERT INTO distinct_sets (added) VALUES (?)", [.integer(now)])
        let id = db.lastInsertRowID
        let insert = try db.prepare("INSERT INTO distinct_members (set_id, hash) VALUES (?, ?)")
        for picture in pictures { try insert.execute([.integer(id), .blob(picture.bytes)]) }
        return true
    }

    /// Forgets the sets none of whose pictures can come back: no `hashes` row (current or not)
    /// has any of their content hashes, and no commit undo could still bring back (any not
    /// `undone`) holds one in `commit_hashes`. A set with one picture left stays whole, since the
    /// others may return with their old content (moved out and back, restored by hand), and so
    /// does any set undo can restore. Run after a scan and whenever photos are marked; one pass
    /// over the members, so a scan costs the same however many photos were marked. Returns the
    /// number of sets forgotten.
    @discardableResult
    public static func prune(_ db: Database) throws -> Int {
        guard try db.scalar("SELECT 1 FROM distinct_sets LIMIT 1") != nil else { return 0 }
        var forgotten = 0
        try db.transaction {
            try db.execute("""
                WITH live(hash) AS (
                    SELECT full FROM hashes WHERE full IS NOT NULL
                    UNION SELECT h.full FROM commit_hashes h JOIN commits c ON c.id = h.commit_id
                    WHERE c.state <> ? AND h.full IS NOT NULL)
                DELETE FROM distinct_sets WHERE id NOT IN (SELECT set_id FROM distinct_members WHERE hash IN (SELECT hash FROM live))
                """, [CommitState.undone.sql])
            forgotten = db.changes
            if forgotten > 0 { try db.execute("DELETE FROM distinct_members WHERE set_id NOT IN (SELECT id FROM distinct_sets)") }
        }
        return forgotten
    }

    /// The marked sets as the photos `ids` see them: each set's pictures that are among `ids`,
    /// as the assets holding each (exact copies are one picture); sets with fewer than two such
    /// pictures are left out. With `root`, full hashes missing for `ids` are computed first;
    /// without it only the cached ones count.
    static func sets(_ db: Database, among ids: [Int64], root: String?) throws -> [SimilarGroups.DistinctSet] {
        guard !ids.isEmpty, try db.scalar("SELECT 1 FROM distinct_sets LIMIT 1") != nil else { return [] }
        let hashes = try root.map { try fullHashes(db, root: $0, ids: ids) } ?? cachedFullHashes(db, ids: ids)
        var byHash: [ContentHash: [Int64]] = [:]
        for (id, hash) in hashes { byHash[hash, default: []].append(id) }
        var pictures: [Int64: [[Int64]]] = [:]
        try db.forEachRow("SELECT set_id, hash FROM distinct_members") { row in
            guard let hash = ContentHash(bytes: row.bytes("hash")), let assets = byHash[hash] else { return }
            pictures[row.int64("set_id"), default: []].append(assets.sorted())
        }
        return pictures.keys.sorted().compactMap { set in
            pictures[set].flatMap { $0.count > 1 ? SimilarGroups.DistinctSet(pictures: $0) : nil }
        }
    }

    static func cachedFullHashes(_ db: Database, ids: [Int64]) throws -> [Int64: ContentHash] {
        var result: [Int64: ContentHash] = [:]
        try db.forEachRow("""
            SELECT a.id, h.full FROM assets a JOIN hashes h ON h.asset_id = a.id
            WHERE a.id IN (SELECT value FROM json_each(?)) AND h.full IS NOT NULL AND \(CachedRow.isCurrent("h", for: "a"))
            """, [.text(list(ids))]) { row in
            if let hash = ContentHash(bytes: row.bytes("full")) { result[row.int64("id")] = hash }
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
            """, [.text(list(missing))], CandidateFileColumns.self) { row, column in
            files.append(HashCache.Candidate(row, column, extra: HashCache.Hashes()))
        }
        let reader = FileReader(root: Array(root.utf8)), hasher = ContentHasher()
        var hashed: [Int] = []
        for index in files.indices {
            guard let partial = reader.hash(files[index], full: false, with: hasher)?.partial else { continue }
            files[index].extra.partial = partial
            guard let full = reader.hash(files[index], full: true, with: hasher)?.full else { continue }
            files[index].extra.full = full
            hashed.append(index)
            result[files[index].id] = full
        }
        try HashCache.store(db, files, order: hashed)
        return result
    }

    private static func list(_ ids: [Int64]) -> String { JSONValue.list(ids) }
}
