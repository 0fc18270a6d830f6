import Foundation
import Testing
@testable import CullKit

/// Same-picture groups (`duplicate: image`) on real files made with ImageMagick and ExifTool.
@Suite struct ImageGroupsTests {
    final class Fixture {
        let directory = TemporaryDirectory()
        let library: Library
        let db: Database

        init() throws {
            library = try Library.initialize(at: directory.path)
            db = try library.openIndex()
        }

        func scan() throws { _ = try Scanner(library: library).scan(db) }

        @discardableResult
        func refresh() throws -> ImageHashCache.Report { try ImageHashCache(db: db, root: library.root).refresh() }

        func groups() throws -> [[String]] {
            try GroupSet.load(db, specs: [.image]).groups.map { $0.members.map { PathBytes.display($0.path) } }
        }

        func copy(_ from: String, _ to: String) throws {
            try FileManager.default.copyItem(atPath: directory.path + "/" + from, toPath: directory.path + "/" + to)
        }
    }

    @Test func copiesWithOtherMetadataAreOnePictureAndAnotherPhotoOfTheSameSizeIsNot() throws {
        let f = try Fixture()
        try Tools.picture("original.jpg", seed: 1, in: f.directory.path)
        try Tools.picture("other.jpg", seed: 2, in: f.directory.path)
        try Tools.exiftool([["-Make=Canon", "-Model=Canon EOS 5D", "-DateTimeOriginal=2024:05:01 10:00:00", "original.jpg", "other.jpg"]],
                           in: f.directory.path)
        try Tools.run("exiftool", ["-q", "-Artist=Someone Else", "-Copyright=2024", "-o", "retagged.jpg", "original.jpg"], in: f.directory.path)
        try Tools.run("exiftool", ["-q", "-all=", "-o", "takeout/stripped.jpg", "original.jpg"], in: f.directory.path)
        try Tools.run("exiftool", ["-q", "-XMP:Rating=5", "-XMP:Title=Edited", "-o", "edited.jpg", "original.jpg"], in: f.directory.path)
        try f.scan()
        // The copies differ in bytes and in size: no exact group.
        let sizes = try ["original.jpg", "retagged.jpg", "takeout/stripped.jpg", "edited.jpg"].map {
            try #require(FileManager.default.attributesOfItem(atPath: f.directory.path + "/" + $0)[.size] as? Int)
        }
        #expect(Set(sizes).count == 4)
        let report = try f.refresh()
        #expect(report.hashed == 5 && report.skipped == 0)
        #expect(try f.groups() == [["edited.jpg", "original.jpg", "retagged.jpg", "takeout/stripped.jpg"]])
        // Nothing changed: nothing is read again.
        #expect(try f.refresh() == ImageHashCache.Report())
    }

    @Test func onlyFilesSharingAFormatAndPixelSizeAreRead() throws {
        let f = try Fixture()
        try Tools.picture("a.jpg", seed: 1, in: f.directory.path)
        try Tools.picture("b.jpg", seed: 3, width: 200, height: 100, in: f.directory.path)
        try Tools.run("convert", ["a.jpg", "a.png"], in: f.directory.path)
        try f.scan()
        #expect(try f.refresh().hashed == 0)
        #expect(try f.db.scalar("SELECT count(*) FROM image_hashes")?.int64 == 0)
    }

    @Test func aPNGWithOtherChunksIsTheSamePicture() throws {
        let f = try Fixture()
        try Tools.run("convert", ["-seed", "4", "-size", "64x48", "plasma:fractal", "a.png"], in: f.directory.path)
        try Tools.run("exiftool", ["-q", "-Artist=Someone", "-XMP:Rating=3", "-o", "b.png", "a.png"], in: f.directory.path)
        try Tools.run("convert", ["-seed", "5", "-size", "64x48", "plasma:fractal", "c.png"], in: f.directory.path)
        try f.scan()
        try f.refresh()
        #expect(try f.groups() == [["a.png", "b.png"]])
    }

    @Test func moviesWithTheSameMediaDataAreOne() throws {
        let f = try Fixture()
        func movie(_ year: Int, data: [UInt8]) -> [UInt8] {
            let base = Fixtures.mp4(width: 64, height: 48, seconds: 3, created: Date(timeIntervalSince1970: Double(year)))
            return base + Fixtures.be32(data.count + 8) + Array("mdat".utf8) + data
        }
        let frames = ExactGroupsTests.bytes(5000, seed: 9)
        f.directory.write("a.mp4", movie(1_500_000_000, data: frames))
        f.directory.write("b.mp4", movie(1_600_000_000, data: frames) + Fixtures.be32(16) + Array("free".utf8) + [UInt8](repeating: 0, count: 8))
        f.directory.write("c.mp4", movie(1_500_000_000, data: ExactGroupsTests.bytes(5000, seed: 10)))
        try f.scan()
        try f.refresh()
        #expect(try f.groups() == [["a.mp4", "b.mp4"]])
    }

