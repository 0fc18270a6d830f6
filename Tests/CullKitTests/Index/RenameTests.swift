import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import CullKit

/// A rename is not a delete plus an add: the asset keeps its id and everything that hangs off it.
@Suite struct RenameTests {
    typealias Fixture = ScannerTests.Fixture

    func id(_ f: Fixture, _ path: String) throws -> Int64? { try f.row(path, "id").first?.int64 }

    func status(_ f: Fixture, _ path: String) throws -> String? {
        var status: String?
        try f.db.forEachRow("SELECT r.status FROM reviews r JOIN assets a ON a.id = r.asset_id WHERE a.path = ?", [.text(path)]) {
            status = $0.string("status")
        }
        return status
    }

    func review(_ f: Fixture, _ path: String, _ status: String) throws {
        try f.db.execute("INSERT INTO reviews (asset_id, status, at) SELECT id, ?, 0 FROM assets WHERE path = ?", [.text(status), .text(path)])
    }

    func move(_ f: Fixture, _ from: String, _ to: String) {
        let target = f.directory.path + "/" + to
        try? FileManager.default.createDirectory(atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        #expect(rename(f.directory.path + "/" + from, target) == 0, "mv \(from) \(to)")
    }

    @Test func aRenamedFileKeepsItsIdReviewAndCompanions() throws {
        let f = try Fixture()
        f.directory.write("IMG_1.JPG", Fixtures.jpeg())
        f.directory.write("IMG_1.xmp", Fixtures.xmpSidecar(rating: 2))
        _ = try f.scan()
        let before = try #require(try id(f, "IMG_1.JPG"))
        try review(f, "IMG_1.JPG", "kept")
        move(f, "IMG_1.JPG", "Holiday.JPG")
        move(f, "IMG_1.xmp", "Holiday.xmp")
        let summary = try f.scan()
        #expect(summary.added == 0 && summary.removed == 0)
        #expect(try f.paths() == ["Holiday.JPG"])
        #expect(try id(f, "Holiday.JPG") == before)
        #expect(try status(f, "Holiday.JPG") == "kept")
        #expect(try f.row("Holiday.JPG", "folder, name, extension, rating") == [.text(""), .text("Holiday.JPG"), .text("jpg"), .integer(2)])
        var companions: [String] = []
        try f.db.forEachRow("SELECT path FROM companions WHERE asset_id = ?", [.integer(before)]) { companions.append($0.string("path") ?? "") }
        #expect(companions == ["Holiday.xmp"])
    }

    @Test func aRenamedFolderKeepsEveryAssetAndAStagedFileStaysStaged() throws {
        let f = try Fixture()
        f.directory.write("日本旅行/東京タワー.JPG", Fixtures.jpeg())
        f.directory.write("日本旅行/富士山.JPG", Fixtures.jpeg(width: 32, height: 32))
        _ = try f.scan()
        let kept = try #require(try id(f, "日本旅行/東京タワー.JPG"))
        let staged = try #require(try id(f, "日本旅行/富士山.JPG"))
        try review(f, "日本旅行/東京タワー.JPG", "kept")
        try review(f, "日本旅行/富士山.JPG", "trashed")
        move(f, "日本旅行", "Japan 2018")
        let summary = try f.scan()
        #expect(summary.added == 0 && summary.removed == 0 && summary.changed == 0)
        #expect(try id(f, "Japan 2018/東京タワー.JPG") == kept)
        #expect(try id(f, "Japan 2018/富士山.JPG") == staged)
        #expect(try status(f, "Japan 2018/東京タワー.JPG") == "kept")
        #expect(try status(f, "Japan 2018/富士山.JPG") == "trashed")
        #expect(try f.row("Japan 2018/富士山.JPG", "folder") == [.text("Japan 2018")])
    }

    @Test func aMoveBetweenFoldersKeepsTheAsset() throws {
        let f = try Fixture()
        f.directory.write("inbox/a.jpg", Fixtures.jpeg())
        f.directory.write("archive/.keep", "")
        _ = try f.scan()
        let before = try #require(try id(f, "inbox/a.jpg"))
        try review(f, "inbox/a.jpg", "kept")
        move(f, "inbox/a.jpg", "archive/2020/a.jpg")
        _ = try f.scan()
        #expect(try f.paths() == ["archive/2020/a.jpg"])
        #expect(try id(f, "archive/2020/a.jpg") == before)
        #expect(try status(f, "archive/2020/a.jpg") == "kept")
    }

    /// A→B and B→A in one scan: each decision follows its content, not its old name.
    @Test func aSwapMovesEachDecisionWithItsFile() throws {
        let f = try Fixture()
        f.directory.write("A.jpg", Fixtures.jpeg(width: 10, height: 10))
        f.directory.write("B.jpg", Fixtures.jpeg(width: 20, height: 20))
        _ = try f.scan()
        let a = try #require(try id(f, "A.jpg")), b = try #require(try id(f, "B.jpg"))
        try review(f, "A.jpg", "kept")
        try review(f, "B.jpg", "trashed")
        move(f, "A.jpg", "tmp.jpg")
        move(f, "B.jpg", "A.jpg")
        move(f, "tmp.jpg", "B.jpg")
        let summary = try f.scan()
        #expect(summary.added == 0 && summary.removed == 0)
        #expect(try id(f, "B.jpg") == a && id(f, "A.jpg") == b)
        #expect(try status(f, "B.jpg") == "kept")
        #expect(try status(f, "A.jpg") == "trashed")
        #expect(try f.row("B.jpg", "width") == [.integer(10)])
    }

    /// Two names of one inode are two assets; removing one name leaves the other alone.
    @Test func hardLinksStayTwoAssets() throws {
        let f = try Fixture()
        let original = f.directory.write("a.jpg", Fixtures.jpeg())
        _ = try f.scan()
        let a = try #require(try id(f, "a.jpg"))
        try review(f, "a.jpg", "kept")
        #expect(link(original, f.directory.path + "/b.jpg") == 0)
        let second = try f.scan()
        #expect(second.added == 1 && second.removed == 0)
        #expect(try f.paths() == ["a.jpg", "b.jpg"])
        #expect(try id(f, "a.jpg") == a && status(f, "a.jpg") == "kept")
        #expect(try id(f, "b.jpg") != a && status(f, "b.jpg") == nil)
    }

    /// A vanished file and a new one with other content (another mtime) are not a rename.
    @Test func aReplacementWithOtherContentIsNotARename() throws {
        let f = try Fixture()
        f.directory.write("a.jpg", Fixtures.jpeg())
        _ = try f.scan()
        let a = try #require(try id(f, "a.jpg"))
        try review(f, "a.jpg", "kept")
        unlink(f.directory.path + "/a.jpg")
        let other = f.directory.write("b.jpg", Fixtures.jpeg(width: 7, height: 7))
        var times = [timespec(tv_sec: 1_000_000, tv_nsec: 0), timespec(tv_sec: 1_000_000, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, other, &times, 0) == 0)
        let summary = try f.scan()
        #expect(summary.added == 1 && summary.removed == 1)
        #expect(try id(f, "b.jpg") != a && status(f, "b.jpg") == nil)
    }
}
