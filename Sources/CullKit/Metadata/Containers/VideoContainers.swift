/// What Cull reads itself of the video containers FFmpeg demuxes for it (``FFmpegReader``): the
/// top-level structure (AVI's RIFF chunks, ASF's objects, Matroska's segment), so a file cut in it is
/// *broken* with the damage named, and ASF's creation date, which FFmpeg does not give. MPEG program
/// and transport streams have no sizes to check: they are packets to the end.
enum VideoContainers {
    /// Top-level chunks or objects walked at most (an AVI over 1 GB is a chain of RIFF chunks).
    static let maxTopLevel = 10_000
    /// ASF's File Properties Object.
    static let asfFileProperties: [UInt8] = [0xA1, 0xDC, 0xAB, 0x8C, 0x47, 0xA9, 0xCF, 0x11, 0x8E, 0xE4, 0x00, 0xC0, 0x0C, 0x20, 0x53, 0x65]
    /// 100-nanosecond ticks from 1601-01-01 (FILETIME) to 1970-01-01.
    static let fileTimeEpoch: Int64 = 116_444_736_000_000_000

    static func read(_ file: MediaFile, head: [UInt8], format: MediaFormat) throws(MetadataError) -> MetadataReading {
        switch format {
        case .avi: return MetadataReading(MediaMetadata(), problem: try riffCut(file))
        case .wmv: return try asf(file)
        case .mkv, .webm: return MetadataReading(MediaMetadata(), problem: try matroskaCut(file))
        default: return MetadataReading(MediaMetadata())
        }
    }

    /// The damage of a RIFF file whose chunks (`RIFF`, then `AVIX` for each further gigabyte) run past its end.
    static func riffCut(_ file: MediaFile) throws(MetadataError) -> MetadataError? {
        var offset = 0, count = 0
        while file.size - offset >= 8, count < maxTopLevel {
            let header = try file.reader(at: offset, count: 8, bigEndian: false)
            let id = BoxName.shown(String(decoding: try header.slice(0, 4), as: UTF8.self))
            let size = Int(try header.u32(at: 4))
            let end = offset + 8 + size + size % 2
            if offset + 8 + size > file.size {
                return .incomplete("the '\(id)' chunk at byte \(offset) ends at byte \(offset + 8 + size), past the end of the file (\(file.size) bytes)")
            }
            offset = end
            count += 1
        }
        guard count > 0 else { throw .truncated(offset: 0, needed: 12) }
        return nil
    }

    /// ASF: the creation date of its File Properties Object, and the damage of an object that runs
    /// past the end of the file.
    static func asf(_ file: MediaFile) throws(MetadataError) -> MetadataReading {
        var metadata = MediaMetadata()
        let header = try file.reader(at: 0, count: 30, bigEndian: false)
        let headerSize = try header.u64(at: 16)
        let objects = Int(try header.u32(at: 24))
        guard headerSize >= 30 else { throw .malformed("ASF header object of \(headerSize) bytes", offset: 0) }
        // The header's objects, within what the file holds of it.
        var offset = 30, seen = 0
        let headerEnd = Int(min(headerSize, UInt64(file.size)))
        while headerEnd - offset >= 24, seen < min(objects, maxTopLevel) {
            let object = try file.reader(at: offset, count: 24, bigEndian: false)
            let size = try object.u64(at: 16)
            guard size >= 24, size <= UInt64(headerEnd - offset) else { break }
            if try object.slice(0, 16).elementsEqual(asfFileProperties), size >= 24 + 40 {
                let properties = try file.reader(at: offset + 24, count: 40, bigEndian: false)
                let ticks = try properties.u64(at: 24)
                if ticks > UInt64(fileTimeEpoch), ticks < UInt64(Int64.max) {
                    metadata.containerDate = CaptureDate(local: (Int64(ticks) - fileTimeEpoch) / 10_000_000, offsetMinutes: 0)
                }
            }
            offset += Int(size)
            seen += 1
        }
        // The top-level objects: the header, the data, the indexes.
        offset = 0
        seen = 0
        while file.size - offset >= 24, seen < maxTopLevel {
            let object = try file.reader(at: offset, count: 24, bigEndian: false)
            let size = try object.u64(at: 16)
            guard size >= 24 else { break } // a broadcast stream's data object of unknown size: nothing to check
            if size > UInt64(file.size - offset) {
                let end = UInt64(offset).addingReportingOverflow(size).partialValue
                return MetadataReading(metadata, problem: .incomplete("the ASF \(seen == 0 ? "header" : "top-level") object at byte \(offset) "
                                                                      + "ends at byte \(end), past the end of the file (\(file.size) bytes)"))
            }
            offset += Int(size)
            seen += 1
        }
        // Every ASF file has its data object after the header; a file that ends in an object's
        // header, or right after the header object, was cut.
        if seen < maxTopLevel, file.size - offset > 0 && file.size - offset < 24 || seen == 1 && offset == file.size {
            return MetadataReading(metadata, problem: .incomplete("the file ends at byte \(file.size), "
                                                                  + (seen == 1 ? "before the ASF data object" : "inside an ASF object's header")))
        }
        return MetadataReading(metadata)
    }

