import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import CullKit

@Suite struct ScannerTests {
    /// A library in a temporary folder, initialised, with its index open.
    final class Fixture {
        let directory = TemporaryDirectory()
        let library: Library
        let db: Database

        init() throws {
            library = try Library.initialize(at: directory.path)
            db = try library.openIndex()
        }

        func scan() throws -> ScanSummary { try Scanner(library: library).scan(db) }

        func row(_ path: String, _ columns: String) throws -> [SQLValue] {
            var values: [SQLValue] = []
            try db.forEachRow("SELECT \(columns) FROM assets WHERE path = ?", [.text(path)]) { row in
                values = row.values
            }
            return values
        }

        func paths() throws -> [String] {
            var paths: [String] = []
            try db.forEachRow("SELECT path FROM assets ORDER BY path") { paths.append($0.string("path") ?? "") }
            return paths
        }
    }

    @Test func indexesMediaAndSkipsHiddenSymlinksAndOtherFiles() throws {
        let f = try Fixture()
        f.directory.write("2021/IMG_0001.JPG", Fixtures.jpeg())
        f.directory.write("2021/notes.txt", "not media")
        f.directory.write(".hidden/IMG_0002.jpg", Fixtures.jpeg())
        f.directory.write("2021/.IMG_0003.jpg", Fixtures.jpeg())
        f.directory.write("clip.mp4", Fixtures.mp4(width: 1920, height: 1080, seconds: 12, created: Date(timeIntervalSince1970: 1_600_000_000)))
        symlink(f.directory.path + "/2021/IMG_0001.JPG", f.directory.path + "/link.jpg")
        symlink("/etc", f.directory.path + "/etc-link")

        let summary = try f.scan()
        #expect(summary.added == 2)
        #expect(try f.paths() == ["2021/IMG_0001.JPG", "clip.mp4"])
        let row = try f.row("2021/IMG_0001.JPG", "folder, name, extension, kind")
        #expect(row == [.text("2021"), .text("IMG_0001.JPG"), .text("jpg"), .text("photo")])
        #expect(try f.row("clip.mp4", "kind") == [.text("video")])
    }

    @Test func rescanReadsOnlyWhatChangedAndForgetsVanishedFiles() throws {
        let f = try Fixture()
        let a = f.directory.write("a.jpg", Fixtures.jpeg())
        f.directory.write("b.jpg", Fixtures.jpeg())
        let c = f.directory.write("c.jpg", Fixtures.jpeg())
        #expect(try f.scan().added == 3)

        var second = try f.scan()
        second.seconds = 0
        var expected = ScanSummary()
        expected.unchanged = 3
        #expect(second == expected)

        f.directory.write("a.jpg", Fixtures.jpeg(width: 100, height: 50))
        try FileManager.default.removeItem(atPath: c)
        let idBefore = try f.row("a.jpg", "id, added")
        let third = try f.scan()
        #expect(third.changed == 1 && third.removed == 1 && third.unchanged == 1 && third.added == 0)
        #expect(try f.paths() == ["a.jpg", "b.jpg"])
        // A changed file keeps its identity (id, first-indexed time).
        #expect(try f.row("a.jpg", "id, added") == idBefore)
        _ = a
    }

    @Test func removingAFileDropsItsReviewRow() throws {
        let f = try Fixture()
        let path = f.directory.write("x.jpg", Fixtures.jpeg())
        _ = try f.scan()
        try f.db.execute("INSERT INTO reviews (asset_id, status, at) SELECT id, 'trashed', 0 FROM assets")
        try FileManager.default.removeItem(atPath: path)
        _ = try f.scan()
        #expect(try f.db.scalar("SELECT count(*) FROM reviews")?.int64 == 0)
    }

