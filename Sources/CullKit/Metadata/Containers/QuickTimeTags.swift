/// QuickTime metadata tags for ``QuickTimeReader``: Apple `mdta` keys with their `ilst`
/// values in `moov/meta`, iTunes-style `ilst` items, and `udta` text atoms (`©xyz` ...).
enum QuickTimeTags {
    /// The tags Cull keeps, by `mdta` key or atom name.
    private static let wanted: Set<String> = [
        "com.apple.quicktime.creationdate", "com.apple.quicktime.location.ISO6709",
        "com.apple.quicktime.make", "com.apple.quicktime.model", "com.apple.quicktime.software",
        "com.apple.quicktime.content.identifier", "©xyz", "©mak", "©mod", "©swr",
    ]

    /// Parses a `meta` box (QuickTime style without version/flags, or an ISO full box).
    static func parseMeta(_ meta: ISOBox, _ source: some BoxSource, depth: Int) throws(MetadataError) -> MediaMetadata {
        let probe = try source.boxBytes(at: meta.payloadOffset, count: 8)
        let quickTimeStyle = (try? probe.slice(4, 4))?.elementsEqual("hdlr".utf8) == true
        let boxes = try ISOBMFF.children(of: meta, in: source, skip: quickTimeStyle ? 0 : 4, depth: depth)
        var keys: [UInt32: String] = [:]
        if let box = boxes.first(where: { $0.type == "keys" }) {
            keys = try parseKeys(box, source)
        }
        var metadata = MediaMetadata()
        guard let ilst = boxes.first(where: { $0.type == "ilst" }) else { return metadata }
        for item in try ISOBMFF.children(of: ilst, in: source, depth: depth + 1) {
            let name = keys[item.code] ?? item.type
            guard wanted.contains(name) else { continue }
            let values = try ISOBMFF.children(of: item, in: source, depth: depth + 2)
            guard let data = values.first(where: { $0.type == "data" }),
                  let value = try dataString(data, source) else { continue }
            apply(name, value, to: &metadata)
        }
        return metadata
    }

    /// `keys`: 1-based index → key name (`mdta` namespace).
    private static func parseKeys(_ box: ISOBox, _ source: some BoxSource) throws(MetadataError) -> [UInt32: String] {
        var reader = try QuickTimeReader.leaf(box, source)
        try reader.skip(4)
        let count = try reader.u32()
        var keys: [UInt32: String] = [:]
        var index: UInt32 = 1
        while index <= count, !reader.isAtEnd {
            let size = Int(try reader.u32())
            guard size >= 8 else { throw .malformed("key size \(size)", offset: reader.base + reader.position - 4) }
            try reader.skip(4) // namespace, usually 'mdta'
            keys[index] = String(decoding: try reader.read(size - 8), as: UTF8.self)
            index += 1
        }
        return keys
    }

    /// The text of a `data` box with well-known type 1 (UTF-8), else `nil`.
    private static func dataString(_ data: ISOBox, _ source: some BoxSource) throws(MetadataError) -> String? {
        var reader = try QuickTimeReader.leaf(data, source)
        let type = try reader.u32() & 0xFF_FFFF
        try reader.skip(4) // locale
        guard type == 1 else { return nil }
        return String(decoding: try reader.read(reader.remaining), as: UTF8.self)
    }

