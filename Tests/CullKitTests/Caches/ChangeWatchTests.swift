import Foundation
import Testing
@testable import CullKit

/// The change counts the caches decide "nothing changed" by (migration `0018-change-counts`): every
/// writer moves them, a rescan that finds nothing new does not, and a refresh records only the
/// counts its own writes account for.
@Suite struct ChangeWatchTests {
    typealias Fixture = ScannerTests.Fixture

    /// The counts a cache of `hashes` depends on, now.
    static func watch(_ f: Fixture) throws -> ChangeWatch { try CacheTable.hashes.watch(f.db) }

    /// Whether a watch made now finds what `recorded` recorded unchanged.
    static func unchanged(_ f: Fixture, since recorded: ChangeWatch) throws -> Bool {
        try recorded.record(f.db, memo: [1])
        return try watch(f).isUnchanged
    }

    @Test func everyWriterMovesTheCountsAndARescanOfNothingNewDoesNot() throws {
        let f = try Fixture()
        f.directory.write("a.jpg", Fixtures.jpeg())
        f.directory.write("b.jpg", Fixtures.jpeg())
        #expect(try !Self.watch(f).isUnchanged, "nothing recorded yet")
        var watch = try Self.watch(f)
        _ = try f.scan()
        #expect(try !Self.unchanged(f, since: watch), "files added")
        watch = try Self.watch(f)
        _ = try f.scan()
        #expect(try Self.unchanged(f, since: watch), "a rescan that found nothing new")
        #expect(try Self.watch(f).memo == [1])
        try f.db.execute("UPDATE assets SET rating = 5, catalog_rating = 3")
        #expect(try Self.unchanged(f, since: watch), "columns no cache reads")
        f.directory.write("b.jpg", Fixtures.jpeg() + [0])
        _ = try f.scan()
        #expect(try !Self.unchanged(f, since: watch), "a file changed")
        watch = try Self.watch(f)
        try FileManager.default.moveItem(atPath: f.directory.path + "/b.jpg", toPath: f.directory.path + "/c.jpg")
        _ = try f.scan()
        #expect(try !Self.unchanged(f, since: watch), "a file renamed")
        watch = try Self.watch(f)
        var files: [CacheCandidate<Int>] = []
        try f.db.forEachRow("SELECT id, device, inode, size, mtime_ns FROM assets") { row in
            files.append(CacheCandidate(id: row.int64("id"), path: [], device: row.int64("device"), inode: row.int64("inode"),
                                        size: row.int64("size"), mtimeNs: row.int64("mtime_ns"), ctimeNs: nil, extra: 0))
        }
        try CacheTable.hashes.write(f.db, files, order: Array(files.indices), kept: { _ in true }) { _, upsert, first in
            try upsert.bind(.blob([0]), at: first)
            try upsert.bind(.null, at: first + 1)
        }
        #expect(try !Self.unchanged(f, since: watch), "cache rows written")
        watch = try Self.watch(f)
        try f.db.execute("UPDATE hashes SET full = partial")
        #expect(try !Self.unchanged(f, since: watch), "cache rows changed")
        watch = try Self.watch(f)
        try f.db.execute("DELETE FROM hashes")
        #expect(try !Self.unchanged(f, since: watch), "cache rows deleted")
        watch = try Self.watch(f)
        let id = try #require(try f.db.scalar("SELECT id FROM assets WHERE path = 'a.jpg'")?.int64)
        try f.db.execute("DELETE FROM assets WHERE id = ?", [.integer(id)])
        // Every asset left still has the rows it had: a cache's record of that holds (`0034-deletions-apart`).
        #expect(try Self.unchanged(f, since: watch), "an asset deleted")
        watch = try Self.watch(f)
        try f.db.execute("INSERT INTO assets (id, path, folder, name, extension, device, inode, size, mtime_ns, added, modified) VALUES (?, 'a.jpg', '', 'a.jpg', 'jpg', 1, 1, 1, 1, 0, 0)", [.integer(id)])
        #expect(try !Self.unchanged(f, since: watch), "an asset put back under its old id, as undo does")
        watch = try Self.watch(f)
        try FileManager.default.removeItem(atPath: f.directory.path + "/c.jpg")
        _ = try f.scan()
        // The scan deletes c.jpg and indexes a.jpg, put back above with another identity, again.
        #expect(try !Self.unchanged(f, since: watch), "a file removed, another changed")
        #expect(try Self.watch(f).memo == nil)
    }

