#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The commit's last look at a staged twin (a member a group rule staged against a keeper):
/// the keeper must still be in the index and not staged, on disk with the identity it was hashed
/// (or, for kinds without a content hash, scanned) with, and for exact twins byte-identical to
/// the twin now. Otherwise the twin stays, with the reason: a twin never leaves on the word of a
/// keeper that is gone or changed. A keeper gone or changed outside Cull also clears its group's
/// staging (``clearStaging(_:_:)``): the twins go back to unstaged, and the next plan picks a
/// keeper again (or finds the group dissolved), never promoting an arbitrary survivor.
enum TwinCheck {
    /// How far a look goes. Reading every staged twin and its keeper in full is for the commit,
    /// the moment a twin actually leaves; a listing (`cull trash`, the commit prompt, status) is
    /// asked often, of large sets, and makes do with identities: an edit that keeps size, mtime
    /// *and* ctime is out of a user's reach, and the commit still compares the bytes.
    enum Depth {
        /// Presence, staging and identities of keeper and twin: no file content is read.
        case identity
        /// Also the bytes of exact twins against their keeper's.
        case bytes
    }

    static func refusals(_ staged: [StagedAsset], db: Database, root: [UInt8], depth: Depth) throws -> [Int64: SkipReason] {
        var keeperOf: [Int64: Int64] = [:]
        try db.forEachRow("SELECT asset_id, keeper_id FROM reviews WHERE status = ? AND keeper_id IS NOT NULL",
                          [StagingStatus.trashed.sql]) { row in
            keeperOf[row.int64("asset_id")] = row.int64("keeper_id")
        }
        guard !keeperOf.isEmpty else { return [:] }
        let keeperRow = try db.prepare("""
            SELECT a.path, COALESCE(r.status, '') = ?2 AS staged FROM assets a LEFT JOIN reviews r ON r.asset_id = a.id WHERE a.id = ?1
            """)
        // The identity a keeper was grouped with: its content hash row, else its index row.
        let hashRow = try db.prepare("""
            SELECT device, inode, size, mtime_ns, COALESCE(ctime_ns, 0) AS ctime_ns FROM hashes WHERE asset_id = ?1
            UNION ALL SELECT device, inode, size, mtime_ns, COALESCE(ctime_ns, 0) FROM assets
            WHERE id = ?1 AND NOT EXISTS (SELECT 1 FROM hashes WHERE asset_id = ?1)
            """)
        let exactTwins = try db.prepare("""
            SELECT 1 FROM hashes k JOIN hashes t ON t.full = k.full AND t.size = k.size
            WHERE k.asset_id = ? AND t.asset_id = ? AND k.full IS NOT NULL
            """)
        // Unstaged members with the twin's current content hash, which may stand in for a keeper
        // staged since (a full scan of `hashes`: asked only for such twins).
        let standIns = try db.prepare("""
            SELECT a.id, a.path FROM hashes t JOIN hashes s ON s.full = t.full AND s.size = t.size
            JOIN assets a ON a.id = s.asset_id JOIN assets ta ON ta.id = t.asset_id
            LEFT JOIN reviews r ON r.asset_id = a.id
            WHERE t.asset_id = ?1 AND s.asset_id NOT IN (?1, ?2) AND t.full IS NOT NULL
              AND COALESCE(r.status, '') <> ?3 AND (a.device, a.inode) <> (ta.device, ta.inode)
              AND \(CachedRow.isCurrent("s", for: "a")) AND \(CachedRow.isCurrent("t", for: "ta"))
            ORDER BY a.path
            """)
        let keeperFiles = FileReader(root: root), twinFiles = FileReader(root: root)
        var refusals: [Int64: SkipReason] = [:]
        for twin in staged {
            guard var keeperID = keeperOf[twin.id] else { continue }
            var keeper: (path: [UInt8], staged: Bool)?
            try keeperRow.forEachRow([.integer(keeperID), StagingStatus.trashed.sql]) { keeper = ($0.bytes("path") ?? [], $0.int64("staged") != 0) }
            guard var keeper else {
                refusals[twin.id] = .keeperChanged(.notIndexed)
                continue
            }
            if keeper.staged {
                // The group picks its keeper among its unstaged members, as the plan does: an
                // exact twin leaves against another unstaged copy, checked like any keeper below.
                var exact = false
                try exactTwins.forEachRow([.integer(keeperID), .integer(twin.id)]) { _ in exact = true }
                var standIn: (id: Int64, path: [UInt8])?
                if exact {
                    try standIns.forEachRow([.integer(twin.id), .integer(keeperID), StagingStatus.trashed.sql]) { row in
                        guard standIn == nil else { return }
                        let candidate = (id: row.int64("id"), path: row.bytes("path") ?? [])
                        if let file = keeperFiles.open(candidate.path).0, let hashed = try? hashedIdentity(hashRow, candidate.id),
                           file.identity.isUnchanged(since: hashed) {
                            standIn = candidate
                        }
                    }
                }
                guard let standIn else {
                    refusals[twin.id] = .keeperStaged(keeper: PathBytes.display(keeper.path))
                    continue
                }
                (keeperID, keeper) = (standIn.id, (standIn.path, false))
            }
            let name = PathBytes.display(keeper.path)
            guard let keeperFile = keeperFiles.open(keeper.path).0 else {
                refusals[twin.id] = .keeperChanged(.gone(keeper: name))
                continue
            }
            guard let hashed = try hashedIdentity(hashRow, keeperID), keeperFile.identity.isUnchanged(since: hashed) else {
                refusals[twin.id] = .keeperChanged(.modified(keeper: name))
                continue
            }
            // The twin itself gone or moved: the commit's own identity check reports it.
            guard let twinFile = twinFiles.open(twin.path).0 else { continue }
            guard let hashed = try hashedIdentity(hashRow, twin.id), twinFile.identity.isUnchanged(since: hashed) else {
                refusals[twin.id] = .changedSinceHashed
                continue
            }
            // Only exact twins must be byte-identical; the same picture, a burst or a pair differ by design.
            guard depth == .bytes else { continue }
            var exact = false
            try exactTwins.forEachRow([.integer(keeperID), .integer(twin.id)]) { _ in exact = true }
            if exact && !sameBytes(keeperFile, twinFile) {
                refusals[twin.id] = .keeperChanged(.contentDiffers(keeper: name))
            }
        }
        return refusals
    }

    private static func hashedIdentity(_ statement: Statement, _ id: Int64) throws -> IndexedIdentity? {
        try statement.fetchOne(IndexedIdentity.self, [.integer(id)])
    }

    /// Compares both files to their ends, a megabyte at a time.
    static func sameBytes(_ a: ReadOnlyFile, _ b: ReadOnlyFile) -> Bool {
        guard a.identity.size == b.identity.size else { return false }
        let size = 1 << 20
        let first = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 64)
        let second = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 64)
        defer { first.deallocate(); second.deallocate() }
        var offset: Int64 = 0
        while true {
            guard let x = a.read(into: first, at: offset), let y = b.read(into: second, at: offset), x == y else { return false }
            if x == 0 { return offset == a.identity.size }
            if memcmp(first.baseAddress!, second.baseAddress!, x) != 0 { return false }
            offset += Int64(x)
        }
    }
}
