/// Reads GIF headers: the logical screen size, an XMP application extension
/// (→ ``XMPReader``) and, for animations, the sum of the Graphic Control Extension delays.
///
/// The block structure is walked with a buffered cursor; image data sub-blocks are skipped
/// by their length bytes, never decoded. A file cut short keeps its size and what came before the cut.
enum GIFReader {
    /// The largest XMP packet collected.
    static let maxXMP = 4 << 20
    /// How far into the file blocks are walked; a longer animation gets no duration
    /// rather than a scan of the whole file.
    static let maxWalk = 32 << 20

    static func read(_ file: MediaFile, head: [UInt8]) throws(MetadataError) -> MetadataReading {
        var metadata = MediaMetadata()
        let header = try file.reader(at: 0, count: 13, bigEndian: false)
        guard header.count == 13 else { throw .truncated(offset: 0, needed: 13) }
        metadata.width = Int(try header.u16(at: 6))
        metadata.height = Int(try header.u16(at: 8))
        var cursor = Cursor(file: file, position: 13)
        let flags = try header.slice(10, 1).first ?? 0
        if flags & 0x80 != 0 { try cursor.skip(3 << (Int(flags & 7) + 1)) }

        var delays = 0, frames = 0, complete = true, ended = false
        var damage: MetadataError?
        do throws(MetadataError) {
            walk: while cursor.position < file.size {
                guard cursor.position < maxWalk else { complete = false; break }
                switch try cursor.byte() {
                case 0x2C: // image descriptor
                    frames += 1
                    try cursor.skip(8)
                    let local = try cursor.byte()
                    if local & 0x80 != 0 { try cursor.skip(3 << (Int(local & 7) + 1)) }
                    try cursor.skip(1) // LZW minimum code size
                    try cursor.skipSubBlocks()
                case 0x21: // extension
                    let label = try cursor.byte()
                    if label == 0xF9 {
                        let size = Int(try cursor.byte())
                        let block = ByteReader(try cursor.bytes(size), bigEndian: false)
                        if size >= 3 { delays += Int(try block.u16(at: 1)) }
                        try cursor.skipSubBlocks()
                    } else if label == 0xFF {
                        let size = Int(try cursor.byte())
                        let identifier = try cursor.bytes(size)
                        if identifier.elementsEqual("XMP DataXMP".utf8) {
                            metadata.fillGaps(from: XMPReader.parse(try xmpPacket(&cursor)[...]))
                        } else {
                            try cursor.skipSubBlocks()
                        }
                    } else {
                        try cursor.skipSubBlocks()
                    }
                case 0x3B: // trailer
                    ended = true
                    break walk
                default:
                    // Junk after the last frame: keep what was found.
                    ended = true
                    break walk
                }
            }
        } catch where error.isDamage {
            // A block cut by the end of the file: the frames and XMP before it stand.
            damage = error
        }
        // Blocks ran to the end of the file without the trailer byte: the file was cut.
        if damage == nil, complete, !ended { damage = .incomplete("no GIF trailer: the file ends at byte \(file.size), after \(frames) frames") }
        if frames > 1, complete, damage == nil { metadata.duration = Double(delays) / 100 }
        return MetadataReading(metadata, problem: damage)
    }

    /// The XMP application extension stores the packet raw (its "sub-block lengths" are
    /// packet bytes) followed by a 258-byte magic trailer starting with 0x01; XMP text
    /// never contains 0x01, so the packet ends there.
    private static func xmpPacket(_ cursor: inout Cursor) throws(MetadataError) -> [UInt8] {
        var packet: [UInt8] = []
        while true {
            let length = try cursor.byte()
            if length == 0 { break }
            packet.append(length)
            packet += try cursor.bytes(Int(length))
            guard packet.count <= maxXMP else { throw .malformed("XMP packet too large", offset: cursor.position) }
        }
        if let end = packet.firstIndex(of: 0x01) { packet.removeSubrange(end...) }
        return packet
    }

    /// A forward-only cursor over the file, reading 64 KiB at a time.
    struct Cursor {
        let file: MediaFile
        var position: Int
        private var buffer: [UInt8] = []
        private var bufferStart = 0

        init(file: MediaFile, position: Int) {
            self.file = file
            self.position = position
        }

        mutating func byte() throws(MetadataError) -> UInt8 {
            if position < bufferStart || position >= bufferStart + buffer.count {
                buffer = try file.read(at: position, count: 64 * 1024)
                bufferStart = position
                guard !buffer.isEmpty else { throw .truncated(offset: position, needed: 1) }
            }
            defer { position += 1 }
            return buffer[position - bufferStart]
        }

        mutating func bytes(_ count: Int) throws(MetadataError) -> [UInt8] {
            var result: [UInt8] = []
            result.reserveCapacity(count)
            for _ in 0 ..< count { result.append(try byte()) }
            return result
        }

        mutating func skip(_ count: Int) throws(MetadataError) {
            guard count <= file.size - position else { throw .truncated(offset: position, needed: count) }
            position += count
        }

        /// Skips data sub-blocks up to and including the zero-length terminator.
        mutating func skipSubBlocks() throws(MetadataError) {
            while true {
                let length = Int(try byte())
                if length == 0 { return }
                try skip(length)
            }
        }
    }
}
