import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import CullKit

/// The identity-keyed cache every per-file cache is built on, through a cache of its own: a table
/// made by the migration helper, candidates loaded stale-only, files measured by ``CacheJob`` and
/// rows written by ``CacheTable/write(_:_:order:kept:bind:)``.
@Suite struct IdentityCacheTests {
    /// A cache of each file's length as the opened file says it, counting what it measures.
    final class LengthCache {
        /// This cache reads no columns of its own from a candidate row.
        struct NoColumns: RowColumns { init(_ row: Row) {} }

        static let table = CacheTable("test_lengths", values: [CacheTable.Column(name: "length", declaration: "INTEGER NOT NULL")])
        let directory = TemporaryDirectory()
        let library: Library
        let db: Database

        init() throws {
            (library, db) = try directory.indexedLibrary()
            try db.execute(Migration.cacheTable(id: "test-lengths", Self.table).sql)
        }

        func scan() throws { _ = try Scanner(library: library).scan(db) }

        /// The assets whose row is not current, by path.
        func candidates() throws -> [CacheCandidate<Bool>] {
            var files: [CacheCandidate<Bool>] = []
            try Self.table.forEachCandidate(db, columns: [], where: "a.size > 0", staleOnly: true, tableOrder: true, NoColumns.self) { row, column in
                files.append(CacheCandidate(row, column, extra: row.int64(column.current) != 0))
            }
            return files.sorted { PathBytes.precedes($0.path, $1.path) }
        }

        /// Measures and records `files`; the paths measured (opened as the index has them).
        @discardableResult
        func measure(_ files: [CacheCandidate<Bool>], schedule: CacheSchedule = .shares) throws -> [String] {
            let lengths = CacheJob(files, root: Array(library.root.utf8), schedule: schedule, changed: Int64?.none) {
                { _, opened in opened.identity.size }
            }.finish()
            try Self.table.write(db, files, order: Array(files.indices), kept: { lengths[$0] != nil }) { index, upsert, first in
                try upsert.bind(.integer(lengths[index]!), at: first)
            }
            return zip(files, lengths).filter { $0.1 != nil }.map { PathBytes.display($0.0.path) }
        }

        @discardableResult
        func refresh() throws -> [String] { try measure(try candidates()) }

        func rows() throws -> Int64 { try db.scalar("SELECT count(*) FROM test_lengths")?.int64 ?? -1 }

        func absolute(_ path: String) -> String { directory.path + "/" + path }
    }

    @Test func aRowIsReusedWhileTheIdentityHoldsAndRecomputedWhenItChanges() throws {
        let cache = try LengthCache()
        for name in ["size", "mtime", "ctime", "inode", "same"] { cache.directory.write("f/\(name).jpg", Array(name.utf8)) }
        try cache.scan()
        #expect(try cache.refresh() == ["f/ctime.jpg", "f/inode.jpg", "f/mtime.jpg", "f/same.jpg", "f/size.jpg"])
        #expect(try cache.candidates().isEmpty, "every row is current")
        #expect(try cache.refresh().isEmpty, "a second refresh measures nothing")

        // One change of identity each, all but one file; the scan records the new identities.
        usleep(20_000)
        cache.directory.write("f/size.jpg", Array("size, longer".utf8))
        var times = [timespec(tv_sec: 1_000_000, tv_nsec: 0), timespec(tv_sec: 1_000_000, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, cache.absolute("f/mtime.jpg"), &times, 0) == 0)
        #expect(chmod(cache.absolute("f/ctime.jpg"), 0o600) == 0)
        var before = stat()
        #expect(stat(cache.absolute("f/inode.jpg"), &before) == 0)
        cache.directory.write("f/inode.new", Array("inode".utf8))
        var same = [before.st_atim, before.st_mtim]
        #expect(utimensat(AT_FDCWD, cache.absolute("f/inode.new"), &same, 0) == 0)
        #expect(rename(cache.absolute("f/inode.new"), cache.absolute("f/inode.jpg")) == 0)
        try cache.scan()
        #expect(try cache.refresh() == ["f/ctime.jpg", "f/inode.jpg", "f/mtime.jpg", "f/size.jpg"])
        #expect(try cache.db.scalar("SELECT c.length FROM test_lengths c JOIN assets a ON a.id = c.asset_id WHERE a.path = 'f/size.jpg'")?.int64 == 12)
        #expect(try cache.refresh().isEmpty)
    }

