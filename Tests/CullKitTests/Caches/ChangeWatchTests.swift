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
        #expect(try !Self.unchanged(f, since: watch), "an asset deleted")
        watch = try Self.watch(f)
        try f.db.execute("INSERT INTO assets (id, path, folder, name, extension, device, inode, size, mtime_ns, added, modified) VALUES (?, 'a.jpg', '', 'a.jpg', 'jpg', 1, 1, 1, 1, 0, 0)", [.integer(id)])
        #expect(try !Self.unchanged(f, since: watch), "an asset put back under its old id, as undo does")
        watch = try Self.watch(f)
        try FileManager.default.removeItem(atPath: f.directory.path + "/c.jpg")
        _ = try f.scan()
        #expect(try !Self.unchanged(f, since: watch), "a file removed")
        #expect(try Self.watch(f).memo == nil)
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
}
