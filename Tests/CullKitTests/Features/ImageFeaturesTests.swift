import Foundation
import Testing
@testable import CullKit

/// The perceptual hash, sharpness and exposure on ImageMagick-made variants of one picture.
@Suite(.enabled(if: DecodeFixtures.hasConvert, "ImageMagick's /usr/bin/convert is absent"))
struct ImageFeaturesTests {
    let folder = TemporaryDirectory()

    /// A detailed picture: plasma with a grid of lines and text, so it has edges to blur.
    func picture(_ name: String, seed: Int, extra: [String] = []) throws -> String {
        try #require(DecodeFixtures.convert(DecodeFixtures.plasmaArguments(width: 800, height: 600, seed: seed)
            + ["-fill", "none", "-stroke", "black", "-strokewidth", "3", "-draw", "path 'M 0,200 L 800,200 M 0,400 L 800,400 M 266,0 L 266,600 M 533,0 L 533,600'",
               "-stroke", "white", "-strokewidth", "1", "-draw", "circle 400,300 400,130"] + extra + ["-quality", "90"],
            to: "\(folder.path)/\(name)"))
    }

    func variant(_ source: String, _ name: String, _ arguments: [String]) throws -> String {
        try #require(DecodeFixtures.convert([source] + arguments, to: "\(folder.path)/\(name)"))
    }

    /// A picture without structure (one colour, or a plain ramp) has no perceptual hash: its DCT
    /// coefficients are all about zero, so the bits would be noise, and every flat picture would
    /// be "similar" to every other, whatever its colour.
    @Test func featurelessPicturesHaveNoPerceptualHash() throws {
        var hashes: [PerceptualHash?] = []
        for (index, fill) in ["xc:red", "xc:navy", "xc:white", "xc:gray40", "gradient:black-white", "gradient:red-blue"].enumerated() {
            let path = try #require(DecodeFixtures.convert(["-size", "640x480", fill, "-quality", "92"], to: "\(folder.path)/flat\(index).jpg"))
            hashes.append(try ImageFeatures.of(path: path).hash)
        }
        #expect(hashes.allSatisfy { $0 == nil }, "\(hashes)")
        #expect(try ImageFeatures.of(path: try picture("detail.jpg", seed: 3)).hash != nil)
    }

    @Test func variantsOfOnePictureAreCloseAndOtherPicturesFar() throws {
        let original = try picture("a.jpg", seed: 11)
        let variants = [
            try variant(original, "small.jpg", ["-resize", "40%"]),
            try variant(original, "q40.jpg", ["-quality", "40"]),
            try variant(original, "a.png", []),
            try variant(original, "bright.jpg", ["-modulate", "125"]),
            try variant(original, "a.webp", ["-quality", "70"]),
        ]
        let hash = try #require(try ImageFeatures.of(path: original).hash)
        for path in variants {
            let distance = try #require(try ImageFeatures.of(path: path).hash).distance(to: hash)
            #expect(distance <= 6, "\(path): \(distance)")
        }
        for seed in [12, 13, 14] {
            let other = try #require(try ImageFeatures.of(path: try picture("o\(seed).jpg", seed: seed)).hash)
            #expect(other.distance(to: hash) >= 16, "seed \(seed): \(other.distance(to: hash))")
        }
    }

    @Test func aRotatedCopyHashesLikeItsUprightOriginalOnceOrientationIsRead() throws {
        try #require(DecodeFixtures.hasExiftool, "exiftool is absent")
        let original = try picture("up.jpg", seed: 21)
        // Pixels turned 90° counter-clockwise, tagged "rotate 90° clockwise to show": the same picture shown.
        let turned = try variant(original, "turned.jpg", ["-rotate", "-90"])
        #expect(DecodeFixtures.run("exiftool", ["-q", "-overwrite_original", "-Orientation#=6", turned]))
        let a = try #require(try ImageFeatures.of(path: original).hash), b = try #require(try ImageFeatures.of(path: turned).hash)
        #expect(a.distance(to: b) <= 4, "\(a.distance(to: b))")
    }

    /// Sharpness falls as blur grows, on a scene with edges (blurred plasma noise has none to spread).
    @Test func blurredCopiesAreLessSharpInOrder() throws {
        let original = try #require(DecodeFixtures.convert(DecodeFixtures.sceneArguments(width: 1200, height: 900) + ["-quality", "92"],
                                                           to: "\(folder.path)/s.jpg"))
        let sharp = try #require(try ImageFeatures.of(path: original).sharpness.value)
        let soft = try #require(try ImageFeatures.of(path: try variant(original, "b1.jpg", ["-blur", "0x2"])).sharpness.value)
        let blurred = try #require(try ImageFeatures.of(path: try variant(original, "b3.jpg", ["-blur", "0x5"])).sharpness.value)
        #expect(sharp > soft && soft > blurred, "\(sharp) \(soft) \(blurred)")
        #expect(blurred < Sharpness.blurryThreshold && sharp > Sharpness.blurryThreshold, "\(sharp) \(blurred)")
    }

    @Test func exposureIsMeanBrightness() throws {
        let black = try #require(DecodeFixtures.convert(["-size", "640x480", "xc:black"], to: "\(folder.path)/black.jpg"))
        let white = try #require(DecodeFixtures.convert(["-size", "640x480", "xc:white"], to: "\(folder.path)/white.png"))
        let grey = try #require(DecodeFixtures.convert(["-size", "640x480", "xc:gray50"], to: "\(folder.path)/grey.webp"))
        #expect(try ImageFeatures.of(path: black).exposure < 0.02)
        #expect(try ImageFeatures.of(path: white).exposure > 0.98)
        #expect(abs(try ImageFeatures.of(path: grey).exposure - 0.5) < 0.03)
        // A flat frame has no edges at all: nothing to judge, so never blurry.
        let flat = try ImageFeatures.of(path: black).sharpness
        #expect(flat.isFeatureless && !flat.isBlurry && flat.value == nil && flat.strongEdges == 0)
    }

    @Test func hashDistanceCountsDifferingBits() {
        #expect(PerceptualHash(0).distance(to: PerceptualHash(.max)) == 64)
        #expect(PerceptualHash(0b1011).distance(to: PerceptualHash(0b0001)) == 2)
        #expect(PerceptualHash(0xAB).description == "00000000000000ab")
    }
}
