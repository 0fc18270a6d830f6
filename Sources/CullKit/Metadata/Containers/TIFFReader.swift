/// Reads EXIF metadata from a TIFF structure: IFD0, the Exif sub-IFD, the GPS IFD and
/// (when present) Apple's MakerNote. Used for EXIF blocks embedded in JPEG, PNG, WebP and
/// HEIC, and by ``RawReader`` for TIFF-based files.
///
/// Only a broken header throws: an unreadable tag, sub-IFD or value is skipped.
enum TIFFReader {
    /// Everything one TIFF parse learned, including the raw facts ``RawReader`` needs to pick
    /// a format and a pixel size.
    struct Details {
        var metadata = MediaMetadata()
        var magic: UInt16 = 42
        var ifd0Width: Int?
        var ifd0Height: Int?
        var exifWidth: Int?
        var exifHeight: Int?
        /// The largest full-resolution (NewSubfileType 0) image among IFD0 and its SubIFDs.
        var fullWidth: Int?
        var fullHeight: Int?
        /// Panasonic RW2 sensor size, cropped by its borders when they are given.
        var sensorWidth: Int?
        var sensorHeight: Int?
        var isDNG = false
        /// The strip or tile of IFD0, its SubIFDs and the IFDs chained after it that ends last
        /// (files only): past the end of the file means the file was cut.
        var imageData: ImageData?
    }

    /// One strip or tile of image data, and the IFD that names it ("IFD0", "SubIFD 1", "IFD3").
    struct ImageData: Equatable {
        var start: Int
        var end: Int
        var tile: Bool
        var ifd: String

        /// The one of `a` and `b` that ends last.
        static func last(_ a: ImageData?, _ b: ImageData?) -> ImageData? {
            guard let a else { return b }
            guard let b else { return a }
            return b.end > a.end ? b : a
        }
    }

    /// Parses an in-memory TIFF structure (an EXIF block: "II*\0" or "MM\0*" header, IFD0,
    /// Exif sub-IFD, GPS IFD). `base` is the absolute file offset of `bytes[0]`, for errors.
    static func parseExif(_ bytes: ArraySlice<UInt8>, base: Int) throws(MetadataError) -> MediaMetadata {
        let details = try parse(TIFFSource(bytes, base: base))
        var metadata = details.metadata
        if let width = details.exifWidth ?? details.ifd0Width, let height = details.exifHeight ?? details.ifd0Height {
            metadata.width = width
            metadata.height = height
        }
        return metadata
    }

    /// Parses the TIFF structure at offset 0 of `source`.
    static func parse(_ source: TIFFSource) throws(MetadataError) -> Details {
        var tiff = try TIFFStructure(source: source)
        guard let first = tiff.ifd(at: tiff.ifd0Offset) else {
            throw .malformed("unreadable IFD0", offset: source.base + tiff.ifd0Offset)
        }
        let ifd0 = first.entries
        var details = Details()
        details.magic = tiff.magic
        var m = MediaMetadata()
        m.make = tiff.string(ifd0[0x010F])
        m.model = tiff.string(ifd0[0x0110])
        m.software = tiff.string(ifd0[0x0131])
        if let orientation = tiff.uint(ifd0[0x0112]), (1 ... 8).contains(orientation) {
            m.orientation = orientation
        }
        details.ifd0Width = positive(tiff.uint(ifd0[0x0100]))
        details.ifd0Height = positive(tiff.uint(ifd0[0x0101]))
        details.isDNG = ifd0[0xC612] != nil
        if tiff.magic == 0x55 { readPanasonicSensor(ifd0, tiff, into: &details) }
        readFullResolution(ifd0, &tiff, into: &details)

        var exifIFD: [UInt16: TIFFEntry] = [:]
        if let offset = tiff.uint(ifd0[0x8769]), let ifd = tiff.ifd(at: offset)?.entries {
            exifIFD = ifd
        }
        readExif(exifIFD, tiff, into: &m, details: &details)
        // Without an EXIF date, the TIFF DateTime (with the Exif IFD's OffsetTime and SubSecTime).
        if m.exifDate == nil, let found = date(ifd0[0x0132], offset: exifIFD[0x9010], tiff) {
            m.exifDate = found
            m.subsecondMicros = subsecond(exifIFD[0x9290], tiff)
        }
        if let offset = tiff.uint(ifd0[0x8825]), let gps = tiff.ifd(at: offset)?.entries {
            readGPS(gps, tiff, into: &m)
        }
        details.metadata = m
        if source.readsFile {
            // CR2 and others keep the sensor data in IFDs chained after IFD0.
            var next = first.next
            for number in 1 ... 4 {
                guard let offset = next, let ifd = tiff.ifd(at: offset) else { break }
                details.imageData = .last(details.imageData, lastData(ifd.entries, tiff, ifd: "IFD\(number)"))
                next = ifd.next
            }
        }
        return details
    }

