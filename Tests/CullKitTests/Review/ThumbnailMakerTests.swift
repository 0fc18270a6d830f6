import Foundation
import Testing
@testable import CullKit

/// Where a thumbnail comes from: the file's own preview when it has a fit one, else a small decode.
/// The fixtures' previews show other colours than their main pictures, so the pixels of the
/// thumbnail say which one it was made from.
struct ThumbnailMakerTests {
    let folder = TemporaryDirectory()
    static let primary = ["red", "lime", "blue", "white"]
    static let phoneHEIC = Corpus.samples.path + "/heic/mobile/iphone_13_pro_max.HEIC"
    /// Not a turn or mirror of the primary's quadrants: red and white are neighbours here.
    static let preview = ["red", "white", "lime", "blue"]

    /// Makes the thumbnail of the file at `path` as the review does, and decodes it back.
    static func thumbnail(_ path: String, orientation: Int = 1) throws -> (image: DecodedImage, source: ThumbnailSource) {
        let bytes = Array(path.utf8)
        let directory = try #require(DirectoryHandle.open(PathBytes.parent(bytes)).0)
        let file = try #require(ReadOnlyFile.open(PathBytes.basename(bytes), in: directory).0)
        let identity = file.identity
        let record = AssetFile.Record(id: 1, path: PathBytes.basename(bytes), device: identity.device, inode: identity.inode,
                                      size: identity.size, mtimeNs: identity.mtimeNs, kind: .photo, duration: nil,
                                      orientation: orientation, broken: nil)
        switch ThumbnailMaker.make(file, record: record, side: Thumbnails.side) {
        case let .success(made):
            let image = try JPEGDecoder.decode(made.jpeg, path: path, maxSide: 4096, grey: false)
            return (image, made.source)
        case let .failure(failure):
            throw HEIFFixtures.Failure(description: failure.text)
        }
    }

    static func picture(_ quadrants: [String], _ width: Int, _ height: Int) -> HEIFFixtures.Picture {
        HEIFFixtures.Picture(quadrants: quadrants, width: width, height: height)
    }

    @Test func aHEICThumbnailComesFromItsThmbItem() throws {
        let path = folder.path + "/thmb.heic"
        try HEIFFixtures.write(path, primary: Self.picture(Self.primary, 1280, 960),
                               thumbnails: [(Self.picture(Self.preview, 640, 480), 320)])
        let (image, source) = try Self.thumbnail(path)
        #expect(source == .heifThumbnail)
        #expect(image.width == 256 && image.height == 192, "\(image.width)×\(image.height)")
        #expect(DecodeFixtures.quadrantNames(image) == Self.preview)
    }

    /// Of several thumbnails the smallest that still covers the tile; none is enlarged.
    @Test func theSmallestThumbnailCoveringTheTileIsUsed() throws {
        let path = folder.path + "/three.heic"
        try HEIFFixtures.write(path, primary: Self.picture(Self.primary, 1280, 960), thumbnails: [
            (Self.picture(["blue", "blue", "blue", "blue"], 640, 480), 128),
            (Self.picture(Self.preview, 640, 480), 320),
            (Self.picture(["lime", "lime", "lime", "lime"], 1200, 900), 1024),
        ])
        let (image, source) = try Self.thumbnail(path)
        #expect(source == .heifThumbnail)
        #expect(DecodeFixtures.quadrantNames(image) == Self.preview)
        // Only thumbnails smaller than the tile: the largest of them, as it is.
        let small = folder.path + "/small.heic"
        try HEIFFixtures.write(small, primary: Self.picture(Self.primary, 1280, 960), thumbnails: [
            (Self.picture(["blue", "blue", "blue", "blue"], 640, 480), 100),
            (Self.picture(Self.preview, 640, 480), 200),
        ])
        let (fallback, used) = try Self.thumbnail(small)
        #expect(used == .heifThumbnail && fallback.width == 200 && fallback.height == 150, "\(used) \(fallback.width)×\(fallback.height)")
        #expect(DecodeFixtures.quadrantNames(fallback) == Self.preview)
    }

    /// A tiny thumbnail (or none) is not worth it: the primary image is decoded.
    @Test(arguments: [64, 0])
    func aTinyOrMissingThumbnailFallsBackToTheDecode(_ side: Int) throws {
        let path = folder.path + "/tiny.heic"
        try HEIFFixtures.write(path, primary: Self.picture(Self.primary, 640, 480),
                               thumbnails: side > 0 ? [(Self.picture(Self.preview, 320, 240), side)] : [])
        let (image, source) = try Self.thumbnail(path)
        #expect(source == .decoded)
        #expect(image.width == 256 && image.height == 192)
        #expect(DecodeFixtures.quadrantNames(image) == Self.primary)
    }

    /// libheif turns a thumbnail by its own `irot` as it does the primary; the EXIF orientation a
    /// phone also writes (the index's) must not turn it a second time.
    @Test func aRotatedHEICThumbnailIsTurnedOnce() throws {
        let path = folder.path + "/turned.heic"
        try HEIFFixtures.write(path, primary: Self.picture(Self.primary, 1280, 960),
                               thumbnails: [(Self.picture(Self.preview, 640, 480), 320)], orientation: 6)
        let (image, source) = try Self.thumbnail(path, orientation: 6)
        #expect(source == .heifThumbnail)
        #expect(image.width == 192 && image.height == 256, "\(image.width)×\(image.height)")
        // Turned 90° clockwise: the left column comes to the top.
        #expect(DecodeFixtures.quadrantNames(image) == ["lime", "red", "blue", "white"])
        // The full decode turns the same way.
        let decoded = try ImageDecoder.decode(path: path, maxSide: 256, grey: false)
        #expect(DecodeFixtures.quadrantNames(decoded) == ["blue", "red", "white", "lime"])
    }

    /// The real iPhone HEIC: portrait (irot 270 and EXIF orientation 6) with a 240×320 thumbnail.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: phoneHEIC), "needs ../shared/corpus (beside the package)"))
    func aPhoneHEICThumbnailMatchesItsPicture() throws {
        let path = Self.phoneHEIC
        let (image, source) = try Self.thumbnail(path, orientation: 6)
        #expect(source == .heifThumbnail)
        #expect(image.width == 192 && image.height == 256, "\(image.width)×\(image.height)")
        // The same picture as the full decode: compare coarse 4×4 means.
        let full = try ImageDecoder.decode(path: path, maxSide: 256, grey: false)
        #expect(full.width == image.width && full.height == image.height)
        let difference = zip(Self.means(image), Self.means(full)).map { abs($0 - $1) }.max() ?? 255
        #expect(difference < 40, "block means differ by up to \(difference)")
    }

    /// Mean grey of each cell of a 4×4 grid.
    static func means(_ image: DecodedImage) -> [Int] {
        var sums = [Int](repeating: 0, count: 16), counts = [Int](repeating: 0, count: 16)
        for y in 0 ..< image.height {
            for x in 0 ..< image.width {
                let cell = (y * 4 / image.height) * 4 + x * 4 / image.width
                let at = (y * image.width + x) * image.channels
                sums[cell] += (Int(image.pixels[at]) + Int(image.pixels[at + 1]) + Int(image.pixels[at + 2])) / 3
                counts[cell] += 1
            }
        }
        return zip(sums, counts).map { $0 / max(1, $1) }
    }
}
