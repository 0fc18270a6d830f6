import Foundation
import Testing
@testable import CullKit

/// Every corpus RAW shows, hashes and measures the picture it carries. The samples' own previews
/// are mostly ExifTool's "<Dummy preview image data>", so each copy is given a real one first:
/// ExifTool writes it into the CR2, DNG, NEF (in its MakerNote, where only LibRaw looks) and RW2;
/// the CR3's JPEG track and the RAF's header are pointed at one appended to the file. A plasma picture per sample, so
/// the preview's own pHash is the oracle.
@Suite(.enabled(if: RawCorpus.isAvailable, "the RAW corpus at ../shared/corpus/raw is absent"),
        .enabled(if: DecodeFixtures.hasConvert, "ImageMagick is absent"))
struct RawPreviewDecoderTests {
    typealias Fixture = ImageGroupsTests.Fixture

    /// A copy of corpus sample `name` at `path` (under `folder`) whose preview is the JPEG at `preview`.
    static func sample(_ name: String, to path: String, preview: String, in folder: String) throws {
        let target = folder + "/" + path
        var bytes = Array(try Data(contentsOf: RawCorpus.folder.appendingPathComponent(name)))
        if name.hasSuffix(".cr3") {
            // Track 1 is the camera's JPEG: its one sample (stsz, co64) points at a `free` box appended after mdat.
            let jpeg = Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/" + preview)))
            let stsz = try #require(find(Array("stsz".utf8), in: bytes)), co64 = try #require(find(Array("co64".utf8), in: bytes))
            put(UInt64(jpeg.count), width: 4, at: stsz + 8, in: &bytes)
            put(UInt64(bytes.count + 8), width: 8, at: co64 + 12, in: &bytes)
            bytes += Fixtures.be32(jpeg.count + 8) + Array("free".utf8) + jpeg
        }
        if name.hasSuffix(".raf") {
            // ExifTool writes only the thumbnail inside a RAF's JPEG: its header (bytes 84 and 88) names a new one.
            // LibRaw identifies the camera from that JPEG's EXIF, which must come first (at its byte 12).
            try Tools.run("exiftool", ["-q", "-JFIF:all=", "-tagsFromFile", RawCorpus.folder.appendingPathComponent(name).path, "-exif:all",
                                       "-o", "raf-preview.jpg", preview], in: folder)
            let jpeg = Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/raf-preview.jpg")))
            try FileManager.default.removeItem(atPath: folder + "/raf-preview.jpg")
            put(UInt64(bytes.count), width: 4, at: 84, in: &bytes)
            put(UInt64(jpeg.count), width: 4, at: 88, in: &bytes)
            bytes += jpeg
        }
        try #require(FileManager.default.createFile(atPath: target, contents: Data(bytes)))
        let tag = name.hasSuffix(".rw2") ? "JpgFromRaw" : "PreviewImage"
        if !name.hasSuffix(".cr3") && !name.hasSuffix(".raf") { try Tools.exiftool([["-m", "-\(tag)<=\(preview)", path]], in: folder) }
    }

    static func find(_ pattern: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count >= pattern.count else { return nil }
        return (0 ... bytes.count - pattern.count).first { bytes[$0 ..< $0 + pattern.count].elementsEqual(pattern) }
    }

    static func put(_ value: UInt64, width: Int, at offset: Int, in bytes: inout [UInt8]) {
        for index in 0 ..< width { bytes[offset + index] = UInt8(truncatingIfNeeded: value >> (8 * (width - 1 - index))) }
    }

    static func hash(_ path: String) throws -> PerceptualHash {
        try #require(try ImageFeatures.of(path: path).hash)
    }

