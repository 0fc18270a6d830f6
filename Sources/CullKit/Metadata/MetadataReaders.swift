/// Entry point of the metadata layer: sniffs the container from its magic bytes and
/// hands the file to the one reader for that format.
///
/// Readers see header bytes only (never pixels) and throw ``MetadataError`` on anything
/// they cannot parse; the scanner records that as `broken` and goes on.
public enum MetadataReaders {
    /// How many bytes are read up front to sniff the format (and often parse it whole).
    static let headSize = 64 * 1024

    /// Reads the metadata of the media file at `path`.
    public static func read(path: String) throws(MetadataError) -> MediaMetadata {
        try read(MediaFile(path: path))
    }

    /// Reads the metadata of the media file whose path is the raw bytes `pathBytes`.
    public static func read(pathBytes: [UInt8]) throws(MetadataError) -> MediaMetadata {
        try read(MediaFile(pathBytes: pathBytes))
    }

    static func read(_ file: MediaFile) throws(MetadataError) -> MediaMetadata {
        // A read that failed (EIO, ...) makes the file unreadable, whatever the reader made of
        // the bytes it did not get: damage is only claimed from bytes that were actually read.
        let metadata: MediaMetadata
        do {
            metadata = try readFormat(file)
        } catch {
            if let failure = file.readFailure { throw .io(failure) }
            throw error
        }
        if let failure = file.readFailure { throw .io(failure) }
        return metadata
    }

    private static func readFormat(_ file: MediaFile) throws(MetadataError) -> MediaMetadata {
        let head = try file.read(at: 0, count: headSize)
        let named = RawFormats.format(forName: file.path.utf8)
        guard let format = sniff(head) else {
            // A RAW name with a magic Cull does not know: LibRaw also tells formats by their size.
            guard let named else { throw .unrecognized }
            return try LibRawReader.read(file, format: named)
        }
        var metadata: MediaMetadata
        switch format {
        case .jpeg: metadata = try JPEGReader.read(file, head: head)
        case .png: metadata = try PNGReader.read(file, head: head)
        case .gif: metadata = try GIFReader.read(file, head: head)
        case .webp: metadata = try WebPReader.read(file, head: head)
        case .heic, .avif:
            try ISOBMFF.requireTopLevelBoxesInFile(file)
            metadata = try HEIFReader.read(file, head: head)
        case .mov, .mp4, .m4v, .threeGP:
            try ISOBMFF.requireTopLevelBoxesInFile(file)
            metadata = try QuickTimeReader.read(file, head: head)
        case .cr3:
            try ISOBMFF.requireTopLevelBoxesInFile(file)
            metadata = try LibRawReader.read(file, format: format)
        case .crw, .raf, .mrw, .iiq, .ari: metadata = try LibRawReader.read(file, format: format)
        case .x3f: metadata = try X3FHeader.read(head)
        case .tiff, .dng, .cr2, .nef, .arw, .orf, .rw2, .pef, .srw, .threeFR, .fff, .erf, .kdc, .dcr, .mef, .mos:
            // A TIFF structure named as one of LibRaw's formats (an IIQ) is LibRaw's to read.
            if let named, RawFormats.readByLibRaw.contains(named) {
                metadata = try LibRawReader.read(file, format: named)
            } else {
                metadata = try RawReader.read(file, head: head)
            }
        }
        if metadata.format == nil { metadata.format = format }
        return metadata
    }

    /// The format named by the first bytes of a file, or `nil` when Cull does not read it.
    public static func sniff(_ head: [UInt8]) -> MediaFormat? {
        func at(_ offset: Int, _ ascii: String) -> Bool {
            // Latin-1, not UTF-8: the PNG signature's "\u{89}" is the single byte 0x89.
            let pattern = ascii.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) }
            guard head.count >= offset + pattern.count else { return false }
            return head[offset ..< offset + pattern.count].elementsEqual(pattern)
        }
        if head.count >= 3, head[0] == 0xFF, head[1] == 0xD8, head[2] == 0xFF { return .jpeg }
        if at(0, "\u{89}PNG\r\n\u{1A}\n") { return .png }
        if at(0, "GIF87a") || at(0, "GIF89a") { return .gif }
        if at(0, "RIFF"), at(8, "WEBP") { return .webp }
        if at(4, "ftyp") { return isoBrand(head) }
        if at(4, "moov") || at(4, "mdat") || at(4, "wide") || at(4, "free") || at(4, "skip") { return .mov }
        if at(0, "II*\0") {
            if at(8, "CR") { return .cr2 }
            return .tiff // DNG, NEF and ARW are told apart by RawReader from their tags.
        }
        if at(0, "MM\0*") { return .tiff }
        if at(0, "FUJIFILMCCD-RAW") { return .raf }
        if (at(0, "II") || at(0, "MM")), at(6, "HEAPCCDR") { return .crw }
        if at(0, "\0MRM") { return .mrw }
        if at(0, "FOVb") { return .x3f }
        if at(0, "IIII") || at(0, "MMMM") { return .iiq }
        if at(0, "ARRI\u{12}\u{34}\u{56}\u{78}") { return .ari }
        if at(0, "IIRO") || at(0, "IIRS") || at(0, "MMOR") { return .orf }
        if at(0, "IIU\0") { return .rw2 }
        return nil
    }

    /// Maps an ISO-BMFF `ftyp` major/compatible brand to a format.
    static func isoBrand(_ head: [UInt8]) -> MediaFormat? {
        guard head.count >= 12 else { return nil }
        var brands = [String(decoding: head[8 ..< 12], as: UTF8.self)]
        let boxSize = head.count >= 4 ? Int(head[0]) << 24 | Int(head[1]) << 16 | Int(head[2]) << 8 | Int(head[3]) : 0
        var offset = 16
        while offset + 4 <= min(boxSize, head.count) {
            brands.append(String(decoding: head[offset ..< offset + 4], as: UTF8.self))
            offset += 4
        }
        // AVIF files often carry major brand "mif1" with "avif" only among the compatible brands.
        if brands.contains("avif") || brands.contains("avis") { return .avif }
        // Canon's CR3 is an ISO-BMFF file of major brand "crx ".
        if brands[0] == "crx " { return .cr3 }
        for brand in brands {
            switch brand {
            case "heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1": return .heic
            case "qt  ": return .mov
            case "M4V ", "M4VH", "M4VP": return .m4v
            case "3gp4", "3gp5", "3gp6", "3g2a", "3ge6", "3gg6": return .threeGP
            case "isom", "iso2", "iso4", "iso5", "iso6", "mp41", "mp42", "avc1", "dash", "MSNV", "M4A ": return .mp4
            default: continue
            }
        }
        return nil
    }
}
