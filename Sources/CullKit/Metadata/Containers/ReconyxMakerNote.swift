/// The capture date in a Reconyx trail camera's maker note (EXIF 0x927C), the only date these
/// cameras write. Three layouts, little-endian, as ExifTool's `Reconyx.pm` documents them:
/// - Hyperfire (HC500, HC600, PC900): starts `01 F1`, then `02 00` or `03 00` (or the camera's Make
///   is RECONYX); six u16 at byte 22: second, minute, hour, month, day, year. Some firmware writes
///   them big-endian while the rest is little-endian.
/// - UltraFire: starts "RECONYXUF\0"; seven bytes at 0x3B: second, minute, hour, day, month, year (low, high).
/// - HF2 PRO: starts "RECONYXH2\0"; six u16 at 0x3E: second, minute, hour, day, month, year.
enum ReconyxMakerNote {
    /// The note's bytes needed to reach every layout's date.
    static let needed = 0x4A

    /// The date of a maker note's first bytes (`head`), `nil` when it is no Reconyx note or the date is unreadable.
    static func date(_ head: ArraySlice<UInt8>, make: String?) -> CaptureDate? {
        let reader = ByteReader(Array(head.prefix(needed)), bigEndian: false)
        func u16s(at offset: Int) -> [Int]? {
            var values: [Int] = []
            for index in 0 ..< 6 {
                guard let value = try? reader.u16(at: offset + index * 2) else { return nil }
                values.append(Int(value))
            }
            return values
        }
        if head.starts(with: "RECONYXUF\0".utf8) {
            guard let b = try? reader.slice(0x3B, 7) else { return nil }
            let v = b.map(Int.init)
            return DateParsing.make(v[5] + v[6] * 256, v[4], v[3], v[2], v[1], v[0])
        }
        if head.starts(with: "RECONYXH2\0".utf8) {
            guard let v = u16s(at: 0x3E) else { return nil }
            return DateParsing.make(v[5], v[4], v[3], v[2], v[1], v[0])
        }
        guard head.starts(with: [0x01, 0xF1]) else { return nil }
        let version = Array(head.dropFirst(2).prefix(2))
        guard version == [0x02, 0x00] || version == [0x03, 0x00] || make?.uppercased() == "RECONYX",
              var v = u16s(at: 22)
        else { return nil }
        if v[0] & 0xFF00 != 0, v[0] & 0xFF == 0 {
            v = v.map { ($0 >> 8) | (($0 & 0xFF) << 8) }
        }
        return DateParsing.make(v[5], v[3], v[4], v[2], v[1], v[0])
    }
}