    /// Matroska: the damage of an EBML header or segment that runs past the end of the file (a segment
    /// of unknown size, as a live recording writes, runs to the end by definition).
    static func matroskaCut(_ file: MediaFile) throws(MetadataError) -> MetadataError? {
        var offset = 0
        for name in ["EBML header", "segment"] {
            var reader = ByteReader(try file.read(at: offset, count: 16), base: offset)
            let idLength = try elementIDLength(try reader.slice(0, 1).first ?? 0, at: offset)
            try reader.skip(idLength)
            guard let (size, sizeLength) = try vint(&reader, at: offset + idLength) else { return nil } // unknown size
            let end = UInt64(offset + idLength + sizeLength).addingReportingOverflow(size)
            if end.overflow || end.partialValue > UInt64(file.size) {
                return .incomplete("the Matroska \(name) at byte \(offset) ends at byte \(end.overflow ? UInt64.max : end.partialValue), "
                                   + "past the end of the file (\(file.size) bytes)")
            }
            offset = Int(end.partialValue)
            if file.size - offset < 2 { return name == "segment" ? nil : .incomplete("no Matroska segment after the EBML header") }
        }
        return nil
    }

    /// The length of an EBML element ID from its first byte.
    private static func elementIDLength(_ first: UInt8, at offset: Int) throws(MetadataError) -> Int {
        guard first != 0 else { throw .malformed("EBML element ID starting 0x00", offset: offset) }
        let length = first.leadingZeroBitCount + 1
        guard length <= 4 else { throw .malformed("EBML element ID of \(length) bytes", offset: offset) }
        return length
    }

    /// An EBML variable-length size and its length in bytes; nil for the size "unknown" (all ones).
    private static func vint(_ reader: inout ByteReader, at offset: Int) throws(MetadataError) -> (UInt64, Int)? {
        let first = try reader.u8()
        guard first != 0 else { throw .malformed("EBML size starting 0x00", offset: offset) }
        let length = first.leadingZeroBitCount + 1
        var value = UInt64(first & (0xFF >> length))
        var allOnes = value == UInt64(0xFF >> length)
        for _ in 1 ..< length {
            let byte = try reader.u8()
            allOnes = allOnes && byte == 0xFF
            value = value << 8 | UInt64(byte)
        }
        return allOnes ? nil : (value, length)
    }
}

/// The `MDPM` record AVCHD camcorders (Sony, Panasonic, Canon) write into the H.264 stream of each
/// `.MTS`: an SEI "user data unregistered" message whose UUID is `17ee8c60-f84d-11d9-8cd6-0800200c9a66`,
/// then `MDPM`, a count and five-byte entries. Entries 0x18 and 0x19 hold the recording time in BCD
/// (a time-zone byte, year, month; day, hours, minutes, seconds), as ExifTool's H264 module reads them.
/// FFmpeg does not give it: Cull finds it in the packets FFmpeg demuxes.
enum MDPM {
    static let uuid: [UInt8] = [0x17, 0xEE, 0x8C, 0x60, 0xF8, 0x4D, 0x11, 0xD9, 0x8C, 0xD6, 0x08, 0x00, 0x20, 0x0C, 0x9A, 0x66]
    /// Bytes after the UUID looked at: `MDPM`, the count and up to a few dozen entries.
    static let maxRecord = 512

    /// The recording time in the first `MDPM` record of `bytes` (one H.264 access unit), or nil.
    static func date(in bytes: UnsafeBufferPointer<UInt8>) -> CaptureDate? {
        guard bytes.count > uuid.count, let start = firstRange(of: uuid, in: bytes) else { return nil }
        // The SEI payload carries the NAL unit's emulation-prevention bytes (00 00 03): take them out.
        var record: [UInt8] = []
        var zeros = 0
        for byte in bytes[(start + uuid.count)...].prefix(maxRecord) {
            if zeros >= 2, byte == 3 { zeros = 0; continue }
            zeros = byte == 0 ? zeros + 1 : 0
            record.append(byte)
        }
        guard record.count >= 5, record.starts(with: Array("MDPM".utf8)) else { return nil }
        let count = Int(record[4])
        var entries: [UInt8: ArraySlice<UInt8>] = [:]
        var offset = 5
        for _ in 0 ..< count where offset + 5 <= record.count {
            entries[record[offset]] = record[(offset + 1) ..< (offset + 5)]
            offset += 5
        }
        guard let first = entries[0x18], let second = entries[0x19] else { return nil }
        let fields = Array(first) + Array(second)
        guard let year = bcd(fields[1]).flatMap({ high in bcd(fields[2]).map { high * 100 + $0 } }),
              let month = bcd(fields[3]), let day = bcd(fields[4]), let hour = bcd(fields[5]),
              let minute = bcd(fields[6]), let second = bcd(fields[7]) else { return nil }
        let zone = fields[0]
        // 0x20: west of UTC; 0x1E: hours; 0x01: and a half. 0xFF: no zone written.
        let offsetMinutes: Int? = zone == 0xFF ? nil
            : (zone & 0x20 != 0 ? -1 : 1) * (Int((zone >> 1) & 0x0F) * 60 + (zone & 0x01 != 0 ? 30 : 0))
        return DateParsing.make(year, month, day, hour, minute, second, offsetMinutes: offsetMinutes)
    }

    /// A BCD byte's value, or nil when a nibble is not a digit.
    private static func bcd(_ byte: UInt8) -> Int? {
        let high = Int(byte >> 4), low = Int(byte & 0x0F)
        return high < 10 && low < 10 ? high * 10 + low : nil
    }

    private static func firstRange(of pattern: [UInt8], in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard bytes.count >= pattern.count else { return nil }
        var index = 0
        while index <= bytes.count - pattern.count {
            if bytes[index] == pattern[0], bytes[index ..< index + pattern.count].elementsEqual(pattern) { return index }
            index += 1
        }
        return nil
    }
}
