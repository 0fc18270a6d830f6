import Foundation
import Testing
@testable import CullKit

/// The change counts the caches decide "nothing changed" by (migration `0018-change-counts`): every
/// writer moves them, a rescan that finds nothing new does not, and a refresh records only the
/// counts its own writes account for.
@Suite struct ChangeWatchTests {
    final class Fixture {
        let directory = TemporaryDirectory()
        let library: Library
        let db: Database

        init() throws { (library, db) = try directory.indexedLibrary() }

        func scan() throws { _ = try Scanner(library: library).scan(db) }

        func watch() throws -> ChangeWatch { try CacheTable.hashes.watch(db) }

        /// Whether a watch made now finds what `recorded` recorded unchanged.
        func unchanged(since recorded: ChangeWatch) throws -> Bool {
            try recorded.record(db, memo: [1])
            return try watch().isUnchanged
        }
    }

    @Test func everyWriterMovesTheCountsAndARescanOfNothingNewDoesNot() throws {
        let f = try Fixture()
        f.directory.write("a.jpg", Fixtures.jpeg())
        f.directory.write("b.jpg", Fixtures.jpeg())
        #expect(try !f.watch().isUnchanged, "nothing recorded yet")
        var watch = try f.watch()
        try f.scan()
        #expect(try !f.unchanged(since: watch), "files added")
        watch = try f.watch()
        try f.scan()
        #expect(try f.unchanged(since: watch), "a rescan that found nothing new")
        #expect(try f.watch().memo == [1])
        try f.db.execute("UPDATE assets SET rating = 5, catalog_rating = 3")
        #expect(try f.unchanged(since: watch), "columns no cache reads")
        f.directory.write("b.jpg", Fixtures.jpeg() + [0])
        try f.scan()
        #expect(try !f.unchanged(since: watch), "a file changed")
        watch = try f.watch()
        try FileManager.default.moveItem(atPath: f.directory.path + "/b.jpg", toPath: f.directory.path + "/c.jpg")
        try f.scan()
        #expect(try !f.unchanged(since: watch), "a file renamed")
        watch = try f.watch()
        try f.db.execute("INSERT INTO hashes (asset_id, device, inode, size, mtime_ns, ctime_ns, partial) SELECT id, device, inode, size, mtime_ns, 0, x'00' FROM assets")
        #expect(try !f.unchanged(since: watch), "cache rows written")
        watch = try f.watch()
        try f.db.execute("DELETE FROM hashes")
        #expect(try !f.unchanged(since: watch), "cache rows deleted")
        watch = try f.watch()
        let id = try #require(try f.db.scalar("SELECT id FROM assets WHERE path = 'a.jpg'")?.int64)
        try f.db.execute("DELETE FROM assets WHERE id = ?", [.integer(id)])
        #expect(try !f.unchanged(since: watch), "an asset deleted")
        watch = try f.watch()
        try f.db.execute("INSERT INTO assets (id, path, folder, name, extension, device, inode, size, mtime_ns, added, modified) VALUES (?, 'a.jpg', '', 'a.jpg', 'jpg', 1, 1, 1, 1, 0, 0)", [.integer(id)])
        #expect(try !f.unchanged(since: watch), "an asset put back under its old id, as undo does")
        watch = try f.watch()
        try FileManager.default.removeItem(atPath: f.directory.path + "/c.jpg")
        try f.scan()
        #expect(try !f.unchanged(since: watch), "a file removed")
        #expect(try f.watch().memo == nil)
    }

    /// A refresh's own writes are accounted for; another writer's between its start and its
    /// write, or between two of its writes, keeps it from recording.
    @Test func onlyTheRefreshsOwnWritesAreAccountedFor() throws {
        let f = try Fixture()
        f.directory.write("a.jpg", Fixtures.jpeg())
        try f.scan()
        func write(_ watch: ChangeWatch) throws {
            try f.db.transaction {
                try watch.begin(f.db)
                try f.db.execute("INSERT OR REPLACE INTO hashes (asset_id, device, inode, size, mtime_ns, ctime_ns, partial) SELECT id, device, inode, size, mtime_ns, 0, x'00' FROM assets")
                try watch.end(f.db)
            }
        }
        let own = try f.watch()
        try write(own)
        try write(own)
        #expect(try f.unchanged(since: own))
        let interrupted = try f.watch()
        try write(interrupted)
        try f.db.execute("DELETE FROM hashes")
        try write(interrupted)
        try interrupted.record(f.db, memo: [2])
        #expect(try !f.watch().isUnchanged)
    }
}
