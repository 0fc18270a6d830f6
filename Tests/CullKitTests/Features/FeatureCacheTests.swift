import Foundation
import Testing
@testable import CullKit

/// The features cache on a real, scanned library: only what needs it is decoded, a broken photo
/// is recorded and skipped, a changed one is measured again.
@Suite(.enabled(if: DecodeFixtures.hasConvert, "ImageMagick's /usr/bin/convert is absent"))
struct FeatureCacheTests {
    final class Fixture {
        let directory = TemporaryDirectory()
        let library: Library
        let db: Database

        init() throws {
            library = try Library.initialize(at: directory.path)
            db = try library.openIndex()
        }

        func make(_ relative: String, _ arguments: [String]) throws {
            let path = "\(directory.path)/\(relative)"
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            _ = try #require(DecodeFixtures.convert(arguments, to: path))
        }

        func scan() throws { _ = try Scanner(library: library).scan(db) }
        func refresh() throws -> FeatureCache.Report { try FeatureCache(db: db, root: library.root).refresh() }

        func row(_ path: String) throws -> (hash: Int64?, failure: String?)? {
            var found: (Int64?, String?)?
            try db.forEachRow("SELECT f.phash, f.failure FROM image_features f JOIN assets a ON a.id = f.asset_id WHERE a.path = ?",
                              [.text(path)]) { found = ($0.optionalInt64("phash"), $0.string("failure")) }
            return found
        }
    }

    @Test func onlyPhotosNotAnalysedYetAreDecodedAndABrokenOneIsRecorded() throws {
        let f = try Fixture()
        try f.make("a/one.jpg", DecodeFixtures.plasmaArguments(width: 300, height: 200, seed: 1))
        try f.make("a/two.png", DecodeFixtures.plasmaArguments(width: 300, height: 200, seed: 2))
        try f.make("b/three.webp", DecodeFixtures.plasmaArguments(width: 200, height: 300, seed: 3))
        // Valid headers (the scan indexes it as a fine JPEG), entropy-coded data cut short.
        let whole = try #require(FileManager.default.contents(atPath: "\(f.directory.path)/a/one.jpg"))
        f.directory.write("b/cut.jpg", Array(whole.prefix(whole.count / 3)) + [0xFF, 0xD9])
        f.directory.write("notes.txt", "not a photo")
        try f.scan()
        let first = try f.refresh()
        #expect(first.analysed + first.failed == 4, "\(first)")
        #expect(try f.row("a/one.jpg")?.hash != nil && f.row("a/two.png")?.hash != nil && f.row("b/three.webp")?.hash != nil)
        let broken = try #require(try f.row("b/cut.jpg"))
        #expect(broken.hash == nil && broken.failure?.contains("truncated") == true, "\(broken)")
        // Nothing changed: nothing decoded, the broken photo not retried.
        #expect(try f.refresh() == FeatureCache.Report())
        // A changed photo is measured again, with its new picture.
        let before = try f.row("a/one.jpg")?.hash
        usleep(10_000)
        try f.make("a/one.jpg", DecodeFixtures.plasmaArguments(width: 300, height: 200, seed: 9))
        try f.scan()
        let second = try f.refresh()
        #expect(second.analysed == 1 && second.failed == 0, "\(second)")
        #expect(try f.row("a/one.jpg")?.hash != before)
    }

    @Test func aPhotoChangedAfterTheScanIsSkippedNotMeasured() throws {
        let f = try Fixture()
        try f.make("p.jpg", DecodeFixtures.plasmaArguments(width: 120, height: 90, seed: 4))
        try f.scan()
        usleep(10_000)
        try f.make("p.jpg", DecodeFixtures.plasmaArguments(width: 120, height: 90, seed: 5))
        let report = try f.refresh()
        #expect(report.skipped == 1 && report.analysed == 0)
        #expect(try f.row("p.jpg") == nil)
    }