    /// `udta`: QuickTime text atoms (`©xyz`, `©mak`, `©mod`, `©swr`), an iTunes `meta`, and
    /// an `XMP_` packet (→ ``XMPReader``, lowest priority).
    static func parseUserData(_ udta: ISOBox, _ source: some BoxSource, depth: Int) throws(MetadataError) -> MediaMetadata {
        var metadata = MediaMetadata()
        var xmp = MediaMetadata()
        for box in try ISOBMFF.children(of: udta, in: source, depth: depth) {
            if box.type == "XMP_", box.payloadSize <= 4 << 20 {
                xmp.fillGaps(from: XMPReader.parse(try ISOBMFF.payload(of: box, in: source, limit: 4 << 20).bytes[...]))
                continue
            }
            if box.type == "meta" {
                metadata.fillGaps(from: try parseMeta(box, source, depth: depth + 1))
                continue
            }
            guard wanted.contains(box.type) else { continue }
            var reader = try QuickTimeReader.leaf(box, source)
            if (try? reader.slice(4, 4))?.elementsEqual("data".utf8) == true {
                let data = try ISOBMFF.header(source, at: box.payloadOffset, end: box.end)
                if let value = try dataString(data, source) { apply(box.type, value, to: &metadata) }
                continue
            }
            let length = Int(try reader.u16())
            try reader.skip(2) // language
            let text = try reader.read(min(length, reader.remaining))
            apply(box.type, String(decoding: text, as: UTF8.self), to: &metadata)
        }
        metadata.fillGaps(from: xmp)
        return metadata
    }

    /// Stores one tag value, keeping values already set.
    private static func apply(_ name: String, _ value: String, to metadata: inout MediaMetadata) {
        let value = value.trimmingNULs()
        guard !value.isEmpty else { return }
        var found = MediaMetadata()
        switch name {
        case "com.apple.quicktime.creationdate": found.quickTimeDate = DateParsing.iso8601(Array(value.utf8))
        case "com.apple.quicktime.location.ISO6709", "©xyz":
            if let (latitude, longitude) = parseISO6709(value) {
                found.latitude = latitude
                found.longitude = longitude
            }
        case "com.apple.quicktime.make", "©mak": found.make = value
        case "com.apple.quicktime.model", "©mod": found.model = value
        case "com.apple.quicktime.software", "©swr": found.software = value
        case "com.apple.quicktime.content.identifier": found.liveID = value
        default: return
        }
        metadata.fillGaps(from: found)
    }

    /// Latitude and longitude from an ISO 6709 string such as "+37.7858-122.4064+000.000/"
    /// (degrees, or DDMM / DDMMSS forms with their fractions).
    static func parseISO6709(_ text: String) -> (Double, Double)? {
        var parts: [String] = []
        var current = ""
        for char in text {
            if char == "+" || char == "-" || char == "/" {
                if !current.isEmpty { parts.append(current) }
                current = char == "/" ? "" : String(char)
                if char == "/" { break }
            } else if char.isASCII, char.isNumber || char == "." {
                current.append(char)
            } else {
                return nil
            }
        }
        if !current.isEmpty { parts.append(current) }
        guard parts.count >= 2, let latitude = degrees(parts[0], degreeDigits: 2),
              let longitude = degrees(parts[1], degreeDigits: 3),
              abs(latitude) <= 90, abs(longitude) <= 180 else { return nil }
        return (latitude, longitude)
    }

    /// "±DD[MM[SS]][.fff]" (with `degreeDigits` degree digits) as signed decimal degrees.
    private static func degrees(_ part: String, degreeDigits: Int) -> Double? {
        guard let sign = part.first, sign == "+" || sign == "-" else { return nil }
        let body = part.dropFirst()
        let integer = body.prefix { $0 != "." }
        guard let value = Double(body) else { return nil }
        var result: Double
        switch integer.count - degreeDigits {
        case 0: result = value
        case 2: result = (value / 100).rounded(.down) + value.truncatingRemainder(dividingBy: 100) / 60
        case 4:
            let minutesSeconds = value.truncatingRemainder(dividingBy: 10_000)
            result = (value / 10_000).rounded(.down) + (minutesSeconds / 100).rounded(.down) / 60
                + minutesSeconds.truncatingRemainder(dividingBy: 100) / 3600
        default: return nil
        }
        if sign == "-" { result = -result }
        return result
    }
}

private extension String {
    /// The string without trailing NUL characters (some writers count the terminator).
    func trimmingNULs() -> String {
        var text = self
        while text.last == "\0" { text.removeLast() }
        return text
    }
}
