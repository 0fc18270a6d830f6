import Testing
@testable import CullKit

/// Each EXIF orientation turns the decoded pixels as EXIF defines it: the pixel shown at (x, y)
/// comes from the stored picture where the definition says (written out here pixel by pixel).
struct OrientationTests {
    @Test(arguments: 1 ... 8)
    func eachOrientationShowsThePictureAsEXIFDefinesIt(orientation: Int) {
        let (w, h, c) = (5, 3, 3)
        let stored = DecodedImage(width: w, height: h, channels: c, pixels: (0 ..< w * h * c).map { UInt8($0) })
        let shown = Orientation.apply(orientation, to: stored)
        let swaps = orientation >= 5
        #expect((shown.width, shown.height) == (swaps ? h : w, swaps ? w : h))
        for y in 0 ..< shown.height {
            for x in 0 ..< shown.width {
                let (sx, sy): (Int, Int)
                switch orientation {
                case 1: (sx, sy) = (x, y)
                case 2: (sx, sy) = (w - 1 - x, y)
                case 3: (sx, sy) = (w - 1 - x, h - 1 - y)
                case 4: (sx, sy) = (x, h - 1 - y)
                case 5: (sx, sy) = (y, x)
                case 6: (sx, sy) = (y, h - 1 - x)
                case 7: (sx, sy) = (w - 1 - y, h - 1 - x)
                default: (sx, sy) = (w - 1 - y, x)
                }
                for k in 0 ..< c {
                    #expect(shown.pixels[(y * shown.width + x) * c + k] == stored.pixels[(sy * w + sx) * c + k], "(\(x), \(y))")
                }
            }
        }
    }

    /// Values EXIF does not define leave the picture as it is.
    @Test func otherValuesLeaveThePicture() {
        let stored = DecodedImage(width: 2, height: 1, channels: 1, pixels: [1, 2])
        for value in [0, 9, -1] { #expect(Orientation.apply(value, to: stored) == stored) }
    }
}