    @Test func brokenFileIsIndexedWithReasonAndScanGoesOn() throws {
        let f = try Fixture()
        f.directory.write("bad.jpg", "this is not a jpeg")
        f.directory.write("empty.heic", [UInt8]())
        f.directory.write("good.png", Fixtures.png(width: 10, height: 20))
        let summary = try f.scan()
        #expect(summary.added == 3)
        #expect(summary.broken == 2)
        let bad = try f.row("bad.jpg", "broken, broken_reason, kind")
        #expect(bad[0] == .integer(1))
        #expect(bad[1].string?.contains("not a recognised") == true)
        #expect(try f.row("empty.heic", "broken") == [.integer(1)])
        #expect(try f.row("good.png", "broken, width, height") == [.integer(0), .integer(10), .integer(20)])
    }

    @Test func nonUTF8NamesRoundTripAsBytes() throws {
        let f = try Fixture()
        let name: [UInt8] = Array("caf".utf8) + [0xE9] + Array(".jpg".utf8) // Latin-1 é
        let path = Array(f.directory.path.utf8) + [UInt8(ascii: "/")] + name
        let fd = (path + [0]).withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_CREAT | O_WRONLY, 0o644) } }
        #expect(fd >= 0)
        let jpeg = Fixtures.jpeg()
        _ = jpeg.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        close(fd)
        #expect(try f.scan().added == 1)
        var stored: [UInt8]?
        try f.db.forEachRow("SELECT path FROM assets") { stored = $0.bytes("path") }
        #expect(stored == name)
        #expect(try f.db.scalar("SELECT typeof(path) FROM assets")?.string == "blob")
        // And it is recognised as unchanged next time (the key is the raw bytes).
        #expect(try f.scan().unchanged == 1)
    }

    @Test func sidecarEditMakesThePrimaryReread() throws {
        let f = try Fixture()
        f.directory.write("IMG_1.JPG", Fixtures.jpeg())
        f.directory.write("IMG_1.xmp", Fixtures.xmpSidecar(rating: 2))
        f.directory.write("IMG_1.AAE", "<plist/>")
        _ = try f.scan()
        var roles: [String] = []
        try f.db.forEachRow("SELECT role FROM companions ORDER BY role") { roles.append($0.string("role") ?? "") }
        #expect(roles == ["aae", "xmp"])
        #expect(try f.scan().unchanged == 1)
        f.directory.write("IMG_1.xmp", Fixtures.xmpSidecar(rating: 5) + "\n")
        #expect(try f.scan().changed == 1)
    }

    /// Same folder and stem is no evidence alone: the video must be short and taken with the photo.
    @Test func livePhotoHalvesArePairedByEvidenceNotByNameAlone() throws {
        let f = try Fixture()
        let taken = Date(timeIntervalSince1970: 1_623_752_430) // 2021-06-15 10:20:30, Fixtures.jpeg()'s date
        f.directory.write("IMG_7.HEIC", [UInt8]()) // broken: never paired
        f.directory.write("IMG_7.MOV", Fixtures.mp4(width: 640, height: 480, seconds: 2, created: taken))
        f.directory.write("IMG_8.JPG", Fixtures.jpeg())
        f.directory.write("img_8.mp4", Fixtures.mp4(width: 640, height: 480, seconds: 2, created: taken.addingTimeInterval(1)))
        f.directory.write("IMG_9.JPG", Fixtures.jpeg())
        f.directory.write("IMG_9.MOV", Fixtures.mp4(width: 640, height: 480, seconds: 10, created: taken)) // a clip
        f.directory.write("IMG_10.JPG", Fixtures.jpeg())
        f.directory.write("IMG_10.MOV", Fixtures.mp4(width: 640, height: 480, seconds: 2, created: taken.addingTimeInterval(3600)))
        _ = try f.scan()
        let photo = try f.row("IMG_8.JPG", "live_id")[0]
        #expect(photo != .null)
        #expect(try f.row("img_8.mp4", "live_id")[0] == photo)
        for path in ["IMG_7.MOV", "IMG_9.JPG", "IMG_9.MOV", "IMG_10.JPG", "IMG_10.MOV"] {
            #expect(try f.row(path, "live_id")[0] == .null, "\(path)")
        }
        // A rescan that changes nothing of the pair keeps it; one that loses the evidence drops it.
        f.directory.write("img_8.mp4", Fixtures.mp4(width: 640, height: 480, seconds: 9, created: taken))
        _ = try f.scan()
        #expect(try f.row("IMG_8.JPG", "live_id")[0] == .null)
    }

    @Test func screenshotEvidenceFromFolderAndName() throws {
        let f = try Fixture()
        f.directory.write("Pictures/Screenshots/a.png", Fixtures.png(width: 10, height: 10))
        f.directory.write("Screenshot_20230115-101010.png", Fixtures.png(width: 10, height: 10))
        f.directory.write("phone.png", Fixtures.png(width: 1170, height: 2532))
        f.directory.write("photo.png", Fixtures.png(width: 10, height: 10))
        _ = try f.scan()
        #expect(try f.row("Pictures/Screenshots/a.png", "screenshot, screenshot_evidence") == [.integer(1), .text("folder")])
        #expect(try f.row("Screenshot_20230115-101010.png", "screenshot_evidence, taken_source") == [.text("file-name"), .text("filename")])
        #expect(try f.row("phone.png", "screenshot_evidence") == [.text("png-screen-size")])
        #expect(try f.row("photo.png", "screenshot") == [.integer(0)])
    }
}