    @Test func hardLinksAreDecodedOnce() throws {
        let f = try Fixture()
        try f.make("x.jpg", DecodeFixtures.plasmaArguments(width: 120, height: 90, seed: 6))
        #expect(link("\(f.directory.path)/x.jpg", "\(f.directory.path)/y.jpg") == 0)
        try f.scan()
        let report = try f.refresh()
        #expect(report.analysed == 1)
        #expect(try f.row("x.jpg")?.hash == f.row("y.jpg")?.hash && f.row("y.jpg")?.hash != nil)
    }

    /// A video is measured from its poster frame: two encodings of one clip are `similar` (but never
    /// grouped with the photo they show: a Live Photo's video must not keep its photo's place), and
    /// a video whose frames are black has the exposure of a black frame.
    @Test(.enabled(if: DecodeFixtures.which("ffmpeg") != nil, "ffmpeg is absent"))
    func aVideoIsMeasuredFromItsPosterFrame() throws {
        let f = try Fixture()
        try f.make("still.jpg", DecodeFixtures.plasmaArguments(width: 640, height: 480, seed: 7))
        let root = f.directory.path
        #expect(DecodeFixtures.run("ffmpeg", ["-v", "error", "-y", "-loop", "1", "-i", root + "/still.jpg", "-t", "1", "-r", "10",
                                              "-pix_fmt", "yuv420p", "-c:v", "libx264", root + "/clip.mp4"]))
        #expect(DecodeFixtures.run("ffmpeg", ["-v", "error", "-y", "-i", root + "/clip.mp4", "-c:v", "mpeg4", "-q:v", "6", root + "/clip.mov"]))
        #expect(DecodeFixtures.run("ffmpeg", ["-v", "error", "-y", "-f", "lavfi", "-i", "color=c=black:s=320x240:d=1",
                                              "-pix_fmt", "yuv420p", root + "/dark.mov"]))
        try f.scan()
        let report = try f.refresh()
        #expect(report.analysed == 4 && report.failed == 0, "\(report)")
        let groups = try GroupSet.load(f.db, specs: [.similar(distance: 6)]).groups.map { $0.members.map { PathBytes.display($0.path) }.sorted() }
        #expect(groups == [["clip.mov", "clip.mp4"]])
        let exposure = try #require(try f.db.scalar("""
            SELECT f.exposure FROM image_features f JOIN assets a ON a.id = f.asset_id WHERE a.path = 'dark.mov'
            """)?.double)
        #expect(exposure < 0.04)
    }

    /// A photo that could not be measured (gone since the scan) is tried again by every refresh:
    /// while nothing changes, the refresh reads the ones left to retry by id, and measures a new
    /// photo once a scan brings one.
    @Test func photosLeftToRetryAreTriedAgainUntilTheScanSeesThem() throws {
        let f = try Fixture()
        try f.make("kept.jpg", DecodeFixtures.plasmaArguments(width: 200, height: 100, seed: 1))
        try f.make("gone.jpg", DecodeFixtures.plasmaArguments(width: 200, height: 100, seed: 2))
        try f.scan()
        try FileManager.default.removeItem(atPath: f.directory.path + "/gone.jpg")
        let first = try f.refresh()
        #expect(first.analysed == 1 && first.skipped == 1, "\(first)")
        let gone = try #require(try f.db.scalar("SELECT id FROM assets WHERE path = 'gone.jpg'")?.int64)
        let memo = try f.db.scalar("SELECT memo FROM cache_states WHERE name = 'image_features'")
        #expect(memo == .blob(FeatureCache.bytes(of: [gone])))
        #expect(try f.refresh().skipped == 1)
        #expect(try f.refresh().skipped == 1)
        try f.make("new.jpg", DecodeFixtures.plasmaArguments(width: 200, height: 100, seed: 3))
        try f.scan()
        let last = try f.refresh()
        #expect(last.analysed == 1 && last.skipped == 0, "\(last)")
        #expect(try f.refresh() == FeatureCache.Report())
        #expect(FeatureCache.ids(in: FeatureCache.bytes(of: [3, -1, 1 << 40])) == [3, -1, 1 << 40])
    }
}
