@testable import CullKit
import Testing

/// The same-picture groups a plan takes back from their memo (``ImageGroups/watch(_:)``) are the
/// ones finding them again gives, while ratings, capture times and deletions go by.
@Suite struct ImageGroupMemoTests {
    /// `count` photos whose image-data hashes come in threes (photo `n` has hash `n / 3`).
    static func index(_ count: Int) throws -> TestIndex {
        let index = try TestIndex((0 ..< count).map { TestAsset(path: "p/IMG_\($0).jpg") })
        for id in 1 ... Int64(count) { try hash(index.database, id: id, (id - 1) / 3) }
        return index
    }

    /// Writes photo `id`'s hash as the cache's writer does: an update, or an insert it counts.
    static func hash(_ db: Database, id: Int64, _ value: Int64) throws {
        let bytes: SQLValue = .blob(Array(String(value).utf8) + Array(repeating: 0, count: 16 - String(value).utf8.count))
        try db.execute("UPDATE image_hashes SET hash = ? WHERE asset_id = ?", [bytes, .integer(id)])
        if try db.scalar("SELECT changes()")?.int64 == 0 {
            try db.execute("""
                INSERT INTO image_hashes (asset_id, device, inode, size, mtime_ns, ctime_ns, hash)
                SELECT id, device, inode, size, mtime_ns, 0, ? FROM assets WHERE id = ?
                """, [bytes, .integer(id)])
            if try db.scalar("SELECT changes()")?.int64 == 1 { try ChangeCounts.bump(db, CacheTable.imageHashes.name) }
        }
    }

    /// The groups of the index by key, each member id in order.
    static func groups(_ db: Database) throws -> [String: [Int64]] {
        Dictionary(uniqueKeysWithValues: try GroupSet.load(db, specs: [.image]).groups.map { ($0.key, $0.members.map(\.id).sorted()) })
    }

    static func plant(_ db: Database, _ groups: [GroupCandidate]) throws {
        try db.execute("UPDATE cache_states SET memo = ? WHERE name = 'image_groups'",
                       [.blob(GroupCandidate.memo(groups, key: GroupMemo.key(root: nil)))])
    }

    /// The memo is believed through edits of what the groups do not read and through deletions,
    /// but not when a deleted photo was in a group a turned pair joined: it may have held it together.
    @Test func ratingsCaptureTimesAndDeletionsKeepTheMemoButNotAJoinedGroupsMember() throws {
        let index = try Self.index(9)
        let db = index.database
        #expect(try Self.groups(db).count == 3)
        try Self.plant(db, [GroupCandidate(key: "planted", ids: [1, 5, 9])])
        try db.execute("UPDATE assets SET rating = 5, taken = 1000 WHERE id IN (1, 2)")
        #expect(try Self.groups(db) == ["planted": [1, 5, 9]])
        try db.execute("DELETE FROM assets WHERE id = 5")
        #expect(try Self.groups(db) == ["planted": [1, 9]])

        var joined = GroupCandidate(key: "joined", ids: [1, 2, 4])
        joined.turnedFrom = [4: [2], 2: [4]]
        try Self.plant(db, [joined])
        #expect(try Self.groups(db) == ["joined": [1, 2, 4]])
        try db.execute("DELETE FROM assets WHERE id = 4")
        #expect(try Self.groups(db).keys.contains("joined") == false)

        // A hash written is a miss.
        try Self.plant(db, [GroupCandidate(key: "planted", ids: [1, 9])])
        try Self.hash(db, id: 9, 0)
        #expect(try Self.groups(db).keys.contains("planted") == false)
    }

    @Test(arguments: [21, 22, 23] as [UInt64])
    func aRememberedGroupingIsWhatGroupingAgainFinds(seed: UInt64) throws {
        var random = SplitMix64(state: seed)
        let index = try Self.index(30)
        let db = index.database
        for step in 0 ..< 40 {
            let id = Int64(1 + random.below(30))
            switch random.below(7) {
            case 0: try db.execute("UPDATE assets SET rating = ? WHERE id = ?", [.integer(Int64(random.below(6))), .integer(id)])
            case 1: try db.execute("UPDATE assets SET taken = ? WHERE id = ?", [.integer(Int64(random.below(1000))), .integer(id)])
            case 2: try db.execute("DELETE FROM assets WHERE id = ?", [.integer(id)])
            case 3: try Self.hash(db, id: id, Int64(random.below(8)))
            case 4: try db.execute("UPDATE assets SET mtime_ns = mtime_ns + 1 WHERE id = ?", [.integer(id)])
            case 5: try db.execute("DELETE FROM image_hashes WHERE asset_id = ?", [.integer(id)])
            default: break
            }
            let remembered = try Self.groups(db)
            try db.execute("DELETE FROM cache_states WHERE name = 'image_groups'")
            #expect(remembered == (try Self.groups(db)), "step \(step)")
        }
    }
}