@Suite struct LibraryTests {
    @Test func locateWalksUpwardAndHonoursOverrides() throws {
        let directory = TemporaryDirectory()
        let library = try Library.initialize(at: directory.path)
        directory.write("a/b/c/file.txt", "x")
        let nested = library.root + "/a/b/c"
        #expect(try Library.locate(explicit: nil, environment: [:], workingDirectory: nested).root == library.root)
        #expect(try Library.locate(explicit: nil, environment: ["CULL_LIBRARY": library.root], workingDirectory: "/").root == library.root)
        #expect(throws: IndexError.self) { try Library.locate(explicit: nil, environment: [:], workingDirectory: "/") }
        #expect(throws: IndexError.self) { try Library.initialize(at: directory.path) }
    }

    @Test func migrationsAreRecordedAndIdempotent() throws {
        let directory = TemporaryDirectory()
        let library = try Library.initialize(at: directory.path)
        let db = try library.openIndex()
        #expect(try db.scalar("SELECT count(*) FROM schema_migrations")?.int64 == Int64(Migrator.latestVersion))
        #expect(try db.scalar("PRAGMA journal_mode")?.string == "wal")
        try Migrator.migrate(db)
        #expect(try db.scalar("SELECT count(*) FROM schema_migrations")?.int64 == Int64(Migrator.latestVersion))
        try db.execute("INSERT INTO schema_migrations VALUES ('9999-from-the-future', 0)")
        #expect(throws: IndexError.self) { try Migrator.migrate(db) }
    }
}

@Suite struct TakenPrecedenceTests {
    func record(exif: CaptureDate?, quickTime: CaptureDate? = nil, xmp: CaptureDate? = nil, sidecar: CaptureDate?, name: String) -> AssetRecord {
        var metadata = MediaMetadata()
        metadata.exifDate = exif
        metadata.quickTimeDate = quickTime
        metadata.xmpDate = xmp
        let file = FoundFile(relativePath: Array(name.utf8), folderLength: 0,
                             identity: FileIdentity(device: 0, inode: 0, size: 0, mtimeNs: 0, ctimeNs: 0), sidecars: [])
        var record = AssetRecord(file: file, metadata: metadata)
        record.resolveTaken(sidecarDate: sidecar)
        return record
    }

    @Test func sidecarWinsOnlyWhenItSaysSomethingNew() {
        let exif = CaptureDate(local: 1_000, offsetMinutes: 120)
        let copied = record(exif: exif, sidecar: CaptureDate(local: 1_000), name: "a.jpg")
        #expect(copied.taken == exif && copied.takenSource == .exif)
        let edited = record(exif: exif, sidecar: CaptureDate(local: 5_000), name: "a.jpg")
        #expect(edited.taken == CaptureDate(local: 5_000) && edited.takenSource == .xmpSidecar)
    }

