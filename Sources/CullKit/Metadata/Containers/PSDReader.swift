/// Reads Photoshop documents (PSD, and PSB for large ones): the size from the header, and from the
/// image resources the EXIF (0x0422, → ``TIFFReader``), XMP (0x0424, → ``XMPReader``) and IPTC
/// (0x0404, → ``IPTCReader``) Photoshop keeps. Every section is walked by its length, never read
/// whole; a section or the composite image that runs past the end of the file is damage, with what
/// the sections before it said.
enum PSDReader {
    /// The largest resource read into memory.
    static let maxResource = 4 << 20
    /// Resources walked at most.
    static let maxResources = 10_000

    static func read(_ file: MediaFile, head: [UInt8]) throws(MetadataError) -> MetadataReading {
        let header = try file.reader(at: 0, count: 26)
        let large = try header.u16(at: 4) == 2
        let height = Int(try header.u32(at: 14)), width = Int(try header.u32(at: 18))
        let channels = Int(try header.u16(at: 12)), depth = Int(try header.u16(at: 22))
        guard width > 0, height > 0, width <= MediaMetadata.maxSide, height <= MediaMetadata.maxSide else {
            throw .malformed("PSD size \(width)x\(height)", offset: 14)
        }
        var metadata = MediaMetadata()
        metadata.width = width
        metadata.height = height
        func cut(_ what: String, _ start: Int, _ end: Int) -> MetadataReading {
            MetadataReading(metadata, problem: .incomplete("the \(what) at byte \(start) ends at byte \(end), past the end of the file (\(file.size) bytes)"))
        }
        // Colour mode data, then the image resources.
        let colourMode = 26
        let colourModeEnd = colourMode + 4 + Int(try file.reader(at: colourMode, count: 4).u32(at: 0))
        guard colourModeEnd + 4 <= file.size else { return cut("colour mode data", colourMode, colourModeEnd + 4) }
        let resourcesLength = Int(try file.reader(at: colourModeEnd, count: 4).u32(at: 0))
        let resourcesEnd = colourModeEnd + 4 + resourcesLength
        guard resourcesEnd <= file.size else { return cut("image resources section", colourModeEnd, resourcesEnd) }
        var found = MediaMetadata()
        try readResources(file, from: colourModeEnd + 4, to: resourcesEnd, into: &found)
        metadata.fillGaps(from: found)
        metadata.width = width
        metadata.height = height
        // The layers, then the composite image other applications show.
        let lengthBytes = large ? 8 : 4
        guard resourcesEnd + lengthBytes <= file.size else { return cut("layer and mask section", resourcesEnd, resourcesEnd + lengthBytes) }
        let layers = try file.reader(at: resourcesEnd, count: lengthBytes)
        let layersLength = large ? try layers.u64(at: 0) : UInt64(try layers.u32(at: 0))
        guard layersLength <= UInt64(file.size) else { return cut("layer and mask section", resourcesEnd, file.size + 1) }
        let image = resourcesEnd + lengthBytes + Int(layersLength)
        guard image + 2 <= file.size else { return cut("layer and mask section", resourcesEnd, image + 2) }
        let compression = try file.reader(at: image, count: 2).u16(at: 0)
        let rows = channels * height
        switch compression {
        case 0: // raw
            let end = image + 2 + rows * ((width * depth + 7) / 8)
            if end > file.size { return cut("composite image", image, end) }
        case 1: // PackBits: a table of each row's length, then the rows
            let countBytes = large ? 4 : 2
            let tableEnd = image + 2 + rows * countBytes
            guard tableEnd <= file.size else { return cut("composite image's row table", image + 2, tableEnd) }
            let table = try file.reader(at: image + 2, count: rows * countBytes)
            var end = tableEnd
            for row in 0 ..< rows { end += large ? Int(try table.u32(at: row * 4)) : Int(try table.u16(at: row * 2)) }
            if end > file.size { return cut("composite image", image, end) }
        default: // ZIP: to the end of the file
            break
        }
        return MetadataReading(metadata)
    }

    /// The EXIF, XMP and IPTC resources between `start` and `end`: EXIF first, then XMP, then IPTC.
    private static func readResources(_ file: MediaFile, from start: Int, to end: Int, into metadata: inout MediaMetadata) throws(MetadataError) {
        var exif = MediaMetadata(), xmp = MediaMetadata(), iptc = MediaMetadata()
        var offset = start, count = 0
        while end - offset >= 12, count < maxResources {
            count += 1
            let header = try file.reader(at: offset, count: 8)
            let id = try header.u16(at: 4)
            let nameLength = Int(try header.slice(6, 1).first ?? 0)
            let nameField = (1 + nameLength + 1) & ~1 // a Pascal string padded to an even length
            let sizeAt = offset + 6 + nameField
            guard sizeAt + 4 <= end else { throw .malformed("image resource 0x\(String(id, radix: 16)) past its section", offset: offset) }
            let size = Int(try file.reader(at: sizeAt, count: 4).u32(at: 0))
            let data = sizeAt + 4
            guard size <= end - data else { throw .malformed("image resource 0x\(String(id, radix: 16)) past its section", offset: offset) }
            if size <= maxResource {
                switch id {
                case 0x0422:
                    var bytes = try file.read(at: data, count: size)[...]
                    if bytes.starts(with: Array("Exif\0\0".utf8)) { bytes = bytes.dropFirst(6) }
                    if let parsed = try? TIFFReader.parseExif(bytes, base: data + size - bytes.count) { exif = parsed }
                case 0x0424: xmp = XMPReader.parse(try file.read(at: data, count: size)[...])
                case 0x0404: IPTCReader.records(try file.read(at: data, count: size)[...], into: &iptc)
                default: break
                }
            }
            offset = data + size + size % 2
        }
        // EXIF's size is the document's (read from the header), never the EXIF block's.
        exif.width = nil
        exif.height = nil
        metadata.fillGaps(from: exif)
        metadata.fillGaps(from: xmp)
        metadata.fillGaps(from: iptc)
    }
}
