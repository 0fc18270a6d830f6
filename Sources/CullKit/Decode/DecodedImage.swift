/// Pixels of a small decode: rows top to bottom, `channels` interleaved 8-bit samples per pixel,
/// no padding. Orientation is already applied (what a viewer shows).
public struct DecodedImage: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// 1 (grey) or 3 (RGB).
    public let channels: Int
    public let pixels: [UInt8]

    public init(width: Int, height: Int, channels: Int, pixels: [UInt8]) {
        precondition(channels == 1 || channels == 3, "channels must be 1 or 3")
        precondition(width > 0 && height > 0 && pixels.count == width * height * channels, "pixel count must match the size")
        self.width = width
        self.height = height
        self.channels = channels
        self.pixels = pixels
    }

    /// The image as 1-channel grey (ITU-R BT.601 luma, as PIL's `convert("L")` and libjpeg's
    /// own grey output compute it), or itself when already grey.
    public var grey: DecodedImage {
        guard channels == 3 else { return self }
        var out = [UInt8](repeating: 0, count: width * height)
        pixels.withUnsafeBufferPointer { source in
            out.withUnsafeMutableBufferPointer { target in
                for index in 0 ..< target.count {
                    let r = UInt32(source[3 * index]), g = UInt32(source[3 * index + 1]), b = UInt32(source[3 * index + 2])
                    target[index] = UInt8((r * 19595 + g * 38470 + b * 7471 + 32768) >> 16)
                }
            }
        }
        return DecodedImage(width: width, height: height, channels: 1, pixels: out)
    }

    /// The image as 3-channel RGB (grey copied to each channel), or itself when already RGB.
    public var rgb: DecodedImage {
        guard channels == 1 else { return self }
        var out = [UInt8](repeating: 0, count: width * height * 3)
        for index in 0 ..< width * height {
            let value = pixels[index]
            out[3 * index] = value
            out[3 * index + 1] = value
            out[3 * index + 2] = value
        }
        return DecodedImage(width: width, height: height, channels: 3, pixels: out)
    }
}
