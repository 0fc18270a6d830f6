import Foundation
import Testing
@testable import CullKit

/// The log of changed assets (`0036-asset-changes`) names every asset whose row, or a row that
/// belongs to it, was written, whoever wrote it; and a run's evaluations are brought up to date
/// from it alone (``EvaluationMemo``).
@Suite struct AssetChangesTests {
    /// The assets logged after `serial`, in order, repeats and all.
    static func logged(_ db: Database, after serial: Int64) throws -> [Int64] {
        var ids: [Int64] = []
        try db.forEachRow("SELECT asset_id FROM asset_changes WHERE serial > ? ORDER BY serial", [.integer(serial)]) { ids.append($0.int64("asset_id")) }
        return ids
    }

    @Test func everyWriteToAnAssetOrItsRowsIsLogged() throws {
        let index = try TestIndex((1 ... 4).map { TestAsset(path: "IMG_\($0).jpg") })
        let db = index.database
        try db.execute("""
            INSERT INTO image_features (asset_id, device, inode, size, mtime_ns, ctime_ns, sharpness, exposure, edges)
            SELECT id, device, inode, size, mtime_ns, 0, 50, 50, 10 FROM assets
            """)
        let writes: [(sql: String, logged: [Int64])] = [
            ("UPDATE assets SET rating = 5 WHERE id = 1", [1]),
            ("INSERT INTO reviews (asset_id, status, at) VALUES (2, 'kept', 0)", [2]),
            ("UPDATE reviews SET status = 'trashed' WHERE asset_id = 2", [2]),
            ("UPDATE reviews SET asset_id = 3 WHERE asset_id = 2", [2, 3]),
            ("DELETE FROM reviews WHERE asset_id = 3", [3]),
            ("INSERT INTO companions (asset_id, path, role) VALUES (4, 'IMG_4.xmp', 'xmp')", [4]),
            ("UPDATE image_features SET sharpness = 10 WHERE asset_id = 1", [1]),
            ("DELETE FROM image_features WHERE asset_id = 2", [2]),
            // Deleted with its asset, a row is logged by its asset alone.
            ("DELETE FROM assets WHERE id = 4", [4]),
            ("INSERT INTO assets (path, folder, name, extension, device, inode, size, mtime_ns, added, modified, kind) "
                + "VALUES ('new.jpg', '', 'new.jpg', 'jpg', 1, 99, 1, 0, 0, 0, 'photo')", [4]),  // the deleted one's id, free again
        ]
        for write in writes {
            let serial = try AssetChanges.serial(db)
            try db.execute(write.sql)
            #expect(try Self.logged(db, after: serial).sorted() == write.logged.sorted(), "\(write.sql)")
        }
    }

    /// A cache's one writer logs the rows it inserts, as it counts them.
    @Test func aCachesInsertedRowsAreLogged() throws {
        let directory = TemporaryDirectory()
        let library = try Library.initialize(at: directory.path)
        let db = try library.openIndex()
        for name in ["a.jpg", "b.jpg", "c.jpg"] {
            try Data(repeating: 7, count: 4096).write(to: URL(fileURLWithPath: directory.path + "/" + name))
        }
        _ = try Scanner(library: library).scan(db)
        let serial = try AssetChanges.serial(db)
        try HashCache(db: db, root: library.root).refresh()
        var ids: [Int64] = []
        try db.forEachRow("SELECT asset_id FROM hashes ORDER BY asset_id") { ids.append($0.int64("asset_id")) }
        #expect(ids.count == 3)
        #expect(Set(try Self.logged(db, after: serial)) == Set(ids))
    }

