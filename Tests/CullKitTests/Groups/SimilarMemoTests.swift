@testable import CullKit
import Testing

/// The photos the similar search remembers having a neighbour (``SimilarGroups/Neighboured``) give
/// the groups a search of every print gives, whatever was written in between.
@Suite struct SimilarMemoTests {
    /// `count` photos in families of three near prints (a few bits apart), the rest alone.
    static func index(_ count: Int, _ random: inout SplitMix64) throws -> TestIndex {
        let index = try TestIndex((0 ..< count).map { TestAsset(path: "p/IMG_\($0).jpg", width: 300, height: 300) })
        var family: UInt64 = 0
        for id in 1 ... Int64(count) {
            if id % 3 == 1 { family = random.next() }
            let print = id % 9 == 0 ? random.next() : family ^ (1 << UInt64(random.below(64))) ^ (1 << UInt64(random.below(64)))
            try Self.print(index.database, id: id, print)
        }
        return index
    }

    static func print(_ db: Database, id: Int64, _ print: UInt64) throws {
        try db.execute("""
            INSERT OR REPLACE INTO image_features (asset_id, device, inode, size, mtime_ns, ctime_ns, phash, sharpness, edges, exposure)
            SELECT id, device, inode, size, mtime_ns, 0, ?, 100, 1000, 0.5 FROM assets WHERE id = ?
            """, [.integer(Int64(bitPattern: print)), .integer(id)])
    }

    static func groups(_ db: Database, afresh: Bool) throws -> [[Int64]] {
        try db.execute("DELETE FROM cache_states WHERE name = 'similar_groups'\(afresh ? " OR name LIKE 'similar_%'" : "")")
        return try SimilarGroups.candidates(db, distance: 6, root: nil).map(\.ids).sorted { $0.lexicographicallyPrecedes($1) }
    }

    /// After a rating edit and a deletion only the remembered photos are searched (a memo made to
    /// name fewer is believed); after a print changes, every photo is.
    @Test func editsAndDeletionsKeepTheMemoAndANewPrintDoesNot() throws {
        var random = SplitMix64(state: 9)
        let index = try Self.index(30, &random)
        let db = index.database
        let all = try Self.groups(db, afresh: true)
        #expect(all.count >= 8)
        var planted = MemoWriter()
        planted.append(6)
        planted.append(list: all[0] + all[1])
        try db.execute("UPDATE cache_states SET memo = ? WHERE name = 'similar_neighboured_6'", [.blob(planted.bytes)])
        try db.execute("UPDATE assets SET rating = 5, taken = 7 WHERE id = 3")
        try db.execute("DELETE FROM assets WHERE id = 29")
        #expect(try Self.groups(db, afresh: false) == [all[0], all[1]])
        // An update (a cache row's insert is counted by its one writer, an update by a trigger, whoever makes it).
        try db.execute("UPDATE image_features SET phash = ? WHERE asset_id = 2", [.integer(Int64(bitPattern: random.next()))])
        let searched = try Self.groups(db, afresh: false), afresh = try Self.groups(db, afresh: true)
        #expect(searched.count > 2 && searched == afresh)
    }

    @Test(arguments: [71, 72, 73] as [UInt64])
    func aRememberedSearchIsWhatSearchingAgainFinds(seed: UInt64) throws {
        var random = SplitMix64(state: seed)
        let index = try Self.index(45, &random)
        let db = index.database
        _ = try Self.groups(db, afresh: true)
        for step in 0 ..< 40 {
            let id = Int64(1 + random.below(45))
            switch random.below(7) {
            case 0: try db.execute("UPDATE assets SET rating = ?, taken = ? WHERE id = ?",
                                   [.integer(Int64(random.below(6))), .integer(Int64(random.below(1000))), .integer(id)])
            case 1, 2: try db.execute("DELETE FROM assets WHERE id = ?", [.integer(id)])
            case 3: try db.execute("UPDATE assets SET kind = CASE kind WHEN 'photo' THEN 'video' ELSE 'photo' END WHERE id = ?", [.integer(id)])
            case 4: try db.execute("UPDATE image_features SET phash = (SELECT phash FROM image_features WHERE asset_id = ?) WHERE asset_id = ?",
                                   [.integer(Int64(1 + random.below(45))), .integer(id)])
            case 5: try db.execute("UPDATE assets SET screenshot = 1 - screenshot WHERE id = ?", [.integer(id)])
            default: break
            }
            #expect(try Self.groups(db, afresh: false) == (try Self.groups(db, afresh: true)), "step \(step)")
        }
    }
}
