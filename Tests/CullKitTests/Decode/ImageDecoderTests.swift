import Foundation
import Testing
@testable import CullKit

@Suite(.enabled(if: DecodeFixtures.hasConvert, "ImageMagick's /usr/bin/convert is absent"))
struct ImageDecoderTests {
    let folder = TemporaryDirectory()

    func made(_ name: String, _ arguments: [String]) throws -> String {
        try #require(DecodeFixtures.convert(arguments, to: "\(folder.path)/\(name)"), "convert could not make \(name)")
    }

    /// (ImageMagick output prefix, file name): 8-bit, 16-bit, palette and RGBA PNGs among them.
    @Test(arguments: [("", "q.jpg"), ("", "q.png"), ("", "q.webp"), ("", "q.heic"), ("", "q.avif"),
                      ("PNG48:", "q16.png"), ("PNG8:", "qpal.png"), ("PNG32:", "qa.png")])
    func everyFormatDecodesSmallWithItsColoursInPlace(_ prefix: String, _ name: String) throws {
        let path = "\(folder.path)/\(name)"
        try #require(DecodeFixtures.convert(DecodeFixtures.quadrantArguments(width: 400, height: 300) + ["-quality", "92"],
                                            to: prefix + path) != nil)
        let image = try ImageDecoder.decode(path: path, maxSide: 100, grey: false)
        #expect(image.width == 100 && image.height == 75 && image.channels == 3)
        #expect(DecodeFixtures.quadrantNames(image) == ["red", "lime", "blue", "white"])
        let grey = try ImageDecoder.decode(path: path, maxSide: 64, grey: true)
        #expect(grey.width == 64 && grey.height == 48 && grey.channels == 1)
    }

    @Test func interlacedAndGreyPNGsDecode() throws {
        let interlaced = try made("i.png", DecodeFixtures.quadrantArguments(width: 200, height: 100) + ["-interlace", "PNG"])
        let image = try ImageDecoder.decode(path: interlaced, maxSide: 50, grey: false)
        #expect(image.width == 50 && image.height == 25)
        #expect(DecodeFixtures.quadrantNames(image) == ["red", "lime", "blue", "white"])
        let grey = try made("g.png", ["-size", "90x60", "gradient:black-white", "-depth", "16", "-colorspace", "Gray"])
        let decoded = try ImageDecoder.decode(path: grey, maxSide: 30, grey: false)
        #expect(decoded.width == 30 && decoded.height == 20 && decoded.channels == 3)
        // Top rows dark, bottom rows light.
        #expect(decoded.pixels[0] < 40 && decoded.pixels[decoded.pixels.count - 1] > 215)
    }

    @Test func aSmallImageIsNeverEnlarged() throws {
        let path = try made("small.jpg", DecodeFixtures.quadrantArguments(width: 40, height: 20))
        let image = try ImageDecoder.decode(path: path, maxSide: 512, grey: false)
        #expect(image.width == 40 && image.height == 20)
    }

    /// The JPEG is decoded by DCT scaling at the smallest factor that still covers maxSide.
    @Test func jpegScalingFactorIsTheSmallestThatCoversMaxSide() {
        let eighth = JPEGDecoder.scalingFactor(width: 4000, height: 3000, maxSide: 500)
        #expect(eighth.num * 8 == eighth.denom)
        let quarter = JPEGDecoder.scalingFactor(width: 4000, height: 3000, maxSide: 512)
        #expect(quarter.num * 4 == quarter.denom || quarter.num * 8 == 3 * quarter.denom)
        #expect(JPEGDecoder.scaled(4000, quarter) >= 512)
        let whole = JPEGDecoder.scalingFactor(width: 300, height: 200, maxSide: 512)
        #expect(whole.num == whole.denom)
    }

    @Test(arguments: [(3, ["white", "blue", "lime", "red"]), (6, ["blue", "red", "white", "lime"]), (8, ["lime", "white", "red", "blue"])])
    func exifOrientationIsApplied(_ orientation: Int, _ expected: [String]) throws {
        try #require(DecodeFixtures.hasExiftool, "exiftool is absent")
        let path = try made("o\(orientation).jpg", DecodeFixtures.quadrantArguments(width: 400, height: 200))
        #expect(DecodeFixtures.run("exiftool", ["-q", "-overwrite_original", "-Orientation#=\(orientation)", path]))
        let image = try ImageDecoder.decode(path: path, maxSide: 100, grey: false)
        if orientation == 3 { #expect(image.width == 100 && image.height == 50) } else { #expect(image.width == 50 && image.height == 100) }
        #expect(DecodeFixtures.quadrantNames(image) == expected)
    }

    /// HEIF viewers show the container's transform and ignore EXIF orientation; libheif applies the
    /// former, so an EXIF orientation in a HEIC must not turn the picture a second time.
    @Test(.enabled(if: DecodeFixtures.hasExiftool, "exiftool is absent"))
    func heicExifOrientationIsNotAppliedOnTopOfLibheif() throws {
        let path = try made("o.heic", DecodeFixtures.quadrantArguments(width: 400, height: 200))
        try #require(DecodeFixtures.run("exiftool", ["-q", "-overwrite_original", "-Orientation#=6", path]), "exiftool wrote no orientation")
        let image = try ImageDecoder.decode(path: path, maxSide: 100, grey: false)
        #expect(image.width == 100 && image.height == 50)
        #expect(DecodeFixtures.quadrantNames(image) == ["red", "lime", "blue", "white"])
    }

    @Test func thumbnailsRoundTripThroughEncodeJPEG() throws {
        let path = try made("t.png", DecodeFixtures.quadrantArguments(width: 400, height: 300))
        let image = try ImageDecoder.decode(path: path, maxSide: 160, grey: false)
        let bytes = try ImageDecoder.encodeJPEG(image, quality: 85)
        #expect(Array(bytes.prefix(3)) == [0xFF, 0xD8, 0xFF])
        let back = try ImageDecoder.decode(path: folder.write("t.jpg", bytes), maxSide: 160, grey: false)
        #expect(back.width == 160 && back.height == 120)
        #expect(DecodeFixtures.quadrantNames(back) == ["red", "lime", "blue", "white"])
        let grey = try ImageDecoder.encodeJPEG(image.grey, quality: 85)
        #expect(try ImageDecoder.decode(path: folder.write("g.jpg", grey), maxSide: 160, grey: true).channels == 1)
    }
}
