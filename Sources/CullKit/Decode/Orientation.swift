/// EXIF orientation (1...8) applied to decoded pixels, so what is hashed and thumbnailed is what
/// a viewer shows. 5...8 swap width and height.
enum Orientation {
    static func apply(_ orientation: Int, to image: DecodedImage) -> DecodedImage {
        guard (2 ... 8).contains(orientation) else { return image }
        let w = image.width, h = image.height, c = image.channels
        let swaps = orientation >= 5
        let outWidth = swaps ? h : w, outHeight = swaps ? w : h
        var out = [UInt8](repeating: 0, count: image.pixels.count)
        image.pixels.withUnsafeBufferPointer { source in
            out.withUnsafeMutableBufferPointer { target in
                for y in 0 ..< outHeight {
                    for x in 0 ..< outWidth {
                        // The source pixel shown at (x, y).
                        let (sx, sy): (Int, Int)
                        switch orientation {
                        case 2: (sx, sy) = (w - 1 - x, y)
                        case 3: (sx, sy) = (w - 1 - x, h - 1 - y)
                        case 4: (sx, sy) = (x, h - 1 - y)
                        case 5: (sx, sy) = (y, x)
                        case 6: (sx, sy) = (y, h - 1 - x)
                        case 7: (sx, sy) = (w - 1 - y, h - 1 - x)
                        default: (sx, sy) = (w - 1 - y, x)
                        }
                        let from = (sy * w + sx) * c, to = (y * outWidth + x) * c
                        for k in 0 ..< c { target[to + k] = source[from + k] }
                    }
                }
            }
        }
        return DecodedImage(width: outWidth, height: outHeight, channels: c, pixels: out)
    }
}
