import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import CullKit

/// A file Cull cannot open or read is *unreadable*, never `broken`; and anything indexed broken
/// or unreadable is read again on the next scan, even when its size and mtime did not change.
@Suite struct UnreadableTests {
    /// Rewrites `path` in place with `bytes` (same inode) and puts its mtime back.
    static func rewriteKeepingStamp(_ path: String, _ bytes: [UInt8]) throws {
        var before = stat()
        #expect(stat(path, &before) == 0)
        let fd = open(path, O_WRONLY | O_TRUNC)
        #expect(fd >= 0)
        _ = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        close(fd)
        var times = [before.st_atim, before.st_mtim]
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
    }

    @Test func aBrokenFileIsRereadEvenWhenSizeAndMtimeAreUnchanged() throws {
        let f = try ScannerTests.Fixture()
        let good = Fixtures.jpeg()
        let path = f.directory.write("IMG_1.JPG", [UInt8](repeating: 0x41, count: good.count))
        #expect(try f.scan().broken == 1)
        #expect(try f.row("IMG_1.JPG", "broken") == [.integer(1)])
        try Self.rewriteKeepingStamp(path, good)
        let second = try f.scan()
        #expect(second.broken == 0)
        #expect(try f.row("IMG_1.JPG", "broken, width") == [.integer(0), .integer(64)])
    }

    @Test func aStagedBrokenFileStaysStagedWhenRereadUnchanged() throws {
        let f = try ScannerTests.Fixture()
        f.directory.write("bad.jpg", "not a jpeg")
        _ = try f.scan()
        try f.db.execute("INSERT INTO reviews (asset_id, status, at) SELECT id, 'trashed', 0 FROM assets")
        _ = try f.scan()
        #expect(try f.db.scalar("SELECT count(*) FROM reviews WHERE status = 'trashed'")?.int64 == 1)
    }

    /// The walk saw a regular file; by the time the reader opens it, a FIFO stands at that name.
    /// Opening a FIFO for reading blocks until a writer comes: the reader must refuse it instead.
    @Test func aFIFOSwappedInAfterTheWalkIsRefusedNotOpened() throws {
        let f = try ScannerTests.Fixture()
        let path = f.directory.write("IMG_2.JPG", Fixtures.jpeg())
        var problems: [UnreadableFolder] = []
        let found = try #require(TreeWalker(root: f.library.root).walk(problems: &problems).first)
        unlink(path)
        #expect(mkfifo(path, 0o644) == 0)
        // Should the reader block in open(2), a writer arriving later lets the test end (and fail).
        let rescue = Thread {
            Thread.sleep(forTimeInterval: 3)
            let fd = open(path, O_WRONLY | O_NONBLOCK)
            if fd >= 0 { close(fd) }
        }
        rescue.start()
        #expect {
            try MetadataReaders.read(path: path)
        } throws: { error in
            (error as? MetadataError)?.description.contains("not a regular file") == true
        }
        let record = AssetRecord.read(found, root: f.library.root)
        #expect(record.brokenReason == nil)
        #expect(record.unreadableReason?.contains("not a regular file") == true)
    }

    @Test func aFolderOrSymlinkSwappedInIsUnreadableNotBroken() throws {
        let f = try ScannerTests.Fixture()
        let folder = f.directory.write("a.jpg", Fixtures.jpeg())
        let link = f.directory.write("b.jpg", Fixtures.jpeg())
        var problems: [UnreadableFolder] = []
        let found = TreeWalker(root: f.library.root).walk(problems: &problems)
        unlink(folder)
        #expect(mkdir(folder, 0o755) == 0)
        unlink(link)
        #expect(symlink(f.directory.path + "/a.jpg", link) == 0)
        for file in found {
            let record = AssetRecord.read(file, root: f.library.root)
            #expect(record.brokenReason == nil, "\(record.brokenReason ?? "")")
            #expect(record.unreadableReason != nil)
        }
    }
}

@Suite struct UnreadableMigrationTests {
    /// An index written by the old scanner holds unreadable files as broken; `0007-unreadable`
    /// moves them over before any rule sees them, and leaves truly broken files alone.
    @Test func oldRowsBrokenByAnOpenErrorBecomeUnreadable() throws {
        let f = try ScannerTests.Fixture()
        try f.db.execute("""
            DELETE FROM schema_migrations WHERE id = '0007-unreadable';
            ALTER TABLE assets DROP COLUMN unreadable_reason;
            ALTER TABLE commit_assets DROP COLUMN unreadable_reason;
            """)
        for (path, reason) in [("locked.jpg", "cannot open: Permission denied"), ("eio.jpg", "read failed at offset 0: Input/output error"),
                               ("cut.jpg", "truncated: no EOI marker")] {
            try f.db.execute("""
                INSERT INTO assets (path, folder, name, extension, device, inode, size, mtime_ns, added, modified, broken, broken_reason)
                VALUES (?, '', ?, 'jpg', 0, 0, 0, 0, 0, 0, 1, ?)
                """, [.text(path), .text(path), .text(reason)])
        }
        try Migrator.migrate(f.db)
        #expect(try f.row("locked.jpg", "broken, unreadable_reason") == [.integer(0), .text("cannot open: Permission denied")])
        #expect(try f.row("eio.jpg", "broken, broken_reason IS NULL") == [.integer(0), .integer(1)])
        #expect(try f.row("cut.jpg", "broken, unreadable_reason") == [.integer(1), .null])
    }
}