    @Test func eachSampleGetsItsThumbnailFromItsPreview() throws {
        let f = try Fixture()
        for (index, name) in try RawCorpus.records().keys.sorted().enumerated() {
            try Tools.picture("p\(index).jpg", seed: 400 + index, width: 640, height: 480, in: f.directory.path)
            try Self.sample(name, to: name, preview: "p\(index).jpg", in: f.directory.path)
            let (image, source) = try ThumbnailMakerTests.thumbnail(f.directory.path + "/" + name)
            #expect(source == .rawPreview, "\(name)")
            #expect(image.width == 256 && image.height == 192, "\(name): \(image.width)×\(image.height)")
            let made = try #require(PerceptualHash.of(image.grey))
            #expect(made.distance(to: try Self.hash(f.directory.path + "/p\(index).jpg")) <= 4, "\(name)")
        }
    }

    /// A RAW and its JPEG are one similar group, two RAWs of one picture too, and a RAW whose
    /// preview is blurred is `blurry`: the features come from the preview, in the ordinary refresh.
    @Test func rawsAreMeasuredFromTheirPreviewsAndGroupWithTheirJPEGs() throws {
        let f = try Fixture()
        var expected: [[String]] = []
        for (index, name) in try RawCorpus.records().keys.sorted().enumerated() {
            let folder = "s\(index)"
            try FileManager.default.createDirectory(atPath: f.directory.path + "/" + folder, withIntermediateDirectories: true)
            let jpeg = "\(folder)/\((name as NSString).deletingPathExtension).jpg"
            try Tools.picture(jpeg, seed: 500 + index, width: 640, height: 480, in: f.directory.path)
            try Self.sample(name, to: "\(folder)/\(name)", preview: jpeg, in: f.directory.path)
            expected.append(["\(folder)/\(name)", jpeg].sorted())
        }
        // A second CR3 of the first CR3's picture, recompressed; and a DNG of a blurred picture.
        try Tools.run("convert", ["s1/CanonRaw.jpg", "-quality", "40", "q40.jpg"], in: f.directory.path)
        try Self.sample("CanonRaw.cr3", to: "s1/burst.cr3", preview: "q40.jpg", in: f.directory.path)
        expected[1] = (expected[1] + ["s1/burst.cr3"]).sorted()
        try Tools.run("convert", ["-size", "640x480", "pattern:checkerboard", "sharp.jpg"], in: f.directory.path)
        try Tools.run("convert", ["sharp.jpg", "-blur", "0x2", "blur.jpg"], in: f.directory.path)
        try Self.sample("DNG.dng", to: "sharp.dng", preview: "sharp.jpg", in: f.directory.path)
        try Self.sample("DNG.dng", to: "blurred.dng", preview: "blur.jpg", in: f.directory.path)
        for name in ["blur.jpg", "sharp.jpg", "q40.jpg"] { try FileManager.default.removeItem(atPath: f.directory.path + "/" + name) }
        try f.scan()
        let report = try FeatureCache(db: f.db, root: f.library.root).refresh()
        #expect(report.failed == 0, "\(report.problems)")
        #expect(try f.db.scalar("SELECT count(*) FROM image_features f JOIN assets a ON a.id = f.asset_id WHERE a.raw = 1 AND f.phash IS NOT NULL")?.int64 == 7)
        let groups = try GroupSet.load(f.db, specs: [.similar(distance: 6)]).groups.map { $0.members.map { PathBytes.display($0.path) }.sorted() }
        #expect(groups.sorted { $0[0] < $1[0] } == expected.sorted { $0[0] < $1[0] })
        func sharpness(_ path: String) throws -> Double {
            try #require(try f.db.scalar("""
                SELECT f.sharpness FROM image_features f JOIN assets a ON a.id = f.asset_id WHERE a.path = ?
                """, [.text(path)])?.double)
        }
        #expect(try sharpness("blurred.dng") < Sharpness.blurryThreshold)
        #expect(try sharpness("sharp.dng") >= Sharpness.blurryThreshold)
    }

    /// A preview LibRaw hands over as a bitmap (the NEF's uncompressed RGB IFD0 strip, 160×106) is
    /// shown and measured too.
    @Test func aBitmapPreviewIsAPreviewToo() throws {
        let f = try Fixture()
        try Tools.run("convert", ["-size", "80x53", "xc:red", "-size", "80x53", "xc:blue", "+append", "-depth", "8", "rgb:strip.rgb"],
                      in: f.directory.path)
        let strip = Array(try Data(contentsOf: URL(fileURLWithPath: f.directory.path + "/strip.rgb")))
        #expect(strip.count == 160 * 53 * 3)
        var bytes = Array(try Data(contentsOf: RawCorpus.folder.appendingPathComponent("Nikon.nef")))
        // IFD0 ("II"): StripOffsets and StripByteCounts are single LONGs held in their entries.
        func le(_ at: Int, _ width: Int) -> Int { (0 ..< width).reduce(0) { $0 | Int(bytes[at + $1]) << (8 * $1) } }
        func putLE(_ value: Int, at offset: Int) { for index in 0 ..< 4 { bytes[offset + index] = UInt8(truncatingIfNeeded: value >> (8 * index)) } }
        let ifd0 = le(4, 4)
        let rgb = strip + strip
        for index in 0 ..< le(ifd0, 2) {
            let entry = ifd0 + 2 + 12 * index
            if le(entry, 2) == 0x0111 { putLE(bytes.count, at: entry + 8) }
            if le(entry, 2) == 0x0117 { putLE(rgb.count, at: entry + 8) }
        }
        bytes += rgb
        try #require(FileManager.default.createFile(atPath: f.directory.path + "/bitmap.nef", contents: Data(bytes)))
        let (image, source) = try ThumbnailMakerTests.thumbnail(f.directory.path + "/bitmap.nef")
        try #require(source == .rawPreview && image.width == 160 && image.height == 106, "\(image.width)×\(image.height) from \(source)")
        let left = image.pixels[(53 * 160 + 10) * 3 ..< (53 * 160 + 10) * 3 + 3], right = image.pixels[(53 * 160 + 150) * 3 ..< (53 * 160 + 150) * 3 + 3]
        #expect(left[left.startIndex] > 200 && left[left.startIndex + 2] < 60, "\(Array(left))")
        #expect(right[right.startIndex] < 60 && right[right.startIndex + 2] > 200, "\(Array(right))")
    }
}

/// A CR3 LibRaw declines still shows, hashes and measures the picture it carries: Cull finds its
/// PRVW preview (and its THMB) with its own box reader (issue 36 item 4).
@Suite(.enabled(if: DecodeFixtures.hasConvert, "ImageMagick is absent"))
struct DeclinedCR3PreviewTests {
    @Test func aCR3LibRawDeclinesGetsItsThumbnailFromItsOwnPreview() throws {
        let folder = TemporaryDirectory()
        try Tools.picture("preview.jpg", seed: 36, width: 640, height: 427, in: folder.path)
        var cr3 = CR3Fixture()
        cr3.preview = Array(try Data(contentsOf: URL(fileURLWithPath: folder.path + "/preview.jpg")))
        cr3.compressionVersion = 0x300
        cr3.orientation = 1
        folder.write("declined.cr3", cr3.build().bytes)
        #expect(MetadataReaders.reading(path: folder.path + "/declined.cr3").problem?.description.contains("declines this CR3") == true)
        let (image, source) = try ThumbnailMakerTests.thumbnail(folder.path + "/declined.cr3")
        #expect(source == .rawPreview && image.width == 256 && image.height == 171, "\(image.width)×\(image.height) from \(source)")
        let made = try #require(PerceptualHash.of(image.grey))
        #expect(made.distance(to: try RawPreviewDecoderTests.hash(folder.path + "/preview.jpg")) <= 4)
        // The feature pass (pHash, sharpness) takes the same picture.
        let directory = try #require(DirectoryHandle.open(Array(folder.path.utf8)).0)
        let file = try #require(ReadOnlyFile.open(Array("declined.cr3".utf8), in: directory).0)
        let picture = try FeatureCache.picture(file, format: .cr3, side: ImageFeatures.side, path: folder.path + "/declined.cr3")
        #expect(max(picture.width, picture.height) > 160, "the PRVW, not the THMB: \(picture.width)×\(picture.height)")
    }
}
