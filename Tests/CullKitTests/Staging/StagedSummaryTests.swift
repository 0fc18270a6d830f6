@testable import CullKit
import Testing

/// What a plan says of the staged set as a whole (how many, how many bytes, its fingerprint) is
/// remembered while it cannot have changed (``StagedSummary``), and is always what reading the
/// staged set again says.
@Suite struct StagedSummaryTests {
    static func index(_ count: Int) throws -> TestIndex {
        try TestIndex((0 ..< count).map { TestAsset(path: "p/IMG_\($0).jpg", size: Int64(100 + $0), review: $0 % 3 == 0 ? "trashed" : nil) })
    }

    /// What the staged set says when read afresh: its count, bytes and fingerprint.
    static func afresh(_ db: Database) throws -> StagedSummary { StagedSummary(try StagedSet.files(db)) }

    /// A plan over an unchanged staged set reads the summary remembered: one made to say otherwise is believed.
    @Test func anUnchangedStagedSetIsSummarisedFromTheMemo() throws {
        let index = try Self.index(30)
        let db = index.database
        let first = try PlanBuilder(db: db).build([])
        #expect(first.fingerprint == (try Self.afresh(db)).fingerprint && first.stagedBefore.count == 10)
        let planted = StagedSummary(count: 7, bytes: 70, fingerprint: "0123456789ab")
        try db.execute("UPDATE cache_states SET memo = ? WHERE name = 'staged_summary'", [.blob(planted.memo)])
        let second = try PlanBuilder(db: db).build([])
        #expect(second.fingerprint == "0123456789ab" && second.stagedBefore.count == 7 && second.stagedBefore.bytes == 70)
        // A file staged since is another staged set.
        try db.execute("INSERT INTO reviews (asset_id, status, at) VALUES (2, 'trashed', 5)")
        let third = try PlanBuilder(db: db).build([])
        #expect(third.fingerprint == (try Self.afresh(db)).fingerprint && third.stagedBefore.count == 11)
    }

    /// Whatever is written between two plans, the summary a plan gives is the staged set's now.
    @Test(arguments: [21, 22, 23] as [UInt64])
    func aRememberedSummaryIsWhatReadingAgainSays(seed: UInt64) throws {
        var random = SplitMix64(state: seed)
        let index = try Self.index(30)
        let db = index.database
        for step in 0 ..< 60 {
            let id = Int64(1 + random.below(30))
            switch random.below(9) {
            case 0: try db.execute("INSERT OR REPLACE INTO reviews (asset_id, status, at) SELECT id, 'trashed', ? FROM assets WHERE id = ?",
                                   [.integer(Int64(step)), .integer(id)])
            case 1: try db.execute("DELETE FROM reviews WHERE asset_id = ?", [.integer(id)])
            case 2: try db.execute("UPDATE reviews SET status = 'kept' WHERE asset_id = ?", [.integer(id)])
            case 3: try db.execute("UPDATE assets SET size = size + 1 WHERE id = ?", [.integer(id)])
            case 4: try db.execute("UPDATE assets SET mtime_ns = mtime_ns + 7 WHERE id = ?", [.integer(id)])
            case 5: try db.execute("UPDATE assets SET path = path || 'x' WHERE id = ?", [.integer(id)])
            case 6: try db.execute("DELETE FROM assets WHERE id = ?", [.integer(id)])
            case 7: try db.execute("UPDATE assets SET rating = ? WHERE id = ?", [.integer(Int64(random.below(5))), .integer(id)])
            default: break
            }
            let plan = try PlanBuilder(db: db).build([])
            let fresh = try Self.afresh(db)
            #expect(plan.fingerprint == fresh.fingerprint && plan.stagedBefore.count == fresh.count
                    && plan.stagedBefore.bytes == fresh.bytes, "step \(step)")
        }
    }

    /// The files a plan holds back when a catalog's lists were cut are read through their own
    /// index, never by a pass over every asset.
    @Test func theHeldFilesAreReadWithoutAPassOverTheLibrary() throws {
        let index = try Self.index(3)
        let plan = try index.database.queryPlan(RulePlanner.heldSQL, []).joined(separator: "\n")
        #expect(plan.split(separator: "\n").allSatisfy { !$0.contains("assets") || $0.contains("USING INDEX assets_catalog_cut") }, "\(plan)")
    }
}
