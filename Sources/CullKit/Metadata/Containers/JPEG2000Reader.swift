/// Reads JPEG 2000: a JP2 file's boxes (the size from `jp2h/ihdr`, EXIF from the `JpgTiffExif->JP2`
/// UUID box, XMP from Adobe's UUID box or an `xml ` box) or a bare codestream (the size from its
/// `SIZ` marker). A codestream must end with its `EOC` marker, and a JP2 must hold one: a file that
/// does not was cut.
enum JPEG2000Reader {
    static let exifUUID = Array("JpgTiffExif->JP2".utf8)
    static let xmpUUID: [UInt8] = [0xBE, 0x7A, 0xCF, 0xCB, 0x97, 0xA9, 0x42, 0xE8, 0x9C, 0x71, 0x99, 0x94, 0x91, 0xE3, 0xAF, 0xAC]
    /// The largest metadata box read into memory.
    static let maxMetadata = 4 << 20

    static func read(_ file: MediaFile, head: [UInt8]) throws(MetadataError) -> MetadataReading {
        if head.starts(with: [0xFF, 0x4F, 0xFF, 0x51]) {
            var metadata = MediaMetadata()
            try readSIZ(file, at: 0, into: &metadata)
            return MetadataReading(metadata, problem: try endOfCodestream(file, end: file.size))
        }
        var metadata = MediaMetadata(), exif = MediaMetadata(), xmp = MediaMetadata()
        var problem: MetadataError?
        var codestream = false
        for box in try ISOBoxes.topLevel(file) {
            switch box.type {
            case "jp2h":
                for child in try ISOBMFF.children(of: box, in: file, depth: 1) where child.type == "ihdr" {
                    let ihdr = try ISOBMFF.payload(of: child, in: file, limit: 8)
                    let height = Int(try ihdr.u32(at: 0)), width = Int(try ihdr.u32(at: 4))
                    guard width > 0, height > 0, width <= MediaMetadata.maxSide, height <= MediaMetadata.maxSide else {
                        throw .malformed("JP2 size \(width)x\(height)", offset: child.payloadOffset)
                    }
                    metadata.width = width
                    metadata.height = height
                }
            case "uuid" where box.payloadSize > 16 && box.payloadSize <= maxMetadata + 16:
                let payload = try ISOBMFF.payload(of: box, in: file, limit: box.payloadSize)
                let uuid = try payload.slice(0, 16), body = try payload.slice(16, box.payloadSize - 16)
                if uuid.elementsEqual(exifUUID) {
                    let tiff = body.starts(with: Array("Exif\0\0".utf8)) ? body.dropFirst(6) : body
                    if let parsed = try? TIFFReader.parseExif(tiff, base: box.end - tiff.count) { exif = parsed }
                } else if uuid.elementsEqual(xmpUUID) {
                    xmp = XMPReader.parse(body)
                }
            case "xml " where box.payloadSize <= maxMetadata:
                let found = XMPReader.parse(try ISOBMFF.payload(of: box, in: file, limit: box.payloadSize).slice(0, box.payloadSize))
                xmp.fillGaps(from: found)
            case "jp2c":
                codestream = true
                if metadata.width == nil { try readSIZ(file, at: box.payloadOffset, into: &metadata) }
                if problem == nil { problem = try endOfCodestream(file, end: box.end) }
            default:
                continue
            }
        }
        exif.width = nil
        exif.height = nil
        metadata.fillGaps(from: exif)
        metadata.fillGaps(from: xmp)
        // Every JP2 holds its codestream: a file that ends before one was cut.
        if !codestream, problem == nil { problem = .incomplete("no codestream (jp2c) box: the file ends at byte \(file.size)") }
        return MetadataReading(metadata, problem: problem)
    }

    /// The image size of the `SIZ` marker that follows the codestream's `SOC` at `offset`.
    private static func readSIZ(_ file: MediaFile, at offset: Int, into metadata: inout MediaMetadata) throws(MetadataError) {
        let siz = try file.reader(at: offset, count: 24)
        guard try siz.u32(at: 0) == 0xFF4F_FF51 else { throw .malformed("no SIZ marker after the codestream's start", offset: offset) }
        let width = Int(try siz.u32(at: 8)) - Int(try siz.u32(at: 16))
        let height = Int(try siz.u32(at: 12)) - Int(try siz.u32(at: 20))
        guard width > 0, height > 0, width <= MediaMetadata.maxSide, height <= MediaMetadata.maxSide else {
            throw .malformed("JPEG 2000 size \(width)x\(height)", offset: offset + 8)
        }
        metadata.width = width
        metadata.height = height
    }

    /// The damage of a codestream ending at `end` without its `EOC` marker (FF D9).
    private static func endOfCodestream(_ file: MediaFile, end: Int) throws(MetadataError) -> MetadataError? {
        guard end <= file.size else { return nil } // a box cut short: the box walk names it
        let last = try file.read(at: end - 2, count: 2)
        return last == [0xFF, 0xD9] ? nil : .incomplete("the codestream ends at byte \(end) without its end marker (EOC)")
    }
}

/// The top-level boxes of an ISO-BMFF-style file (JPEG 2000, JPEG XL) that lie whole in the file: the
/// walk stops at the first one cut (``ISOBMFF/requireTopLevelBoxesInFile(_:)`` names it).
enum ISOBoxes {
    static func topLevel(_ file: MediaFile) throws(MetadataError) -> [ISOBox] {
        var boxes: [ISOBox] = []
        var offset = 0
        while file.size - offset >= 8, boxes.count < ISOBMFF.maxTopLevelChecked {
            let reader = try file.reader(at: offset, count: 16)
            let size32 = try reader.u32(at: 0)
            let size: UInt64 = size32 == 0 ? UInt64(file.size - offset) : size32 == 1 ? (reader.count >= 16 ? try reader.u64(at: 8) : .max) : UInt64(size32)
            guard size <= UInt64(file.size - offset) else { break }
            let box = try ISOBMFF.header(file, at: offset, end: file.size)
            boxes.append(box)
            offset = box.end
        }
        guard !boxes.isEmpty else { throw .truncated(offset: 0, needed: 8) }
        return boxes
    }
}
