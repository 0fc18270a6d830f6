import Testing
@testable import CullKit

/// A picture's pixels turned (``Turn/apply(to:)`` on a decode) are the turn its print's signs say
/// (``Turn/apply(to:)`` on signs), and ``PixelDifference`` tells the same pixels from others.
struct TurnedPixelsTests {
    /// A grey picture of `width` × `height` with structure at every scale (a seeded generator).
    static func picture(width: Int, height: Int, channels: Int = 1, seed: UInt64) -> DecodedImage {
        var state = seed
        var pixels: [UInt8] = []
        for y in 0 ..< height {
            for x in 0 ..< width {
                for _ in 0 ..< channels {
                    state = state &* 6364136223846793005 &+ 1442695040888963407
                    let noise = Int(state >> 60)
                    pixels.append(UInt8(clamping: (x * 3 + y * y / 7 + (x * y) % 31) % 200 + noise))
                }
            }
        }
        return DecodedImage(width: width, height: height, channels: channels, pixels: pixels)
    }

    /// Turning the pixels turns the print's signs the same way: the turn a print pair names is the
    /// turn the pixels are compared under.
    @Test(arguments: Turn.allCases)
    func pixelsTurnAsTheirSignsDo(turn: Turn) throws {
        let image = Self.picture(width: 64, height: 48, seed: 7)
        let turned = turn.apply(to: image)
        #expect((turned.width, turned.height) == turn.size(width: 64, height: 48))
        let print = try #require(TurnPrint.of(PictureLayout.of(image)))
        let turnedPrint = try #require(TurnPrint.of(PictureLayout.of(turned)))
        #expect(turnedPrint.signs == turn.apply(to: print.signs))
        // Compared turned the same way, the turned picture is the picture.
        let difference = try #require(PixelDifference.between(turned, image, turnedBy: turn))
        #expect(difference.largest == 0 && difference.apart == 0 && difference.isSamePicture)
        if turn != .none {
            // Under no other turn (the picture has no symmetry).
            for other in Turn.allCases where other != turn {
                #expect(PixelDifference.between(turned, image, turnedBy: other)?.isSamePicture != true, "\(other)")
            }
        }
    }

    /// Rounding (1 everywhere) is the same picture; one sample 5 apart, or more than one in a
    /// thousand 2 apart, is not; other sizes are not compared.
    @Test func whatIsTheSamePicture() throws {
        let image = Self.picture(width: 40, height: 30, channels: 3, seed: 3)
        func changed(_ change: (inout [UInt8]) -> Void) -> DecodedImage {
            var pixels = image.pixels
            change(&pixels)
            return DecodedImage(width: image.width, height: image.height, channels: 3, pixels: pixels)
        }
        let rounded = changed { pixels in for index in pixels.indices { pixels[index] = pixels[index] < 255 ? pixels[index] + 1 : 254 } }
        #expect(PixelDifference.between(image, rounded, turnedBy: .none)?.isSamePicture == true)
        #expect(PixelDifference.between(image, rounded, turnedBy: .none)?.isSameLuma == true)
        let spot = changed { $0[100] = $0[100] > 127 ? $0[100] - 5 : $0[100] + 5 }
        #expect(PixelDifference.between(image, spot, turnedBy: .none)?.isSamePicture == false)
        #expect(PixelDifference.between(image, spot, turnedBy: .none)?.isWithinUpsampling == false)
        let upsampled = changed { pixels in for index in stride(from: 0, to: 40, by: 1) { pixels[index] = pixels[index] > 127 ? pixels[index] - 2 : pixels[index] + 2 } }
        let measured = try #require(PixelDifference.between(image, upsampled, turnedBy: .none))
        #expect(measured.apart == 40 && measured.largest == 2 && !measured.isSamePicture && measured.isWithinUpsampling && !measured.isSameLuma)
        #expect(PixelDifference.between(image, Turn(index: 4).apply(to: image), turnedBy: .none) == nil)
    }
}