    /// The deletions of assets are counted apart (`0034-deletions-apart`): a watch that tolerates
    /// them finds its record unchanged after deletions alone, a cache row deleted with its asset
    /// moves no count of its table, and a deletion beside any other write is a change.
    @Test func deletionsAloneLeaveATolerantWatchUnchanged() throws {
        let f = try Fixture()
        for name in ["a", "b", "c", "d", "e"] { f.directory.write("\(name).jpg", Fixtures.jpeg() + [UInt8(name.utf8.first!)]) }
        _ = try f.scan()
        try f.db.execute("INSERT INTO hashes (asset_id, device, inode, size, mtime_ns, ctime_ns, partial) SELECT id, device, inode, size, mtime_ns, 0, x'00' FROM assets")
        func serials() throws -> [String: Int64] {
            var serials: [String: Int64] = [:]
            try f.db.forEachRow("SELECT name, serial FROM change_counts") { serials[$0.string("name") ?? ""] = $0.int64("serial") }
            return serials
        }
        func exact() throws -> ChangeWatch { try ChangeWatch(f.db, name: "exact", tables: [ChangeCounts.assets, "hashes"]) }
        var watch = try Self.watch(f)
        try exact().record(f.db, memo: [1])
        let before = try serials()
        try FileManager.default.removeItem(atPath: f.directory.path + "/a.jpg")
        try f.db.execute("DELETE FROM assets WHERE path = 'a.jpg'")
        let after = try serials()
        #expect(after["assets"] == before["assets"]! + 1 && after["assets_deleted"] == before["assets_deleted"]! + 1)
        #expect(after["hashes"] == before["hashes"], "the cascade's row is counted by its asset's deletion")
        #expect(try Self.unchanged(f, since: watch), "one asset deleted")
        #expect(try !exact().isUnchanged, "a watch that does not tolerate deletions")
        try FileManager.default.removeItem(atPath: f.directory.path + "/b.jpg")
        _ = try f.scan()
        #expect(try Self.unchanged(f, since: watch), "a file the scan found gone")
        // Deletions beside another write.
        try f.db.execute("DELETE FROM hashes WHERE asset_id = (SELECT id FROM assets WHERE path = 'c.jpg')")
        #expect(try !Self.unchanged(f, since: watch), "a cache row deleted while its asset stays")
        watch = try Self.watch(f)
        try f.db.execute("DELETE FROM assets WHERE path = 'c.jpg'")
        try f.db.execute("INSERT INTO assets (path, folder, name, extension, device, inode, size, mtime_ns, added, modified) VALUES ('n.jpg', '', 'n.jpg', 'jpg', 1, 99, 1, 1, 0, 0)")
        #expect(try !Self.unchanged(f, since: watch), "an asset added, another deleted")
        watch = try Self.watch(f)
        try f.db.execute("DELETE FROM assets WHERE path = 'n.jpg'")
        try f.db.execute("UPDATE assets SET mtime_ns = mtime_ns + 1 WHERE path = 'd.jpg'")
        #expect(try !Self.unchanged(f, since: watch), "an asset changed, another deleted")
        // A record made before the deletions were counted apart is computed again, once.
        #expect(!ChangeWatch.onlyDeletions(from: "v1: assets 3, hashes 2", to: "v1: assets 4, hashes 2, assets_deleted 1"))
        #expect(!ChangeWatch.onlyDeletions(from: "v1: assets 3, hashes 2, assets_deleted 0", to: "v2: assets 4, hashes 2, assets_deleted 1"))
        #expect(ChangeWatch.onlyDeletions(from: "v1: assets 3, hashes 2, assets_deleted 0", to: "v1: assets 5, hashes 2, assets_deleted 2"))
    }

