@testable import CullKit
import Testing

/// The similar groups a warm plan takes back from the memo (``IndexMemo``) are the ones the
/// search finds again, whatever was written in between.
@Suite struct GroupMemoTests {
    /// An index of `count` photos whose perceptual hashes come in near pairs.
    static func index(_ count: Int, _ random: inout SplitMix64) throws -> TestIndex {
        let index = try TestIndex((0 ..< count).map { TestAsset(path: "p/IMG_\($0).jpg") })
        var base: UInt64 = 0
        for id in 1 ... Int64(count) {
            base = id % 2 == 1 ? random.next() : base ^ (1 << (random.next() % 64))
            try Self.hash(index.database, id: id, Int64(bitPattern: base))
        }
        return index
    }

    static func hash(_ db: Database, id: Int64, _ hash: Int64) throws {
        try db.execute("""
            INSERT OR REPLACE INTO image_features (asset_id, device, inode, size, mtime_ns, ctime_ns, phash, sharpness, edges, exposure)
            SELECT id, device, inode, size, mtime_ns, 0, ?, 100, 1000, 0.5 FROM assets WHERE id = ?
            """, [.integer(hash), .integer(id)])
    }

    static func found(_ db: Database, apart: [SimilarGroups.DistinctSet] = []) throws -> [[Int64]] {
        try SimilarGroups.candidates(db, distance: 4, root: nil, apart: apart).map(\.ids)
    }

    /// A second search over an unchanged index reads the memo: one made to say otherwise is believed.
    @Test func anUnchangedIndexTakesItsGroupsFromTheMemo() throws {
        var random = SplitMix64(state: 3)
        let index = try Self.index(20, &random)
        let db = index.database
        let groups = try Self.found(db)
        #expect(groups.count == 10)
        var key = MemoWriter()
        key.append(4)
        key.append(bytes: GroupMemo.key(root: nil))
        let planted = GroupCandidate.memo([GroupCandidate(key: "planted", ids: [1, 20])], key: key.bytes)
        try db.execute("UPDATE cache_states SET memo = ? WHERE name = 'similar_groups'", [.blob(planted)])
        #expect(try Self.found(db) == [[1, 20]])
        // Another distance or other sets kept apart are another search.
        #expect(try Self.found(db, apart: [SimilarGroups.DistinctSet(pictures: [[1], [2]])]).count == 9)
    }

    @Test(arguments: [11, 12, 13] as [UInt64])
    func aRememberedSearchIsWhatSearchingAgainFinds(seed: UInt64) throws {
        var random = SplitMix64(state: seed)
        let index = try Self.index(40, &random)
        let db = index.database
        // A set of no pictures keeps nothing apart: the same groups, found without the memo.
        let afresh = [SimilarGroups.DistinctSet(pictures: [])]
        for step in 0 ..< 40 {
            let id = Int64(1 + random.below(40))
            switch random.below(6) {
            // A cache row's insert is counted by its one writer, an update by a trigger, whoever makes it.
            case 0: try db.execute("UPDATE image_features SET phash = ? WHERE asset_id = ?", [.integer(Int64(bitPattern: random.next())), .integer(id)])
            case 1: try db.execute("UPDATE image_features SET phash = (SELECT phash FROM image_features WHERE asset_id = ?) WHERE asset_id = ?",
                                   [.integer(Int64(1 + random.below(40))), .integer(id)])
            case 2: try db.execute("UPDATE assets SET screenshot = 1 - screenshot WHERE id = ?", [.integer(id)])
            case 3: try db.execute("DELETE FROM assets WHERE id = ?", [.integer(id)])
            case 4: try db.execute("UPDATE assets SET mtime_ns = mtime_ns + 1 WHERE id = ?", [.integer(id)])
            default: break
            }
            let remembered = try Self.found(db)
            #expect(remembered == (try Self.found(db, apart: afresh)), "step \(step)")
            _ = try Self.found(db)  // the memo holds this search again
        }
    }
}

extension GroupCandidate {
    /// `groups` as a memo holds them, after `key` when given.
    static func memo(_ groups: [GroupCandidate], key: [UInt8]? = nil) -> [UInt8] {
        var writer = MemoWriter()
        if let key { writer.append(bytes: key) }
        write(groups, to: &writer)
        return writer.bytes
    }
}
