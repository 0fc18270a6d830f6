/// What one small grey decode of a photo tells: its perceptual hash, how sharp it is, how bright.
///
/// Every feature is computed on the same decode, the photo reduced to a longest side of
/// ``side`` pixels (orientation applied), so values are comparable across photos of any size.
/// 384 is where a camera-size JPEG (3,000–6,000 pixels a side) is still decoded at libjpeg-turbo's
/// 1/8 DCT scale — each 8×8 block becomes one pixel, the cheapest decode there is — and then
/// reduced once more. Photos smaller than that are measured at their own size.
public struct ImageFeatures: Sendable, Equatable {
    /// The longest side of the decode the features are computed on.
    public static let side = 384

    /// Nil for a picture without structure to hash (one colour, a plain ramp): it is never similar to anything.
    public let hash: PerceptualHash?
    /// The variance of the Laplacian (see ``Sharpness``).
    public let sharpness: Double
    /// Mean brightness, 0 (black) ... 1 (white).
    public let exposure: Double

    public init(hash: PerceptualHash?, sharpness: Double, exposure: Double) {
        self.hash = hash
        self.sharpness = sharpness
        self.exposure = exposure
    }

    /// The features of a grey image decoded at ``side``.
    public static func of(_ image: DecodedImage) -> ImageFeatures {
        let grey = image.grey
        var total = 0
        for value in grey.pixels { total += Int(value) }
        return ImageFeatures(hash: PerceptualHash.of(grey), sharpness: Sharpness.of(grey),
                             exposure: Double(total) / Double(grey.pixels.count) / 255)
    }

    /// Decodes the photo at `path` and measures it.
    public static func of(path: String) throws(DecodeError) -> ImageFeatures {
        of(try ImageDecoder.decode(path: path, maxSide: side, grey: true))
    }
}