    /// After one rating is edited, the memo is brought up to date by evaluating that asset alone;
    /// after a Live Photo half's kind changes, that half and its other half; after a setting, whole.
    @Test func onlyTheAssetsWrittenSinceAreEvaluatedAgain() throws {
        var assets = (1 ... 8).map { TestAsset(path: "IMG_\($0).jpg", rating: 1) }
        (assets[4].liveID, assets[5].liveID, assets[5].kind) = ("L", "L", "video")
        let index = try TestIndex(assets)
        let db = index.database
        let files = [try validRuleFile("""
            version: 1
            rules:
              - name: unloved
                match: {rating: {lte: 1}}
              - name: halves
                match: {live: true}
            protect:
              - rating: {gte: 3}
            """)]
        var spared: [Int64] = []
        let run = { () throws -> (EvaluationMemo.Source, [[Int64]]) in
            let evaluator = try RuleEvaluator(database: db, clock: RunClock(now: EvaluationMemoTests.start, localOffset: 0))
            let evaluated = try evaluator.evaluate(files)
            spared = try evaluator.sparedLiveHalves(files).keys.sorted()
            // As a plan does, once its memos are read: the log is trimmed up to where they read it.
            evaluator.trimChangeLog()
            return (evaluator.source, evaluated.map(\.net))
        }
        #expect(try run() == (.computed, [[1, 2, 3, 4, 5, 6, 7, 8], [5, 6]]))
        #expect(try run().0 == .recalled)
        try db.execute("UPDATE assets SET rating = 5 WHERE id = 3")
        #expect(try run() == (.merged(assets: 1), [[1, 2, 4, 5, 6, 7, 8], [5, 6]]))
        // The log is trimmed to the serial the memo was recorded at.
        #expect(try db.scalar("SELECT count(*) FROM asset_changes")?.int64 == 1)
        try db.execute("UPDATE assets SET rating = 4 WHERE id = 5")
        #expect(try run() == (.merged(assets: 2), [[1, 2, 4, 6, 7, 8], [6]]))
        #expect(spared == [5], "what the guards spare of the Live Photo halves, merged alike")
        try db.execute("UPDATE assets SET kind = 'photo' WHERE id = 6")
        #expect(try run() == (.merged(assets: 2), [[1, 2, 4, 6, 7, 8], []]))
        try db.execute("INSERT INTO settings (key, value) VALUES ('memo_test', 1)")
        #expect(try run().0 == .computed)
        try db.execute("UPDATE assets SET rating = 1 WHERE id = 5")
        #expect(try run().0 == .merged(assets: 2))
        // A memo whose writes since were trimmed away is computed whole.
        try db.execute("UPDATE assets SET rating = 0 WHERE id = 3")
        let serial = try AssetChanges.serial(db)
        try db.execute("UPDATE assets SET rating = 0 WHERE id = 1")
        AssetChanges.trim(db, through: try AssetChanges.serial(db))
        #expect(try !AssetChanges.covers(db, since: serial - 1))
        #expect(try run() == (.computed, [[1, 2, 3, 4, 5, 6, 7, 8], []]))
    }

    /// Trimmed through a serial some write came after, the log keeps that serial's row and the later ones.
    @Test func aTrimBeforeTheLastWriteKeepsTheWritesAfter() throws {
        let index = try TestIndex((1 ... 3).map { TestAsset(path: "IMG_\($0).jpg") })
        let db = index.database
        for id in 1 ... 3 { try db.execute("UPDATE assets SET rating = 1 WHERE id = ?", [.integer(Int64(id))]) }
        let last = try AssetChanges.serial(db)
        AssetChanges.trim(db, through: last - 1)
        #expect(try Self.logged(db, after: 0) == [2, 3])
        #expect(try AssetChanges.covers(db, since: last - 2) && !AssetChanges.covers(db, since: last - 3))
    }

    /// The log trimmed through a serial keeps that serial's row as it was: a reader of the serial
    /// before learns what it logged; a reader of an older one learns it is no longer covered.
    @Test func aTrimKeepsTheLastWrite() throws {
        let index = try TestIndex((1 ... 3).map { TestAsset(path: "IMG_\($0).jpg") })
        let db = index.database
        let before = try AssetChanges.serial(db)
        try db.execute("UPDATE assets SET rating = 1 WHERE id = 1")
        let reader = try AssetChanges.serial(db)
        try db.execute("UPDATE assets SET rating = 1 WHERE id = 2")
        AssetChanges.trim(db, through: try AssetChanges.serial(db))
        #expect(try AssetChanges.covers(db, since: reader))
        #expect(try AssetChanges.fillScope(db, since: reader, also: []) == 1)
        #expect(try db.scalar("SELECT id FROM \(AssetChanges.scopeTable)")?.int64 == 2)
        #expect(try !AssetChanges.covers(db, since: before))
    }
}

