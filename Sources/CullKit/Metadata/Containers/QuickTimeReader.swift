/// Reads QuickTime and ISO-BMFF movies (MOV, MP4, M4V, 3GP) from the `moov` box.
///
/// Top-level boxes are walked with `pread`, so a `moov` after gigabytes of `mdat` costs a
/// few small reads; `mdat` and the sample tables are never read. Fills duration and
/// creation time (`mvhd`), the first video track's size and rotation (`tkhd`), and the
/// Apple `mdta` keys and `udta` text atoms (see ``QuickTimeTags``). The format itself is
/// left to the sniffer, which reads the `ftyp` brands.
enum QuickTimeReader {
    /// Seconds from 1904-01-01 (the QuickTime epoch) to 1970-01-01.
    static let epochOffset: Int64 = 2_082_844_800
    /// The largest leaf box (mvhd, tkhd, keys, one ilst item, ...) read into memory.
    static let maxLeafSize = 1 << 20

    static func read(_ file: MediaFile, head: [UInt8]) throws(MetadataError) -> MediaMetadata {
        guard let moov = try ISOBMFF.topLevelBox("moov", in: file) else { throw .malformed("no moov box", offset: 0) }
        return try parseMovie(moov, in: file)
    }

    /// Parses a `moov` box whose bytes are reachable through `source`.
    static func parseMovie(_ moov: ISOBox, in source: some BoxSource) throws(MetadataError) -> MediaMetadata {
        var movie = MediaMetadata()
        var tags = MediaMetadata()
        var userData = MediaMetadata()
        for box in try ISOBMFF.children(of: moov, in: source, depth: 1) {
            switch box.type {
            case "mvhd":
                try parseMovieHeader(try leaf(box, source), into: &movie)
            case "trak" where movie.width == nil:
                try parseTrack(box, source, into: &movie)
            // Tags are optional extras: a damaged or exotic tag box must not make a playable
            // movie unreadable, so their errors are dropped.
            case "meta":
                if let found = try? QuickTimeTags.parseMeta(box, source, depth: 2) { tags.fillGaps(from: found) }
            case "udta":
                if let found = try? QuickTimeTags.parseUserData(box, source, depth: 2) { userData.fillGaps(from: found) }
            default:
                continue
            }
        }
        // Apple's mdta keys win over udta text atoms, which win over the mvhd time.
        tags.fillGaps(from: userData)
        tags.fillGaps(from: movie)
        return tags
    }

    /// The payload of a small box, refusing boxes larger than ``maxLeafSize``.
    static func leaf(_ box: ISOBox, _ source: some BoxSource) throws(MetadataError) -> ByteReader {
        guard box.payloadSize <= maxLeafSize else {
            throw .malformed("'\(box.type)' box too large", offset: box.offset)
        }
        return try ISOBMFF.payload(of: box, in: source, limit: maxLeafSize)
    }

    /// `mvhd`: creation time (UTC since 1904) and duration.
    private static func parseMovieHeader(_ payload: ByteReader, into movie: inout MediaMetadata) throws(MetadataError) {
        var reader = payload
        let version = try reader.u8()
        try reader.skip(3)
        let created: UInt64, timescale: UInt32, duration: UInt64
        if version == 1 {
            created = try reader.u64()
            try reader.skip(8)
            timescale = try reader.u32()
            duration = try reader.u64()
        } else {
            created = UInt64(try reader.u32())
            try reader.skip(4)
            timescale = try reader.u32()
            let short = try reader.u32()
            duration = short == .max ? .max : UInt64(short)
        }
        if created != 0, created < UInt64(Int64.max / 2) {
            movie.quickTimeDate = CaptureDate(local: Int64(created) - epochOffset, offsetMinutes: 0)
        }
        if timescale > 0, duration != .max {
            movie.duration = Double(duration) / Double(timescale)
        }
    }

    /// `trak`: when its `mdia/hdlr` says `vide`, the `tkhd` size and rotation.
    private static func parseTrack(_ trak: ISOBox, _ source: some BoxSource, into movie: inout MediaMetadata) throws(MetadataError) {
        let boxes = try ISOBMFF.children(of: trak, in: source, depth: 2)
        guard let tkhd = boxes.first(where: { $0.type == "tkhd" }),
              let mdia = boxes.first(where: { $0.type == "mdia" }) else { return }
        let media = try ISOBMFF.children(of: mdia, in: source, depth: 3)
        guard let hdlr = media.first(where: { $0.type == "hdlr" }),
              try handlerType(hdlr, source) == "vide" else { return }
        var reader = try leaf(tkhd, source)
        let version = try reader.u8()
        try reader.skip(3 + (version == 1 ? 32 : 20)) // times, track id, reserved, duration
        try reader.skip(16) // reserved, layer, alternate group, volume, reserved
        var matrix: [Int32] = []
        for _ in 0 ..< 9 { matrix.append(Int32(bitPattern: try reader.u32())) }
        let width = (Int(try reader.u32()) + 0x8000) >> 16, height = (Int(try reader.u32()) + 0x8000) >> 16
        guard width > 0, height > 0 else { return }
        movie.width = width
        movie.height = height
        movie.orientation = orientation(a: matrix[0], b: matrix[1], c: matrix[3], d: matrix[4])
    }

    /// The EXIF orientation for a `tkhd` matrix: clockwise 90° → 6, 180° → 3, 270° → 8.
    static func orientation(a: Int32, b: Int32, c: Int32, d: Int32) -> Int {
        if a == 0, d == 0 {
            if b > 0, c < 0 { return 6 }
            if b < 0, c > 0 { return 8 }
        } else if b == 0, c == 0, a < 0, d < 0 {
            return 3
        }
        return 1
    }

    /// The handler type of an `hdlr` box ('vide', 'soun', 'mdta', 'pict', ...).
    static func handlerType(_ hdlr: ISOBox, _ source: some BoxSource) throws(MetadataError) -> String {
        var reader = try ISOBMFF.payload(of: hdlr, in: source, limit: 12)
        try reader.skip(8) // version/flags, pre_defined (QuickTime component type)
        return try reader.fourCC()
    }
}