    @Test(arguments: [CacheSchedule.shares, .claims(threads: 3)])
    func aFileReplacedAfterTheCandidatesWereLoadedIsNotRecorded(schedule: CacheSchedule) throws {
        let cache = try LengthCache()
        cache.directory.write("a/kept.jpg", Array("kept".utf8))
        cache.directory.write("a/replaced.jpg", Array("replaced".utf8))
        cache.directory.write("a/gone.jpg", Array("gone".utf8))
        try cache.scan()
        let files = try cache.candidates()
        #expect(files.count == 3)
        // Replaced by another file of the same size, and removed, between the load and the open.
        cache.directory.write("a/other.tmp", Array("REPLACED".utf8))
        #expect(rename(cache.absolute("a/other.tmp"), cache.absolute("a/replaced.jpg")) == 0)
        #expect(unlink(cache.absolute("a/gone.jpg")) == 0)
        #expect(try cache.measure(files, schedule: schedule) == ["a/kept.jpg"])
        #expect(try cache.rows() == 1)
        #expect(try cache.candidates().map { PathBytes.display($0.path) } == ["a/gone.jpg", "a/replaced.jpg"], "tried again")
    }

    @Test func rowsOfAFileThatChangedAreRemoved() throws {
        let cache = try LengthCache()
        cache.directory.write("a/one.jpg", Array("one".utf8))
        try cache.scan()
        try cache.refresh()
        #expect(try cache.rows() == 1)
        // The index still has the old identity (no scan), so the stale row's file is measured, found changed, and loses its row.
        let stale = try cache.db.prepare("SELECT id, path, device, inode, size, mtime_ns, ctime_ns FROM assets")
        var files: [CacheCandidate<Bool>] = []
        try stale.forEachRow([], CandidateFileColumns.self) { files.append(CacheCandidate($0, $1, extra: false)) }
        cache.directory.write("a/one.jpg", Array("ONE, again".utf8))
        #expect(try cache.measure(files).isEmpty)
        #expect(try cache.rows() == 0)
    }

    @Test func moreRowsThanABatchAreAllWritten() throws {
        let cache = try LengthCache()
        for index in 0 ..< 150 { cache.directory.write("b/\(index).jpg", Array(repeating: 7, count: index + 1)) }
        try cache.scan()
        #expect(try cache.refresh().count == 150)
        #expect(try cache.rows() == 150)
        #expect(try cache.db.scalar("SELECT count(*) FROM test_lengths c JOIN assets a ON a.id = c.asset_id WHERE c.length = a.size")?.int64 == 150)
    }

    /// The descriptions the commit's copies and undo read their columns from are the tables the
    /// migrations made (which keep their own SQL, as installed indexes ran it), and the helper
    /// a new cache's migration uses makes the same tables from them.
    @Test func theRegisteredDescriptionsAreTheMigratedTables() throws {
        let directory = TemporaryDirectory()
        let migrated = try directory.indexedLibrary().db
        let described = try Database(path: directory.path + "/described.sqlite")
        #expect(!CacheTable.registered.isEmpty)
        for table in CacheTable.registered {
            try described.execute(Migration.cacheTable(id: "test", table).sql)
            for name in [table.name, table.commitTable] {
                func columns(_ db: Database) throws -> [String] {
                    var result: [String] = []
                    try db.forEachRow("SELECT name, type, \"notnull\", pk FROM pragma_table_info(?) ORDER BY cid", [.text(name)]) { row in
                        result.append("\(row.string("name") ?? "") \(row.string("type") ?? "") \(row.int64("notnull")) \(row.int64("pk"))")
                    }
                    return result
                }
                let expected = try columns(migrated)
                #expect(!expected.isEmpty, "\(name) is installed")
                #expect(try columns(described) == expected, "\(name)")
            }
            let shared = try migrated.scalar("SELECT count(*) FROM pragma_table_info(?)", [.text(table.commitTable)])?.int64
            #expect(shared == Int64(table.sharedColumns.count + 2), "\(table.commitTable): commit_id, seq and the shared columns")
        }
        // Only the caches' tables are keyed by an asset's identity: a cache table left out of the registry fails here.
        var keyed: [String] = []
        try migrated.forEachRow("""
            SELECT m.name FROM sqlite_master m WHERE m.type = 'table' AND m.name NOT LIKE 'commit_%'
              AND EXISTS (SELECT 1 FROM pragma_table_info(m.name) WHERE name = 'asset_id')
              AND EXISTS (SELECT 1 FROM pragma_table_info(m.name) WHERE name = 'mtime_ns')
            ORDER BY m.name
            """) { keyed.append($0.string("name") ?? "") }
        #expect(keyed == CacheTable.registered.map(\.name).sorted())
    }
}
