/// Capture dates that cameras from before EXIF was common (and some after) wrote in their own JPEG
/// segments instead: Olympus's APP12 "PictureInfo" text, Canon's CIFF heap in APP0 (PowerShot and
/// Sony-made PowerShot models), Casio's APP1 QVCI block. Layouts as ExifTool documents them
/// (`APP12.pm`, `CanonRaw.pm`, `Casio.pm`). Each reader takes one segment's payload, reads only
/// inside it, and answers `nil` for anything it cannot read: a damaged record never stops a scan.
enum MakerRecords {
    /// The date of an APP12 payload's `TimeDate=` entry (Olympus and Agfa "[picture info]" text:
    /// `key=value` lines separated by CR/LF, spaces or NULs). Epoch seconds of the camera's clock,
    /// or a date as text.
    static func pictureInfo(_ payload: ArraySlice<UInt8>) -> CaptureDate? {
        guard !payload.starts(with: "Ducky".utf8) else { return nil } // APP12 Ducky is Photoshop's save-for-web
        let key = Array("TimeDate=".utf8)
        var index = payload.startIndex
        while let found = firstIndex(of: key, in: payload[index...]) {
            index = found + key.count
            // A key starts the text or follows a separator: "XTimeDate=" is another key.
            if found > payload.startIndex, !isSeparator(payload[found - 1]) { continue }
            let value = payload[index...].prefix { (0x20 ... 0x7E).contains($0) }.prefix(64)
            let text = value.drop { $0 == 0x20 }.prefix { $0 != 0x20 }
            if !text.isEmpty, text.count <= 12, text.allSatisfy({ (0x30 ... 0x39).contains($0) }) {
                let seconds = text.reduce(Int64(0)) { $0 * 10 + Int64($1 - 0x30) }
                return seconds > 0 ? CaptureDate(local: seconds) : nil
            }
            return DateParsing.exif(value)
        }
        return nil
    }

    /// The TimeStamp record (0x180E: epoch seconds of the camera's clock, then its time zone) of a
    /// CIFF heap in APP0: "II" or "MM", the heap's offset (u32), "HEAPJPGM". The record may sit in a
    /// sub-heap; the walk is bounded in depth and in records.
    static func ciff(_ payload: ArraySlice<UInt8>) -> CaptureDate? {
        guard payload.count >= 14 else { return nil }
        let order = Array(payload.prefix(2))
        guard order == [0x49, 0x49] || order == [0x4D, 0x4D],
              payload.dropFirst(6).starts(with: "HEAPJPGM".utf8)
        else { return nil }
        let reader = ByteReader(Array(payload), bigEndian: order == [0x4D, 0x4D])
        guard let start = try? Int(reader.u32(at: 2)), start >= 14, start < reader.count else { return nil }
        var budget = 4096
        guard let seconds = heapTimeStamp(reader, start: start, length: reader.count - start, depth: 0, budget: &budget),
              seconds > 0
        else { return nil }
        return CaptureDate(local: Int64(seconds))
    }

    /// Casio's APP1 "QVCI\0" block: the date as 20 bytes of text at byte 0x4D, its parts separated
    /// by dots, colons or spaces ("2002.04.19 10:47:52").
    static func qvci(_ payload: ArraySlice<UInt8>) -> CaptureDate? {
        guard payload.starts(with: "QVCI\0".utf8), payload.count >= 0x4D + 20 else { return nil }
        let text = payload.dropFirst(0x4D).prefix(20).prefix { $0 != 0 }
        var parts: [Int] = []
        var current: Int?
        for byte in text {
            if (0x30 ... 0x39).contains(byte) {
                guard (current ?? 0) < 100_000 else { return nil }
                current = (current ?? 0) * 10 + Int(byte - 0x30)
            } else if byte == 0x2E || byte == 0x3A || byte == 0x20 || byte == 0x2D || byte == 0x2F {
                if let value = current { parts.append(value) }
                current = nil
            } else {
                return nil
            }
        }
        if let current { parts.append(current) }
        guard parts.count == 6 else { return nil }
        return DateParsing.make(parts[0], parts[1], parts[2], parts[3], parts[4], parts[5])
    }

    /// The first TimeStamp value in the heap `reader[start ..< start + length]`: its last four bytes
    /// give the offset (within the heap) of its table: a u16 count, then 10-byte records of a tag
    /// (its top two bits say where the value is, bits 11-13 its type), a size and an offset.
    private static func heapTimeStamp(_ reader: ByteReader, start: Int, length: Int, depth: Int, budget: inout Int) -> UInt32? {
        guard depth < 8, length >= 6,
              let tableOffset = try? Int(reader.u32(at: start + length - 4)), tableOffset <= length - 6,
              let count = try? Int(reader.u16(at: start + tableOffset))
        else { return nil }
        let table = start + tableOffset + 2
        for index in 0 ..< min(count, (length - tableOffset - 6) / 10) {
            budget -= 1
            guard budget > 0 else { return nil }
            let entry = table + index * 10
            guard let tag = try? reader.u16(at: entry), let size = try? Int(reader.u32(at: entry + 2)),
                  let offset = try? Int(reader.u32(at: entry + 6))
            else { return nil }
            // Values held in the record itself (location 0x4000) are at most 8 bytes: no TimeStamp.
            guard tag & 0xC000 == 0, offset <= length, size <= length - offset else { continue }
            let type = tag & 0x3800
            if tag & 0x3FFF == 0x180E, size >= 4 {
                return try? reader.u32(at: start + offset)
            } else if type == 0x2800 || type == 0x3000,
                      let found = heapTimeStamp(reader, start: start + offset, length: size, depth: depth + 1, budget: &budget) {
                return found
            }
        }
        return nil
    }

    private static func isSeparator(_ byte: UInt8) -> Bool {
        byte == 0 || byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 || byte == 0x5D
    }

    private static func firstIndex(of needle: [UInt8], in haystack: ArraySlice<UInt8>) -> Int? {
        guard let first = needle.first, haystack.count >= needle.count else { return nil }
        var index = haystack.startIndex
        while index <= haystack.endIndex - needle.count {
            if haystack[index] == first, haystack[index ..< index + needle.count].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }
}
