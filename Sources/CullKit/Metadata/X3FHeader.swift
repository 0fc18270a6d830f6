/// Sigma's Foveon X3F, which LibRaw 0.20 no longer reads: its file header alone ("FOVb", version,
/// a 16-byte id, mark bits, then columns, rows and rotation, little-endian). A RAW photo with the
/// size and orientation the header gives; nothing more is claimed.
enum X3FHeader {
    static func read(_ head: [UInt8]) throws(MetadataError) -> MediaMetadata {
        let reader = ByteReader(head, bigEndian: false)
        var m = MediaMetadata()
        m.format = .x3f
        let columns = Int(try reader.u32(at: 28)), rows = Int(try reader.u32(at: 32))
        if columns > 0, rows > 0, columns <= MediaMetadata.maxSide, rows <= MediaMetadata.maxSide {
            (m.width, m.height) = (columns, rows)
        }
        switch try reader.u32(at: 36) {
        case 0: m.orientation = 1
        case 90: m.orientation = 6
        case 180: m.orientation = 3
        case 270: m.orientation = 8
        default: break
        }
        return m
    }
}