    /// The Exif IFD's own values: each date with its SubSecTime and OffsetTime tags (Original, then
    /// Digitized), the pixel size, lens, user comment, the capture settings, Apple's maker note and a Reconyx one's date.
    private static func readExif(_ exifIFD: [UInt16: TIFFEntry], _ tiff: TIFFStructure, into m: inout MediaMetadata,
                                 details: inout Details) {
        for (dateTag, offsetTag, subsecondTag) in [(UInt16(0x9003), UInt16(0x9011), UInt16(0x9291)), (0x9004, 0x9012, 0x9292)] {
            guard m.exifDate == nil, let found = date(exifIFD[dateTag], offset: exifIFD[offsetTag], tiff) else { continue }
            m.exifDate = found
            m.subsecondMicros = subsecond(exifIFD[subsecondTag], tiff)
        }
        details.exifWidth = positive(tiff.uint(exifIFD[0xA002]))
        details.exifHeight = positive(tiff.uint(exifIFD[0xA003]))
        m.lens = tiff.string(exifIFD[0xA434])
        m.userComment = userComment(exifIFD[0x9286], tiff)
        readCapture(exifIFD, tiff, into: &m)
        if let makerNote = exifIFD[0x927C] {
            readAppleMakerNote(makerNote, tiff, into: &m)
            if let head = tiff.source.bytes(at: makerNote.valueOffset, count: min(makerNote.count, ReconyxMakerNote.needed)) {
                m.makerDate = ReconyxMakerNote.date(head, make: m.make)
            }
        }
    }

    /// A GPS IFD's position, both coordinates or neither.
    private static func readGPS(_ gps: [UInt16: TIFFEntry], _ tiff: TIFFStructure, into m: inout MediaMetadata) {
        m.latitude = coordinate(gps[0x0002], ref: tiff.string(gps[0x0001]), negative: "S", limit: 90, tiff)
        m.longitude = coordinate(gps[0x0004], ref: tiff.string(gps[0x0003]), negative: "W", limit: 180, tiff)
        if m.latitude == nil || m.longitude == nil {
            m.latitude = nil
            m.longitude = nil
        }
    }

    /// A TIFF structure whose first IFD is an Exif IFD (a CR3's CMT2 box): dates, sub-seconds, lens.
    static func parseExifIFD(_ source: TIFFSource) throws(MetadataError) -> MediaMetadata {
        var tiff = try TIFFStructure(source: source)
        guard let ifd = tiff.ifd(at: tiff.ifd0Offset)?.entries else {
            throw .malformed("unreadable Exif IFD", offset: source.base + tiff.ifd0Offset)
        }
        var m = MediaMetadata()
        var details = Details()
        readExif(ifd, tiff, into: &m, details: &details)
        return m
    }

    /// A TIFF structure whose first IFD is a GPS IFD (a CR3's CMT4 box): the position.
    static func parseGPSIFD(_ source: TIFFSource) throws(MetadataError) -> MediaMetadata {
        var tiff = try TIFFStructure(source: source)
        guard let ifd = tiff.ifd(at: tiff.ifd0Offset)?.entries else {
            throw .malformed("unreadable GPS IFD", offset: source.base + tiff.ifd0Offset)
        }
        var m = MediaMetadata()
        readGPS(ifd, tiff, into: &m)
        return m
    }

    /// The strip or tile an IFD points at that ends furthest, or `nil` when it has none.
    static func lastData(_ ifd: [UInt16: TIFFEntry], _ tiff: TIFFStructure, ifd name: String) -> ImageData? {
        var last: ImageData?
        for (offsetsTag, countsTag, tile) in [(UInt16(0x0111), UInt16(0x0117), false), (0x0144, 0x0145, true)] {
            guard let offsets = values(ifd[offsetsTag], tiff), let counts = values(ifd[countsTag], tiff) else { continue }
            // 0xFFFFFFFF is no place in a classic TIFF but "unknown" (ExifTool writes it where it
            // stripped the data out, as in its own RW2 sample).
            for (offset, count) in zip(offsets, counts) where count > 0 && offset != 0xFFFF_FFFF && offset + count > (last?.end ?? 0) {
                last = ImageData(start: offset, end: offset + count, tile: tile, ifd: name)
            }
        }
        return last
    }

