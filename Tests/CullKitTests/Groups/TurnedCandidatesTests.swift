@testable import CullKit
import Testing

/// The candidate pairs of turned copies a plan takes back from their memo (``TurnedDuplicates``)
/// are the ones a search finds again, whatever was written in between.
@Suite struct TurnedCandidatesTests {
    /// An index of `count` square photos whose prints come in pairs, each second one the first turned.
    static func index(_ count: Int, _ random: inout SplitMix64) throws -> TestIndex {
        let index = try TestIndex((0 ..< count).map { TestAsset(path: "p/IMG_\($0).jpg", width: 300, height: 300) })
        try index.database.execute("UPDATE assets SET orientation = 1")
        var original = TurnPrint(signs: 0, canonical: [Turn(index: 0)])
        for id in 1 ... Int64(count) {
            if id % 2 == 1 {
                original = TurnPrint(signs: random.next(), canonical: [Turn(index: 0)])
                try Self.print(index.database, id: id, original)
            } else {
                let copy = Turn(index: 1 + random.below(7)).apply(to: original.signs)
                let canonical = Turn.allCases.first { $0.apply(to: copy) == original.key }!
                try Self.print(index.database, id: id, TurnPrint(signs: copy, canonical: [canonical]))
            }
        }
        return index
    }

    static func print(_ db: Database, id: Int64, _ print: TurnPrint) throws {
        try db.execute("""
            INSERT OR REPLACE INTO image_features (asset_id, device, inode, size, mtime_ns, ctime_ns, phash, sharpness, edges, exposure, turn_signs, turns)
            SELECT id, device, inode, size, mtime_ns, 0, ?, 100, 1000, 0.5, ?, ? FROM assets WHERE id = ?
            """, [.integer(Int64(bitPattern: print.signs &* 0x9E37_79B9_7F4A_7C15)), .integer(Int64(bitPattern: print.signs)), .integer(print.code), .integer(id)])
    }

    static func found(_ db: Database) throws -> [[Int64]] {
        try TurnedDuplicates.candidates(db).map { [$0.0, $0.1] }.sorted { $0.lexicographicallyPrecedes($1) }
    }

    /// A rating edited or a photo deleted leaves the memo standing (one made to say otherwise is
    /// believed); an orientation changed does not.
    @Test func editsAndDeletionsKeepTheMemoAndATurnDoesNot() throws {
        var random = SplitMix64(state: 5)
        let index = try Self.index(20, &random)
        let db = index.database
        #expect(try Self.found(db).count == 10)
        var planted = MemoWriter()
        planted.append(list: [1, 20])
        try db.execute("UPDATE cache_states SET memo = ? WHERE name = 'turned_candidates'", [.blob(planted.bytes)])
        try db.execute("UPDATE assets SET rating = 5, taken = 7 WHERE id = 3")
        try db.execute("DELETE FROM assets WHERE id = 5")
        #expect(try Self.found(db) == [[1, 20]])
        try db.execute("UPDATE assets SET orientation = 3 WHERE id = 7")
        #expect(try Self.found(db).count == 9)
    }

    @Test(arguments: [51, 52, 53] as [UInt64])
    func aRememberedSearchIsWhatSearchingAgainFinds(seed: UInt64) throws {
        var random = SplitMix64(state: seed)
        let index = try Self.index(40, &random)
        let db = index.database
        _ = try Self.found(db)
        for step in 0 ..< 50 {
            let id = Int64(1 + random.below(40))
            switch random.below(8) {
            case 0: try db.execute("UPDATE assets SET rating = ? WHERE id = ?", [.integer(Int64(random.below(6))), .integer(id)])
            case 1: try db.execute("DELETE FROM assets WHERE id = ?", [.integer(id)])
            case 2: try db.execute("UPDATE assets SET orientation = ? WHERE id = ?", [.integer(Int64(1 + random.below(8))), .integer(id)])
            case 3: try db.execute("UPDATE assets SET kind = CASE kind WHEN 'photo' THEN 'video' ELSE 'photo' END WHERE id = ?", [.integer(id)])
            case 4: try db.execute("UPDATE assets SET width = 200 WHERE id = ?", [.integer(id)])
            case 5:
                // A cache row's insert is counted by its one writer, an update by a trigger, whoever makes it.
                let print = TurnPrint(signs: random.next(), canonical: [Turn(index: random.below(8))])
                try db.execute("UPDATE image_features SET turn_signs = ?, turns = ? WHERE asset_id = ?",
                               [.integer(Int64(bitPattern: print.signs)), .integer(print.code), .integer(id)])
            case 6: try db.execute("UPDATE assets SET mtime_ns = mtime_ns + 1 WHERE id = ?", [.integer(id)])
            default: break
            }
            var present = Set<Int64>()
            try db.forEachRow("SELECT id FROM assets") { present.insert($0.int64("id")) }
            // A deleted photo's pairs are left out when the photos are loaded.
            let remembered = try Self.found(db).filter { $0.allSatisfy(present.contains) }
            try db.execute("DELETE FROM cache_states WHERE name = 'turned_candidates'")
            #expect(remembered == (try Self.found(db)), "step \(step)")
        }
    }

    /// The similar search's turned pairs, remembered apart from its groups, are the ones it finds again.
    @Test(arguments: [61, 62] as [UInt64])
    func theSimilarSearchsTurnedPairsAreWhatSearchingAgainFinds(seed: UInt64) throws {
        var random = SplitMix64(state: seed)
        let index = try Self.index(40, &random)
        let db = index.database
        func groups(afresh: Bool) throws -> [[Int64]] {
            try db.execute("DELETE FROM cache_states WHERE name = 'similar_groups'\(afresh ? " OR name IN ('similar_turned', 'similar_neighboured_6')" : "")")
            return try SimilarGroups.candidates(db, distance: 6, root: nil).map(\.ids)
        }
        #expect(try groups(afresh: true).count == 20, "each photo and its turned copy")
        for step in 0 ..< 40 {
            let id = Int64(1 + random.below(40))
            switch random.below(6) {
            case 0: try db.execute("UPDATE assets SET rating = ? WHERE id = ?", [.integer(Int64(random.below(6))), .integer(id)])
            case 1: try db.execute("DELETE FROM assets WHERE id = ?", [.integer(id)])
            case 2: try db.execute("UPDATE assets SET screenshot = 1 - screenshot WHERE id = ?", [.integer(id)])
            case 3: try db.execute("UPDATE assets SET kind = CASE kind WHEN 'photo' THEN 'video' ELSE 'photo' END WHERE id = ?", [.integer(id)])
            case 4: try db.execute("UPDATE image_features SET phash = (SELECT phash FROM image_features WHERE asset_id = ?) WHERE asset_id = ?",
                                   [.integer(Int64(1 + random.below(40))), .integer(id)])
            default: break
            }
            let remembered = try groups(afresh: false)
            #expect(remembered == (try groups(afresh: true)), "step \(step)")
        }
    }
}