    /// A refresh's own writes are accounted for; another writer's between its start and its
    /// write, or between two of its writes, keeps it from recording.
    @Test func onlyTheRefreshsOwnWritesAreAccountedFor() throws {
        let f = try Fixture()
        f.directory.write("a.jpg", Fixtures.jpeg())
        _ = try f.scan()
        func write(_ watch: ChangeWatch) throws {
            try f.db.transaction {
                try watch.begin(f.db)
                try f.db.execute("INSERT OR REPLACE INTO hashes (asset_id, device, inode, size, mtime_ns, ctime_ns, partial) SELECT id, device, inode, size, mtime_ns, 0, x'00' FROM assets")
                try watch.end(f.db)
            }
        }
        let own = try Self.watch(f)
        try write(own)
        try write(own)
        #expect(try Self.unchanged(f, since: own))
        let interrupted = try Self.watch(f)
        try write(interrupted)
        try f.db.execute("DELETE FROM hashes")
        try write(interrupted)
        try interrupted.record(f.db, memo: [2])
        #expect(try !Self.watch(f).isUnchanged)
    }

    /// Whatever is written, a watch that tolerates deletions finds its record unchanged only while
    /// every asset still has its current row, which is what a cache's record says (a refresh made
    /// every row current, then recorded).
    @Test(arguments: [41, 42, 43] as [UInt64])
    func aTolerantWatchHoldsOnlyWhileEveryAssetKeepsItsRow(seed: UInt64) throws {
        var random = SplitMix64(state: seed)
        let index = try TestIndex((0 ..< 30).map { TestAsset(path: "p/\($0).jpg") })
        let db = index.database
        let stale = "FROM assets a LEFT JOIN hashes h ON h.asset_id = a.id WHERE h.asset_id IS NULL OR h.size <> a.size OR h.mtime_ns <> a.mtime_ns"
        func refresh() throws {
            let watch = try CacheTable.hashes.watch(db)
            try db.transaction {
                try watch.begin(db)
                try db.execute("INSERT OR REPLACE INTO hashes (asset_id, device, inode, size, mtime_ns, ctime_ns, partial) SELECT a.id, a.device, a.inode, a.size, a.mtime_ns, 0, x'00' \(stale)")
                try ChangeCounts.bump(db, CacheTable.hashes.name)
                try watch.end(db)
            }
            try watch.record(db, memo: [1])
        }
        try refresh()
        var added = 30
        var (deleted, heldAfterDeletions) = (false, 0)
        for step in 0 ..< 120 {
            let id = Int64(1 + random.below(added))
            switch random.below(7) {
            case 0, 1:
                try db.execute("DELETE FROM assets WHERE id = ?", [.integer(id)])
                deleted = true
            case 2:
                added += 1
                try db.execute("INSERT INTO assets (path, folder, name, extension, device, inode, size, mtime_ns, added, modified) VALUES (?, 'p', 'n.jpg', 'jpg', 1, ?, 5, 5, 0, 0)",
                               [.text("p/n\(added).jpg"), .integer(Int64(1000 + added))])
            case 3: try db.execute("UPDATE assets SET size = size + 1 WHERE id = ?", [.integer(id)])
            case 4: try db.execute("DELETE FROM hashes WHERE asset_id = ?", [.integer(id)])
            case 5: try db.execute("UPDATE assets SET rating = 3 WHERE id = ?", [.integer(id)])
            default:
                if random.below(2) == 0 {
                    try refresh()
                    deleted = false
                }
            }
            if try CacheTable.hashes.watch(db).isUnchanged {
                #expect(try db.scalar("SELECT count(*) \(stale)")?.int64 == 0, "step \(step)")
                if deleted { heldAfterDeletions += 1 }
            }
        }
        #expect(heldAfterDeletions > 0, "the sequence deleted assets from a complete cache")
    }
}
