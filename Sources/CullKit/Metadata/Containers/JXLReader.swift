/// Reads JPEG XL: a bare codestream, or the ISO-BMFF container around one (`jxlc`, or `jxlp` parts)
/// with `Exif` (→ ``TIFFReader``) and `xml ` (→ ``XMPReader``) boxes. The size and orientation come
/// from the codestream's `SizeHeader` and `ImageMetadata`, its first few bytes, read bit by bit as
/// the specification lays them out (the only header fields read; the image is libjxl's, through FFmpeg).
///
/// A bare codestream has no end marker and states no length: only the decoder can tell one that
/// was cut. In the container, a box that runs past the end of the file is damage.
enum JXLReader {
    static let maxMetadata = 4 << 20

    static func read(_ file: MediaFile, head: [UInt8]) throws(MetadataError) -> MetadataReading {
        if head.starts(with: [0xFF, 0x0A]) {
            var metadata = MediaMetadata()
            try readHeader(Array(head.dropFirst(2).prefix(64)), at: 2, into: &metadata)
            return MetadataReading(metadata)
        }
        var metadata = MediaMetadata(), exif = MediaMetadata(), xmp = MediaMetadata()
        var codestream = false
        for box in try ISOBoxes.topLevel(file) {
            switch box.type {
            case "jxlc" where !codestream, "jxlp" where !codestream:
                let skip = box.type == "jxlp" ? 4 : 0
                let bytes = try file.read(at: box.payloadOffset + skip, count: min(box.payloadSize - skip, 66))
                guard bytes.starts(with: [0xFF, 0x0A]) else { throw .malformed("codestream without its signature", offset: box.payloadOffset + skip) }
                try readHeader(Array(bytes.dropFirst(2)), at: box.payloadOffset + skip + 2, into: &metadata)
                codestream = true
            case "Exif" where box.payloadSize > 4 && box.payloadSize <= maxMetadata:
                let payload = try ISOBMFF.payload(of: box, in: file, limit: box.payloadSize)
                let start = 4 + Int(try payload.u32(at: 0))
                if start < box.payloadSize, let parsed = try? TIFFReader.parseExif(try payload.slice(start, box.payloadSize - start),
                                                                                    base: box.payloadOffset + start) {
                    exif = parsed
                }
            case "xml " where box.payloadSize <= maxMetadata:
                xmp.fillGaps(from: XMPReader.parse(try ISOBMFF.payload(of: box, in: file, limit: box.payloadSize).slice(0, box.payloadSize)))
            default:
                continue
            }
        }
        guard codestream else { throw .incomplete("no codestream box in the file (\(file.size) bytes)") }
        // The codestream's orientation is the one libjxl applies; EXIF's size is not the image's.
        exif.width = nil
        exif.height = nil
        exif.orientation = nil
        metadata.fillGaps(from: exif)
        metadata.fillGaps(from: xmp)
        return MetadataReading(metadata)
    }

    /// The `SizeHeader` (and the orientation of `ImageMetadata` after it) from the codestream's bytes
    /// after its signature, which begin at file offset `offset`.
    static func readHeader(_ bytes: [UInt8], at offset: Int, into metadata: inout MediaMetadata) throws(MetadataError) {
        var bits = Bits(bytes: bytes, offset: offset)
        let small = try bits.read(1) == 1
        let height = small ? (try bits.read(5) + 1) * 8 : try bits.size()
        let ratio = try bits.read(3)
        let width: Int
        switch ratio {
        case 0: width = small ? (try bits.read(5) + 1) * 8 : try bits.size()
        default:
            let (numerator, denominator) = [(1, 1), (12, 10), (4, 3), (3, 2), (16, 9), (5, 4), (2, 1)][ratio - 1]
            width = height * numerator / denominator
        }
        guard width <= MediaMetadata.maxSide, height <= MediaMetadata.maxSide else {
            throw .malformed("JPEG XL size \(width)x\(height)", offset: offset)
        }
        metadata.width = width
        metadata.height = height
        // ImageMetadata: all_default, then extra_fields, then the orientation (1 + 3 bits).
        if try bits.read(1) == 0, try bits.read(1) == 1 {
            metadata.orientation = try bits.read(3) + 1
        } else {
            metadata.orientation = 1
        }
    }

    /// The codestream's bits, least significant first.
    private struct Bits {
        let bytes: [UInt8]
        let offset: Int
        var position = 0

        mutating func read(_ count: Int) throws(MetadataError) -> Int {
            var value = 0
            for index in 0 ..< count {
                let byte = position / 8
                guard byte < bytes.count else { throw .truncated(offset: offset + byte, needed: 1) }
                value |= Int(bytes[byte] >> UInt8(position % 8) & 1) << index
                position += 1
            }
            return value
        }

        /// A side that is not a multiple of 8 up to 256: U32(1 + u(9), 1 + u(13), 1 + u(18), 1 + u(30)).
        mutating func size() throws(MetadataError) -> Int {
            let selector = try read(2)
            return 1 + (try read([9, 13, 18, 30][selector]))
        }
    }
}
