/// Reads IPTC-IIM from a JPEG's APP13 segment (`Photoshop 3.0\0`, 8BIM resource 0x0404): Keywords
/// (2:25), and DateCreated (2:55) with TimeCreated (2:60), the lowest of MWG's sources for a date.
/// Text is UTF-8 when CodedCharacterSet (1:90) says so (`ESC % G`), else Latin-1, as ExifTool reads it.
/// Every length is checked against what is there; a damaged block gives what was read before.
enum IPTCReader {
    static let signature = Array("Photoshop 3.0\0".utf8)

    /// The IPTC values of an APP13 payload (after its signature is checked here).
    static func parse(_ payload: ArraySlice<UInt8>) -> MediaMetadata {
        var metadata = MediaMetadata()
        guard payload.starts(with: signature) else { return metadata }
        var index = payload.startIndex + signature.count
        var blocks = 0
        while index + 12 <= payload.endIndex, blocks < 1000 {
            blocks += 1
            guard payload[index ..< index + 4].elementsEqual("8BIM".utf8) else { break }
            let id = Int(payload[index + 4]) << 8 | Int(payload[index + 5])
            let nameLength = Int(payload[index + 6])
            var cursor = index + 7 + nameLength
            if (nameLength + 1) % 2 == 1 { cursor += 1 }
            guard cursor + 4 <= payload.endIndex else { break }
            let size = payload[cursor ..< cursor + 4].reduce(0) { $0 << 8 | Int($1) }
            cursor += 4
            guard size >= 0, size <= payload.endIndex - cursor else { break }
            if id == 0x0404 { records(payload[cursor ..< cursor + size], into: &metadata) }
            index = cursor + size + (size % 2)
        }
        return metadata
    }

    static func records(_ data: ArraySlice<UInt8>, into metadata: inout MediaMetadata) {
        var index = data.startIndex
        var utf8 = false
        var keywords: [[UInt8]] = []
        var date: [UInt8]?, time: [UInt8]?
        var count = 0
        while index + 5 <= data.endIndex, data[index] == 0x1C, count < 10_000 {
            count += 1
            let record = data[index + 1], dataset = data[index + 2]
            var length = Int(data[index + 3]) << 8 | Int(data[index + 4])
            var start = index + 5
            if length & 0x8000 != 0 {
                // An extended length: the next (length & 0x7FFF) bytes hold it.
                let width = length & 0x7FFF
                guard width <= 4, start + width <= data.endIndex else { return }
                length = data[start ..< start + width].reduce(0) { $0 << 8 | Int($1) }
                start += width
            }
            guard length <= data.endIndex - start else { return }
            let value = Array(data[start ..< start + length])
            switch (record, dataset) {
            case (1, 90): utf8 = value == [0x1B, 0x25, 0x47]
            case (2, 25): keywords.append(value)
            case (2, 55): date = value
            case (2, 60): time = value
            default: break
            }
            index = start + length
        }
        func text(_ bytes: [UInt8]) -> String {
            utf8 ? String(decoding: bytes, as: UTF8.self) : String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
        }
        metadata.tags = CatalogDecision.union(keywords.prefix(4096).compactMap { CatalogText.clean(text($0)) }, [])
        if let date, date.count == 8, let day = Int(String(decoding: date, as: UTF8.self)) {
            let year = day / 10000, month = day / 100 % 100, dayOfMonth = day % 100
            var seconds: Int64 = 0, offset: Int?
            if let time, time.count >= 6, let clock = Int(String(decoding: time.prefix(6), as: UTF8.self)) {
                seconds = Int64(clock / 10000 * 3600 + clock / 100 % 100 * 60 + clock % 100)
                if time.count == 11, let sign = time.dropFirst(6).first, sign == 0x2B || sign == 0x2D,
                   let zone = Int(String(decoding: time.suffix(4), as: UTF8.self)) {
                    offset = (sign == 0x2D ? -1 : 1) * (zone / 100 * 60 + zone % 100)
                }
            }
            if (1...12).contains(month), (1...31).contains(dayOfMonth), year > 1800,
               let midnight = CivilDate.seconds(year: year, month: month, day: dayOfMonth) {
                metadata.iptcDate = CaptureDate(local: midnight + seconds, offsetMinutes: offset)
            }
        }
    }
}