    /// Every value of a SHORT or LONG array entry.
    static func values(_ entry: TIFFEntry?, _ tiff: TIFFStructure) -> [Int]? {
        guard let entry, entry.type == 3 || entry.type == 4, let raw = tiff.data(entry) else { return nil }
        let width = entry.type == 3 ? 2 : 4
        var result: [Int] = []
        result.reserveCapacity(entry.count)
        var index = raw.startIndex
        while index + width <= raw.endIndex {
            let bytes = raw[index ..< index + width]
            result.append(width == 2 ? Int(tiff.u16(bytes)) : Int(tiff.u32(bytes)))
            index += width
        }
        return result
    }

    private static func positive(_ value: Int?) -> Int? {
        guard let value, value > 0 else { return nil }
        return value
    }

    /// An EXIF date tag combined with its OffsetTime companion.
    private static func date(_ entry: TIFFEntry?, offset: TIFFEntry?, _ tiff: TIFFStructure) -> CaptureDate? {
        guard let entry, [2, 7].contains(entry.type),
              let raw = tiff.source.bytes(at: entry.valueOffset, count: min(entry.count, 64)),
              var date = DateParsing.exif(raw)
        else { return nil }
        if let offset, let text = tiff.string(offset, limit: 16) {
            date.offsetMinutes = DateParsing.offset(text.utf8)
        }
        return date
    }

    /// An EXIF SubSecTime value ("123": the decimal digits after the second's point) as
    /// microseconds; digits past the sixth are dropped, anything but digits is no value.
    static func subsecond(_ entry: TIFFEntry?, _ tiff: TIFFStructure) -> Int? {
        tiff.string(entry, limit: 32).flatMap(subsecondMicros)
    }

    /// SubSecTime text as microseconds (see ``subsecond(_:_:)``).
    static func subsecondMicros(_ value: String) -> Int? {
        let text = value.trimmingWhitespace()
        guard !text.isEmpty, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        let digits = Array(text.utf8.prefix(6)) + Array(repeating: UInt8(0x30), count: max(0, 6 - text.utf8.count))
        return digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
    }

    /// GPS degrees/minutes/seconds rationals plus a reference letter → signed degrees.
    private static func coordinate(
        _ entry: TIFFEntry?, ref: String?, negative: String, limit: Double, _ tiff: TIFFStructure
    ) -> Double? {
        guard let values = tiff.rationals(entry) else { return nil }
        var degrees = 0.0
        for (value, divisor) in zip(values, [1.0, 60.0, 3600.0]) { degrees += value / divisor }
        guard degrees.isFinite, abs(degrees) <= limit else { return nil }
        if ref?.uppercased().hasPrefix(negative) == true { degrees = -abs(degrees) }
        return degrees
    }