    @Test func fallsThroughTheChainToTheFileName() {
        #expect(record(exif: nil, quickTime: CaptureDate(local: 7, offsetMinutes: 0), xmp: CaptureDate(local: 9), sidecar: nil, name: "x.mov").takenSource == .quickTime)
        #expect(record(exif: nil, xmp: CaptureDate(local: 9), sidecar: nil, name: "IMG_20200101_000000.jpg").takenSource == .xmp)
        #expect(record(exif: nil, sidecar: nil, name: "IMG_20200101_000000.jpg").takenSource == .filename)
        let none = record(exif: nil, sidecar: nil, name: "IMG_1.jpg")
        #expect(none.taken == nil && none.takenSource == nil)
    }
}

@Suite struct ScannerReviewTests {
    @Test func aChangedFileIsUnstagedButStaysKept() throws {
        let f = try ScannerTests.Fixture()
        f.directory.write("staged.jpg", Fixtures.jpeg())
        f.directory.write("kept.jpg", Fixtures.jpeg())
        f.directory.write("untouched.jpg", Fixtures.jpeg())
        _ = try f.scan()
        try f.db.execute("INSERT INTO reviews (asset_id, status, at) SELECT id, 'trashed', 0 FROM assets WHERE path IN ('staged.jpg', 'untouched.jpg')")
        try f.db.execute("INSERT INTO reviews (asset_id, status, at) SELECT id, 'kept', 0 FROM assets WHERE path = 'kept.jpg'")
        f.directory.write("staged.jpg", Fixtures.jpeg(width: 640, height: 480))
        f.directory.write("kept.jpg", Fixtures.jpeg(width: 640, height: 480))
        #expect(try f.scan().changed == 2)
        var statuses: [String: String] = [:]
        try f.db.forEachRow("SELECT a.path, r.status FROM reviews r JOIN assets a ON a.id = r.asset_id") { row in
            statuses[row.string("path") ?? ""] = row.string("status")
        }
        // The user staged what the file was; a new version is decided again. A keep is never dropped.
        #expect(statuses == ["kept.jpg": "kept", "untouched.jpg": "trashed"])
    }
}

@Suite struct UnreadableFolderTests {
    /// A folder the walk cannot open (here: deeper than PATH_MAX, with a name that is not UTF-8) keeps
    /// the index rows, and so the keeps, of the files below it: they did not vanish, we could not look.
    @Test func filesBelowAnUnreadableFolderAreNotForgotten() throws {
        let f = try ScannerTests.Fixture()
        f.directory.write("visible.jpg", Fixtures.jpeg())
        var components: [[UInt8]] = []
        var fd = open(f.directory.path, O_RDONLY | O_DIRECTORY)
        for level in 0 ..< 18 {
            let name: [UInt8] = (level == 0 ? [0xE9] : []) + [UInt8](repeating: UInt8(ascii: "d"), count: 240)
            let made = (name + [0]).withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { mkdirat(fd, $0.baseAddress!, 0o755) } }
            #expect(made == 0)
            let next = (name + [0]).withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { openat(fd, $0.baseAddress!, O_RDONLY | O_DIRECTORY) } }
            close(fd)
            fd = next
            components.append(name)
        }
        close(fd)
        let hidden = components.joined(separator: [UInt8(ascii: "/")]) + Array("/x.jpg".utf8)
        try f.db.execute("""
            INSERT INTO assets (path, folder, name, extension, device, inode, size, mtime_ns, added, modified)
            VALUES (?, '', 'x.jpg', 'jpg', 0, 0, 0, 0, 0, 0)
            """, [.blob(hidden)])
        try f.db.execute("INSERT INTO reviews (asset_id, status, at) SELECT id, 'kept', 0 FROM assets")

        let summary = try f.scan()
        #expect(summary.added == 1 && summary.removed == 0)
        #expect(summary.problems.count == 1)
        #expect(try f.db.scalar("SELECT count(*) FROM reviews WHERE status = 'kept'")?.int64 == 1)
    }
}
