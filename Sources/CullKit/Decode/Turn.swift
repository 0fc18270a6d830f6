/// One of the eight ways a picture can be turned or mirrored (the symmetries of a rectangle): turned
/// by 90°, 180° or 270°, mirrored, or both. Written as what it does to the picture, in this order:
/// swap rows and columns (`transposed`), then mirror left to right, then top to bottom. Turned 90°
/// clockwise is transposed then mirrored left to right; 180° is both mirrors. EXIF orientations are
/// turns (``init(exifOrientation:)``); what a turn does to a print's signs is ``TurnPrint``'s.
public struct Turn: Sendable, Hashable, CaseIterable, CustomStringConvertible {
    public let transposed: Bool
    public let mirroredAcross: Bool
    public let mirroredDown: Bool

    /// The eight, by ``index``: the picture as it is first.
    public static let allCases: [Turn] = (0 ..< 8).map(Turn.init(index:))

    /// The picture as it is.
    public static let none = Turn(index: 0)

    /// 0 ... 7, one bit per operation (4 transposed, 2 mirrored across, 1 mirrored down).
    public var index: Int { (transposed ? 4 : 0) | (mirroredAcross ? 2 : 0) | (mirroredDown ? 1 : 0) }

    public init(index: Int) {
        (transposed, mirroredAcross, mirroredDown) = (index & 4 != 0, index & 2 != 0, index & 1 != 0)
    }

    init(transposed: Bool, mirroredAcross: Bool, mirroredDown: Bool) {
        (self.transposed, self.mirroredAcross, self.mirroredDown) = (transposed, mirroredAcross, mirroredDown)
    }

    /// How a person says it.
    public var description: String {
        switch (transposed, mirroredAcross, mirroredDown) {
        case (false, false, false): "as it is"
        case (false, true, false): "mirrored"
        case (false, false, true): "mirrored top to bottom"
        case (false, true, true): "turned 180°"
        case (true, true, false): "turned 90° clockwise"
        case (true, false, true): "turned 90° counterclockwise"
        case (true, false, false): "mirrored across its diagonal"
        case (true, true, true): "mirrored across its other diagonal"
        }
    }

    /// The turn that shows a picture stored with EXIF orientation `value` upright (2 mirrored, 3
    /// turned 180°, 4 mirrored top to bottom, 5 transposed, 6 turned 90° clockwise, 7 transposed
    /// the other way, 8 turned 90° counterclockwise); nil for 1 and values EXIF does not define.
    public init?(exifOrientation value: Int) {
        switch value {
        case 2: self.init(index: 2)
        case 3: self.init(index: 3)
        case 4: self.init(index: 1)
        case 5: self.init(index: 4)
        case 6: self.init(index: 6)
        case 7: self.init(index: 7)
        case 8: self.init(index: 5)
        default: return nil
        }
    }

    /// The size of a `width` × `height` picture turned this way.
    public func size(width: Int, height: Int) -> (width: Int, height: Int) {
        transposed ? (height, width) : (width, height)
    }

    /// Where the pixel at (`x`, `y`) of the turned picture (of `width` × `height`, turned) comes
    /// from in the picture as it was: the operations undone in reverse order.
    @inline(__always)
    func source(x: Int, y: Int, width: Int, height: Int) -> (x: Int, y: Int) {
        let y1 = mirroredDown ? height - 1 - y : y
        let x1 = mirroredAcross ? width - 1 - x : x
        return transposed ? (y1, x1) : (x1, y1)
    }

    /// Where in a picture of `width` × `height` with `channels` samples a pixel (as its first
    /// sample's offset) the turned picture's pixels come from: (0, 0)'s, and the steps to the next
    /// pixel along a row and down a column of the turned picture (a turn moves by fixed steps).
    func steps(width: Int, height: Int, channels: Int) -> (origin: Int, across: Int, down: Int) {
        let (turnedWidth, turnedHeight) = size(width: width, height: height)
        func offset(_ x: Int, _ y: Int) -> Int {
            let from = source(x: x, y: y, width: turnedWidth, height: turnedHeight)
            return (from.y * width + from.x) * channels
        }
        let origin = offset(0, 0)
        return (origin, turnedWidth > 1 ? offset(1, 0) - origin : 0, turnedHeight > 1 ? offset(0, 1) - origin : 0)
    }

    /// `image` turned this way.
    public func apply(to image: DecodedImage) -> DecodedImage {
        let (width, height) = size(width: image.width, height: image.height)
        let channels = image.channels
        let (origin, across, down) = steps(width: image.width, height: image.height, channels: channels)
        var out = [UInt8](repeating: 0, count: image.pixels.count)
        image.pixels.withUnsafeBufferPointer { source in
            out.withUnsafeMutableBufferPointer { target in
                var to = 0
                for y in 0 ..< height {
                    var from = origin + y * down
                    for _ in 0 ..< width {
                        for k in 0 ..< channels { target[to + k] = source[from + k] }
                        to += channels
                        from += across
                    }
                }
            }
        }
        return DecodedImage(width: width, height: height, channels: channels, pixels: out)
    }
}
