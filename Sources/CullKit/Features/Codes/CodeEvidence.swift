/// Cheap evidence, from a small grey decode, that a code may be there too small to read at that
/// size: a patch with the contrast of print and the dense alternation of bars or modules.
///
/// The picture is cut into 16 × 16 tiles; a tile counts when its range of greys is at least
/// ``contrast`` and its rows (a barcode's bars) or its columns (a barcode on its side), or both (a
/// QR code's modules), cross its middle grey at least ``crossings`` times each on average. A code
/// reduced to a few pixels a module still does; a sky, a face, a wall or a plain page does not.
/// Foliage and small text do too: the evidence sends those to the larger scan, which is then only
/// time, never a wrong code.
enum CodeEvidence {
    static let tile = 16
    static let contrast = 96
    /// Crossings of the middle grey per row or column of a tile, on average (a tile of a QR code at
    /// two pixels a module has about eight).
    static let crossings = 4
    /// Tiles that must count: one is a coincidence of texture, a code covers a few.
    static let tiles = 3

    /// True when `image` (grey) has at least ``tiles`` tiles that look like part of a code.
    static func suggestsCode(_ image: DecodedImage) -> Bool {
        let grey = image.grey
        let (width, height) = (grey.width, grey.height)
        var found = 0
        return grey.pixels.withUnsafeBufferPointer { pixels in
            for top in stride(from: 0, through: height - tile, by: tile) {
                for left in stride(from: 0, through: width - tile, by: tile) {
                    if isCodeLike(pixels, width: width, left: left, top: top) {
                        found += 1
                        if found >= tiles { return true }
                    }
                }
            }
            return false
        }
    }

    private static func isCodeLike(_ pixels: UnsafeBufferPointer<UInt8>, width: Int, left: Int, top: Int) -> Bool {
        var low: UInt8 = 255, high: UInt8 = 0
        for y in top ..< top + tile {
            for x in left ..< left + tile {
                let value = pixels[y * width + x]
                low = min(low, value)
                high = max(high, value)
            }
        }
        guard Int(high) - Int(low) >= contrast else { return false }
        let middle = (Int(high) + Int(low)) / 2
        var across = 0, down = 0
        for step in 0 ..< tile {
            for offset in 1 ..< tile {
                let row = (top + step) * width + left
                if (Int(pixels[row + offset - 1]) < middle) != (Int(pixels[row + offset]) < middle) { across += 1 }
                let column = left + step
                if (Int(pixels[(top + offset - 1) * width + column]) < middle) != (Int(pixels[(top + offset) * width + column]) < middle) {
                    down += 1
                }
            }
        }
        return max(across, down) >= crossings * tile
    }
}
