import CFFmpeg

/// Entry point of the metadata layer: sniffs the container from its magic bytes and
/// hands the file to the one reader for that format.
///
/// Readers see header bytes only (never pixels). What they find is a ``MetadataReading``: the
/// metadata, and what stands against the file: damage Cull's own readers found (the scanner records
/// the file as `broken`, with what was read before the damage), a decoder's refusal (`declined`), or
/// a read that failed (`unreadable`).
public enum MetadataReaders {
    /// How many bytes are read up front to sniff the format (and often parse it whole).
    static let headSize = 64 * 1024
    /// A RAW-named file shorter than this holds no RAW format's header.
    static let shortestRaw = 16

    /// Reads the metadata of the media file at `path`; throws whatever stands against the file.
    public static func read(path: String) throws(MetadataError) -> MediaMetadata {
        try reading(MediaFile(path: path)).get()
    }

    /// Reads the metadata of the media file whose path is the raw bytes `pathBytes`; throws whatever
    /// stands against the file.
    public static func read(pathBytes: [UInt8]) throws(MetadataError) -> MediaMetadata {
        try reading(MediaFile(pathBytes: pathBytes)).get()
    }

    static func read(_ file: MediaFile) throws(MetadataError) -> MediaMetadata {
        try reading(file).get()
    }

    /// What reading the file at `path` gives: its metadata, and what stands against it.
    public static func reading(path: String) -> MetadataReading {
        reading(pathBytes: Array(path.utf8))
    }

    /// What reading the file whose path is the raw bytes `pathBytes` gives.
    public static func reading(pathBytes: [UInt8]) -> MetadataReading {
        do throws(MetadataError) {
            return reading(try MediaFile(pathBytes: pathBytes))
        } catch {
            return MetadataReading(failed: error)
        }
    }

    static func reading(_ file: MediaFile) -> MetadataReading {
        var result: MetadataReading
        do throws(MetadataError) {
            result = try readFormat(file)
        } catch {
            result = MetadataReading(failed: error)
        }
        // A read that failed (EIO, ...) makes the file unreadable, whatever the reader made of
        // the bytes it did not get: damage is only claimed from bytes that were actually read.
        if let failure = file.readFailure { return MetadataReading(failed: .io(failure)) }
        return result
    }

    private static func readFormat(_ file: MediaFile) throws(MetadataError) -> MetadataReading {
        let head = try file.read(at: 0, count: headSize)
        let named = RawFormats.format(forName: file.path.utf8)
        guard let format = sniff(head) else {
            guard let named else { throw .unrecognized }
            return try readUnknown(file, head: head, named: named)
        }
        var reading: MetadataReading
        switch format {
        case .jpeg: reading = try JPEGReader.read(file, head: head)
        case .png: reading = try PNGReader.read(file, head: head)
        case .gif: reading = try GIFReader.read(file, head: head)
        case .webp: reading = try WebPReader.read(file, head: head)
        case .heic, .avif:
            reading = try checkingBoxes(file) { () throws(MetadataError) -> MetadataReading in try HEIFReader.read(file, head: head) }
        case .mov, .mp4, .m4v, .threeGP:
            reading = try checkingBoxes(file) { () throws(MetadataError) -> MetadataReading in
                MetadataReading(try QuickTimeReader.read(file, head: head))
            }
        case .cr3:
            // Cull's own reading judges damage; LibRaw's only says whether it can decode the file (and fills gaps).
            reading = try CR3Reader.read(file)
            if reading.problem == nil { reading = try LibRawReader.confirm(reading, file, format: .cr3) }
        case .raf:
            reading = try RAFReader.read(file, head: head)
            if reading.problem == nil { reading = try LibRawReader.confirm(reading, file, format: .raf) }
        case .crw, .mrw, .iiq, .ari: reading = try LibRawReader.reading(file, format: format)
        case .x3f: reading = try X3FReader.read(file, head: head)
        case .kyocera: reading = KyoceraReader.read(file, head: head)
        case .avi, .mkv, .webm, .wmv, .mpg, .m2ts: reading = try FFmpegReader.read(file, head: head, format: format)
        case .bmp: reading = try BMPReader.read(file, head: head)
        case .psd: reading = try PSDReader.read(file, head: head)
        case .jxl where head.first == 0xFF: reading = try JXLReader.read(file, head: head)
        case .jxl: reading = try checkingBoxes(file) { () throws(MetadataError) -> MetadataReading in try JXLReader.read(file, head: head) }
        case .jp2 where head.first == 0xFF: reading = try JPEG2000Reader.read(file, head: head)
        case .jp2: reading = try checkingBoxes(file) { () throws(MetadataError) -> MetadataReading in try JPEG2000Reader.read(file, head: head) }
        case .tiff, .dng, .cr2, .nef, .arw, .orf, .rw2, .pef, .srw, .threeFR, .fff, .erf, .kdc, .dcr, .mef, .mos:
            // A TIFF structure named as one of LibRaw's formats (an IIQ) is LibRaw's to read.
            if let named, RawFormats.readByLibRaw.contains(named) {
                reading = try LibRawReader.reading(file, format: named)
            } else {
                reading = try RawReader.read(file, head: head)
            }
        }
        if reading.metadata.format == nil { reading.metadata.format = format }
        return reading
    }