    /// EXIF UserComment: an 8-byte character-code prefix, then the text.
    private static func userComment(_ entry: TIFFEntry?, _ tiff: TIFFStructure) -> String? {
        guard let entry, entry.type == 7 || entry.type == 2 || entry.type == 1, entry.count > 8,
              let raw = tiff.source.bytes(at: entry.valueOffset, count: min(entry.count, 65536))
        else { return nil }
        let prefix = Array(raw.prefix(8))
        let body = raw.dropFirst(8)
        if prefix.starts(with: Array("UNICODE".utf8)) {
            var bigEndian = tiff.bigEndian
            if body.count >= 2 {
                let a = body[body.startIndex], b = body[body.startIndex + 1]
                if a == 0xFE, b == 0xFF { bigEndian = true } else if a == 0xFF, b == 0xFE { bigEndian = false }
            }
            var units: [UInt16] = []
            var index = body.startIndex
            while index + 1 < body.endIndex {
                let a = UInt16(body[index]), b = UInt16(body[index + 1])
                let unit = bigEndian ? a << 8 | b : b << 8 | a
                if unit == 0 { break }
                if unit != 0xFEFF { units.append(unit) }
                index += 2
            }
            let text = String(decoding: units, as: UTF16.self).trimmingWhitespace()
            return text.isEmpty ? nil : text
        }
        if prefix.starts(with: Array("JIS".utf8)) { return nil }
        // "ASCII\0\0\0", all zeros (undefined) or anything else: treat as UTF-8 text.
        return TIFFStructure.text(body).map { $0.trimmingWhitespace() }.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// How the frame was taken, for exposure brackets, HDR sets and focus stacks: ExposureBiasValue
    /// (SRATIONAL EV), ExposureMode, CustomRendered and SubjectDistance (RATIONAL metres; 0 is
    /// unknown and 0xFFFFFFFF/1 infinity, both left out). Values out of any camera's range are no value.
    private static func readCapture(_ exifIFD: [UInt16: TIFFEntry], _ tiff: TIFFStructure, into m: inout MediaMetadata) {
        if let bias = tiff.rationals(exifIFD[0x9204])?.first, bias.isFinite, abs(bias) <= 20 { m.exposureBias = bias }
        if let mode = tiff.uint(exifIFD[0xA402]), (0 ... 2).contains(mode) { m.exposureMode = mode }
        if let rendered = tiff.uint(exifIFD[0xA401]) { m.rendering = Rendering(customRendered: rendered) }
        if let distance = tiff.rationals(exifIFD[0x9206])?.first, distance.isFinite, distance > 0, distance < 1_000_000 {
            m.focusDistance = distance
        }
    }

    /// Apple's MakerNote ("Apple iOS\0", then an IFD whose offsets count from the note's start):
    /// tag 0x0011 is the Live Photo ContentIdentifier, 0x000B the burst UUID.
    private static func readAppleMakerNote(_ entry: TIFFEntry, _ tiff: TIFFStructure, into m: inout MediaMetadata) {
        guard entry.count > 16, let head = tiff.source.bytes(at: entry.valueOffset, count: 16),
              head.starts(with: Array("Apple iOS\0".utf8))
        else { return }
        let order = Array(head.suffix(4).prefix(2))
        var note = tiff.withByteOrder(bigEndian: order != [0x49, 0x49])
        guard let ifd = note.ifd(at: 14, origin: entry.valueOffset)?.entries else { return }
        m.liveID = note.string(ifd[0x0011], limit: 128)
        m.burstID = note.string(ifd[0x000B], limit: 128)
        // HDRImageType (int32s): the merged image or a frame kept for it, when CustomRendered did not say.
        if m.rendering == nil, let type = note.int(ifd[0x000A]) { m.rendering = Rendering(appleHDRImageType: type) }
    }

    /// Panasonic RW2 IFD0: sensor size 0x0002/0x0003 and borders 0x0004...0x0007.
    private static func readPanasonicSensor(_ ifd0: [UInt16: TIFFEntry], _ tiff: TIFFStructure, into d: inout Details) {
        d.sensorWidth = positive(tiff.uint(ifd0[0x0002]))
        d.sensorHeight = positive(tiff.uint(ifd0[0x0003]))
        if let top = tiff.uint(ifd0[0x0004]), let left = tiff.uint(ifd0[0x0005]),
           let bottom = tiff.uint(ifd0[0x0006]), let right = tiff.uint(ifd0[0x0007]),
           right > left, bottom > top {
            d.sensorWidth = right - left
            d.sensorHeight = bottom - top
        }
    }

    /// The largest image whose NewSubfileType (0x00FE) says full resolution, among IFD0 and
    /// the SubIFDs (0x014A) it lists. RAW files keep their thumbnail in IFD0 and the sensor data there.
    private static func readFullResolution(_ ifd0: [UInt16: TIFFEntry], _ tiff: inout TIFFStructure, into d: inout Details) {
        var candidates: [(name: String, entries: [UInt16: TIFFEntry])] = [("IFD0", ifd0)]
        if let subIFDs = ifd0[0x014A], [4, 13].contains(subIFDs.type), subIFDs.count <= 8,
           let raw = tiff.data(subIFDs) {
            let bytes = Array(raw)
            for i in 0 ..< subIFDs.count {
                let offset = Int(tiff.u32(bytes[i * 4 ..< i * 4 + 4]))
                if let ifd = tiff.ifd(at: offset)?.entries { candidates.append(("SubIFD \(i + 1)", ifd)) }
            }
        }
        if tiff.source.readsFile {
            for ifd in candidates { d.imageData = .last(d.imageData, lastData(ifd.entries, tiff, ifd: ifd.name)) }
        }
        var bestArea = 0
        for (_, ifd) in candidates where (tiff.uint(ifd[0x00FE]) ?? 0) == 0 {
            guard let w = positive(tiff.uint(ifd[0x0100])), let h = positive(tiff.uint(ifd[0x0101])) else { continue }
            let (area, overflow) = w.multipliedReportingOverflow(by: h)
            if !overflow, area > bestArea {
                bestArea = area
                d.fullWidth = w
                d.fullHeight = h
            }
        }
    }
}
