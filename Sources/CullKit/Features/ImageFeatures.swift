/// What one grey decode of a photo tells: its perceptual hash, how sharp it is, how bright.
///
/// Every feature is computed on the same decode, the photo reduced to a longest side of
/// ``side(forLongest:)`` pixels (orientation applied): a quarter of the photo's own, at least 1,000
/// (a screen's worth) and at most 2,048. At a quarter, a shake or a defocus of a given number of the
/// photo's own pixels spreads its edges equally whatever the camera (25 pixels of shake are six
/// pixels here), and a camera-size JPEG is still decoded by libjpeg-turbo's DCT scaling (1/4, or
/// 3/8 and 1/2 for smaller photos), whose cost is mostly the entropy decoding every scale pays.
/// The hash and the brightness are area averages, the same at any size; photos smaller than that are
/// measured at their own size.
public struct ImageFeatures: Sendable, Equatable {
    /// The longest side of the decode of a photo whose own longest side is unknown.
    public static let side = 1000

    /// The longest side of the decode the features of a photo `longest` pixels long are computed on.
    public static func side(forLongest longest: Int?) -> Int {
        guard let longest, longest > 0 else { return side }
        return min(2048, max(side, (longest + 3) / 4))
    }

    /// Nil for a picture without structure to hash (one colour, a plain ramp): it is never similar to anything.
    public let hash: PerceptualHash?
    /// How sharp, or featureless (see ``Sharpness``).
    public let sharpness: Sharpness
    /// Mean brightness, 0 (black) ... 1 (white).
    public let exposure: Double
    /// How the picture is laid out, coarsely: what tells a panorama's frames (``PictureLayout``).
    public let layout: PictureLayout?

    /// What finds the picture turned or mirrored (``TurnPrint``), from its layout: nil when it has no
    /// hash (nothing is similar to a picture without structure) or no layout.
    public var turnPrint: TurnPrint? { hash == nil ? nil : layout.flatMap(TurnPrint.of) }

    public init(hash: PerceptualHash?, sharpness: Sharpness, exposure: Double, layout: PictureLayout? = nil) {
        self.hash = hash
        self.sharpness = sharpness
        self.exposure = exposure
        self.layout = layout
    }

    /// The features of a decode at ``side(forLongest:)``.
    public static func of(_ image: DecodedImage) -> ImageFeatures {
        let grey = image.grey
        var total = 0
        for value in grey.pixels { total += Int(value) }
        return ImageFeatures(hash: PerceptualHash.of(grey), sharpness: Sharpness.of(grey),
                             exposure: Double(total) / Double(grey.pixels.count) / 255, layout: PictureLayout.of(grey))
    }

    /// Decodes the photo at `path` (at the side its header's pixel size asks for) and measures it.
    public static func of(path: String) throws(DecodeError) -> ImageFeatures {
        let metadata = (try? MediaFile(path: path)).flatMap { try? MetadataReaders.read($0) }
        let longest = metadata.flatMap { meta in meta.width.flatMap { width in meta.height.map { max(width, $0) } } }
        return of(try ImageDecoder.decode(path: path, maxSide: side(forLongest: longest), grey: true))
    }
}