    /// A RAW-named file whose first bytes are no format Cull knows: LibRaw also tells formats by
    /// their size, so it decides, unless the file plainly holds no header at all (empty, a few bytes,
    /// nothing but zeros: a copy never written) or is an ISO-BMFF file cut in its boxes.
    private static func readUnknown(_ file: MediaFile, head: [UInt8], named: MediaFormat) throws(MetadataError) -> MetadataReading {
        guard file.size > 0 else { throw .incomplete("the file is empty") }
        guard file.size >= shortestRaw else {
            throw .incomplete("the file ends at byte \(file.size), too short for the header of any RAW format")
        }
        if head.allSatisfy({ $0 == 0 }) {
            throw .malformed("nothing but zero bytes where the \(named.rawValue.uppercased()) header should be "
                             + "(the first \(head.count) bytes)", offset: 0)
        }
        if head.count >= 8, head[4 ..< 8].elementsEqual("ftyp".utf8) { try ISOBMFF.requireTopLevelBoxesInFile(file) }
        return try LibRawReader.reading(file, format: named)
    }

    /// Reads with `read`, then checks that no top-level box runs past the end of the file: a cut file
    /// keeps what was read before the cut, and the cut box is the reason (the clearest one); when the
    /// reader failed as well, the cut is the reason too.
    private static func checkingBoxes(
        _ file: MediaFile, _ read: () throws(MetadataError) -> MetadataReading
    ) throws(MetadataError) -> MetadataReading {
        var cut: MetadataError?
        do throws(MetadataError) {
            try ISOBMFF.requireTopLevelBoxesInFile(file)
        } catch where error.isDamage {
            cut = error
        }
        do throws(MetadataError) {
            var reading = try read()
            reading.problem = cut ?? reading.problem
            return reading
        } catch where error.isDamage {
            throw cut ?? error
        }
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
        if KyoceraReader.matches(head) { return .kyocera }
        return sniffMore(head, at)
    }

    /// The video containers FFmpeg reads and the still formats it decodes, by their own marks.
    private static func sniffMore(_ head: [UInt8], _ at: (Int, String) -> Bool) -> MediaFormat? {
        if at(0, "RIFF"), at(8, "AVI ") { return .avi }
        if at(0, "\u{1A}\u{45}\u{DF}\u{A3}") {
            // The EBML header names its DocType ("matroska" or "webm") in its first few dozen bytes.
            let header = head.prefix(64)
            return header.firstRange(of: Array("webm".utf8)) != nil ? .webm : .mkv
        }
        if head.starts(with: asfHeaderGUID) { return .wmv }
        if at(0, "\0\0\u{01}\u{BA}") || at(0, "\0\0\u{01}\u{B3}") { return .mpg }
        // MPEG-TS: a sync byte every 188 bytes; AVCHD's M2TS puts a 4-byte time stamp before each packet.
        if head.count > 188, head[0] == 0x47, head[188] == 0x47 { return .m2ts }
        if head.count > 196, head[4] == 0x47, head[196] == 0x47 { return .m2ts }
        if at(0, "8BPS"), head.count >= 6, head[4] == 0, head[5] == 1 || head[5] == 2 { return .psd }
        if at(0, "\u{FF}\u{0A}") || at(0, "\0\0\0\u{0C}JXL \r\n\u{87}\n") { return .jxl }
        if at(0, "\0\0\0\u{0C}jP  \r\n\u{87}\n") || at(0, "\u{FF}\u{4F}\u{FF}\u{51}") { return .jp2 }
        // "BM" alone is two letters of text: the size of the info header that follows must be one of BMP's.
        if at(0, "BM"), head.count >= 18, [12, 40, 52, 56, 64, 108, 124].contains(Int(head[14]) | Int(head[15]) << 8), head[16] == 0, head[17] == 0 {
            return .bmp
        }
        return nil
    }

    /// The GUID that begins every ASF file (Windows Media `.wmv`, `.asf`).
    static let asfHeaderGUID: [UInt8] = [0x30, 0x26, 0xB2, 0x75, 0x8E, 0x66, 0xCF, 0x11, 0xA6, 0xD9, 0x00, 0xAA, 0x00, 0x62, 0xCE, 0x6C]

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
        // Canon's CR3 is an ISO-BMFF file of brand "crx " (major and compatible).
        if brands.contains("crx ") { return .cr3 }
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

extension MetadataReaders {
    /// The decoders whose refusals make files *declined* ("LibRaw 0.20.2, FFmpeg 59.27"): when they
    /// change, the scan reads those files again. FFmpeg's is the libavformat Cull was built against (its
    /// soname is that major's), named without opening it: a scan that meets no video of FFmpeg's never loads it.
    public static var decoders: String { "LibRaw \(LibRawReader.version), FFmpeg \(LIBAVFORMAT_VERSION_MAJOR).\(LIBAVFORMAT_VERSION_MINOR)" }
}
