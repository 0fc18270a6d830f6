/// Reads BMP headers (Windows and OS/2 bitmaps): the size, and whether the pixel data the header
/// announces is all in the file. BMP carries no capture date (the file name's date stands in).
enum BMPReader {
    static func read(_ file: MediaFile, head: [UInt8]) throws(MetadataError) -> MetadataReading {
        let header = try file.reader(at: 0, count: 54, bigEndian: false)
        let dataOffset = Int(try header.u32(at: 10))
        let infoSize = Int(try header.u32(at: 14))
        var metadata = MediaMetadata()
        let width: Int, height: Int, bitsPerPixel: Int, compression: UInt32, imageSize: Int
        if infoSize == 12 { // OS/2 BITMAPCOREHEADER
            width = Int(try header.u16(at: 18))
            height = Int(try header.u16(at: 20))
            bitsPerPixel = Int(try header.u16(at: 24))
            (compression, imageSize) = (0, 0)
        } else {
            width = Int(Int32(bitPattern: try header.u32(at: 18)))
            // Negative: the rows are stored top-down.
            height = abs(Int(Int32(bitPattern: try header.u32(at: 22))))
            bitsPerPixel = Int(try header.u16(at: 28))
            compression = try header.u32(at: 30)
            imageSize = Int(try header.u32(at: 34))
        }
        guard width > 0, height > 0, width <= MediaMetadata.maxSide, height <= MediaMetadata.maxSide else {
            throw .malformed("BMP size \(width)x\(height)", offset: 18)
        }
        guard [1, 2, 4, 8, 16, 24, 32, 64].contains(bitsPerPixel) else {
            throw .malformed("BMP of \(bitsPerPixel) bits a pixel", offset: infoSize == 12 ? 24 : 28)
        }
        metadata.width = width
        metadata.height = height
        // Uncompressed rows (BI_RGB, BI_BITFIELDS, BI_ALPHABITFIELDS) are padded to four bytes; a
        // compressed bitmap (RLE, an embedded JPEG or PNG) says its size.
        let rows = (width * bitsPerPixel + 31) / 32 * 4 * height
        let pixels = [0, 3, 6].contains(compression) ? rows : imageSize
        let end = dataOffset + pixels
        guard end <= file.size else {
            return MetadataReading(metadata, problem: .incomplete("the pixel data ends at byte \(end), past the end of the file (\(file.size) bytes)"))
        }
        return MetadataReading(metadata)
    }
}
