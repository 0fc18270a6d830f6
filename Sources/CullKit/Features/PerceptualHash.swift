import Foundation

/// A 64-bit perceptual hash: pHash (Zauner 2010, the phash.org algorithm), chosen over dHash and
/// average hash because it reads the image's low spatial frequencies, which resizing, JPEG
/// recompression, format changes and global brightness or contrast edits barely move, while
/// dHash (signs of neighbour differences) flips bits on noise in flat regions.
///
/// The grey image is area-averaged to 32×32 (aspect ignored), transformed with a 2-D DCT-II, and
/// the 8×8 lowest frequencies *without* row 0 and column 0 (the DC term and the purely
/// horizontal/vertical ramps, which mostly carry overall brightness) are each compared with
/// their median: one bit per coefficient, row by row, the first in the highest bit.
/// Similar pictures are a small Hamming distance apart.
///
/// A picture without structure at those frequencies (one colour, a plain ramp, a black frame)
/// has no hash: its coefficients are all about zero, so the bits would be rounding noise and every
/// such picture would look "similar" to every other, whatever its colour.
public struct PerceptualHash: Sendable, Hashable, CustomStringConvertible {
    public let value: UInt64

    public init(_ value: UInt64) { self.value = value }

    /// The number of differing bits (0...64).
    public func distance(to other: PerceptualHash) -> Int { (value ^ other.value).nonzeroBitCount }

    public var description: String { String(value, radix: 16).leftPadded(to: 16) }

    static let size = 32

    /// The largest kept coefficient a featureless picture may have: a pattern of amplitude A grey
    /// levels at these frequencies gives coefficients of about 256·A (two 32-point sums), JPEG noise
    /// on a flat picture a few dozen; one grey level of real structure is the least that counts.
    static let featurelessCoefficient = 256.0

    /// The hash of `image` (grey or RGB; RGB is converted to grey first); nil when the picture has
    /// no structure to hash (see ``featurelessCoefficient``).
    public static func of(_ image: DecodedImage) -> PerceptualHash? {
        // The 8×8 lowest frequencies without row 0 and column 0, row by row.
        let frequencies = LowFrequencies(thumbnail(image.grey), size: size)
        let coefficients = (1 ... 8).flatMap { v in (1 ... 8).map { u in frequencies.at(u: u, v: v) } }
        guard coefficients.contains(where: { abs($0) >= featurelessCoefficient }) else { return nil }
        let sorted = coefficients.sorted()
        let median = (sorted[31] + sorted[32]) / 2
        var value: UInt64 = 0
        for coefficient in coefficients { value = value << 1 | (coefficient > median ? 1 : 0) }
        return PerceptualHash(value)
    }

    /// `grey` as 32×32 pixels: area-averaged down, or repeated up for an image smaller than that.
    private static func thumbnail(_ grey: DecodedImage) -> [UInt8] {
        var source = grey
        if source.width < size || source.height < size {
            let width = max(size, source.width), height = max(size, source.height)
            var pixels = [UInt8](repeating: 0, count: width * height)
            for y in 0 ..< height {
                for x in 0 ..< width { pixels[y * width + x] = grey.pixels[(y * grey.height / height) * grey.width + x * grey.width / width] }
            }
            source = DecodedImage(width: width, height: height, channels: 1, pixels: pixels)
        }
        return source.pixels.withUnsafeBufferPointer {
            Resample.reduce($0, width: source.width, height: source.height, stride: source.width, channels: 1, toWidth: size, toHeight: size)
        }
    }
}

extension String {
    fileprivate func leftPadded(to length: Int) -> String { String(repeating: "0", count: max(0, length - count)) + self }
}