    @Test func aMalformedFileIsRecordedAndSkippedOnce() throws {
        let f = try Fixture()
        try Tools.picture("a.jpg", seed: 1, in: f.directory.path)
        try f.copy("a.jpg", "b.jpg")
        // Whole to the scan (headers, then EOI at the end), but a segment inside the image data
        // claims to run past the end of the file: the walk cannot finish it.
        var bad = Array(try #require(FileManager.default.contents(atPath: f.directory.path + "/a.jpg")))
        bad.replaceSubrange((bad.count - 20)..<(bad.count - 16), with: [0xFF, 0xC4, 0xFF, 0xFF])
        f.directory.write("cut.jpg", bad)
        try f.scan()
        let report = try f.refresh()
        #expect(report.hashed == 3 && report.skipped == 1)
        #expect(try f.groups() == [["a.jpg", "b.jpg"]])
        let problem = try f.db.scalar("SELECT problem FROM image_hashes JOIN assets ON assets.id = asset_id WHERE path = 'cut.jpg'")?.string
        #expect(problem?.isEmpty == false)
        #expect(try f.refresh().hashed == 0)
    }

    /// Two photos that swap places (one renamed over the other and back, on an index whose rows
    /// have no ctime, as before migration `0005-ctime`) leave every count and sum over the index as
    /// it was: the same ids, sizes, inodes, mtimes and pixel sizes, only at other paths. It is still
    /// a change: both are hashed again, and the copy groups with the photo it now is.
    @Test func filesThatSwapPlacesAreHashedAgain() throws {
        let f = try Fixture()
        try Tools.picture("a.jpg", seed: 1, in: f.directory.path)
        try f.copy("a.jpg", "b.jpg")
        try Tools.picture("c.jpg", seed: 2, in: f.directory.path)
        try f.scan()
        try f.db.execute("UPDATE assets SET ctime_ns = NULL")
        #expect(try f.refresh().hashed == 3)
        #expect(try f.groups() == [["a.jpg", "b.jpg"]])
        let path = { (name: String) in f.directory.path + "/" + name }
        try FileManager.default.moveItem(atPath: path("a.jpg"), toPath: path("swap.jpg"))
        try FileManager.default.moveItem(atPath: path("c.jpg"), toPath: path("a.jpg"))
        try FileManager.default.moveItem(atPath: path("swap.jpg"), toPath: path("c.jpg"))
        // What a scan records for each path: the file now there (its ctime left out, as the index has none).
        var identities: [String: [SQLValue]] = [:]
        try f.db.forEachRow("SELECT path, device, inode, size, mtime_ns FROM assets WHERE path IN ('a.jpg', 'c.jpg')") { row in
            identities[row.string("path") ?? ""] = ["device", "inode", "size", "mtime_ns"].map { row.value($0) }
        }
        for (to, from) in [("a.jpg", "c.jpg"), ("c.jpg", "a.jpg")] {
            try f.db.execute("UPDATE assets SET device = ?, inode = ?, size = ?, mtime_ns = ? WHERE path = ?",
                             try #require(identities[from]) + [.text(to)])
        }
        #expect(try f.refresh().hashed == 2)
        #expect(try f.groups() == [["b.jpg", "c.jpg"]])
    }

    @Test(.enabled(if: Corpus.isAvailable, "needs ../shared/corpus (beside the package)")) func aHEICWithRewrittenMetadataIsTheSamePicture() throws {
        let f = try Fixture()
        for name in ["IMG_5195.HEIC", "mobile/iphone_13_pro_max.HEIC"] {
            try FileManager.default.copyItem(atPath: Corpus.samples.path + "/heic/" + name,
                                             toPath: f.directory.path + "/" + (name as NSString).lastPathComponent)
        }
        try Tools.run("exiftool", ["-q", "-Artist=Someone", "-DateTimeOriginal=2001:01:01 00:00:00", "-o", "retagged.HEIC", "IMG_5195.HEIC"],
                      in: f.directory.path)
        try f.scan()
        try f.refresh()
        #expect(try f.groups() == [["IMG_5195.HEIC", "retagged.HEIC"]])
    }

    /// Real photos from ~40 cameras: different pictures never share image data.
    @Test(.enabled(if: Corpus.isAvailable, "needs ../shared/corpus (beside the package)")) func corpusPhotosDoNotGroupWithEachOther() throws {
        let f = try Fixture()
        for file in Corpus.files() {
            let target = f.directory.path + "/" + file
            try FileManager.default.createDirectory(atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: Corpus.root.path + "/" + file, toPath: target)
        }
        try f.scan()
        try f.refresh()
        let exact = try GroupSet.load(f.db, specs: [.exact], root: f.library.root).groups.map { $0.members.map { PathBytes.display($0.path) } }
        #expect(try f.groups() == exact)
    }

    /// The refresh tells its progress, from every thread, ending at the total.
    @Test func theRefreshReportsProgressToTheEnd() throws {
        let f = try Fixture()
        try Tools.picture("a.jpg", seed: 1, in: f.directory.path)
        try Tools.picture("b.jpg", seed: 2, in: f.directory.path)
        try Tools.picture("c.jpg", seed: 3, in: f.directory.path)
        try f.scan()
        final class Seen: @unchecked Sendable {
            let lock = NSLock()
            var counts: [(Int, Int)] = []
            var finished = false
        }
        let seen = Seen()
        let progress = HashProgress(draw: { done, total in seen.lock.lock(); seen.counts.append((done, total)); seen.lock.unlock() },
                                    finish: { seen.finished = true })
        #expect(try ImageHashCache(db: f.db, root: f.library.root).refresh(progress: progress).hashed == 3)
        #expect(seen.counts.map(\.1).allSatisfy { $0 == 3 } && seen.counts.map(\.0).max() == 3 && seen.finished)
    }
}
