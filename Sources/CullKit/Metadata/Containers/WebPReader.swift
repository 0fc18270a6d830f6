/// Reads WebP (RIFF) headers: the `VP8X` canvas or the `VP8 `/`VP8L` bitstream size,
/// `EXIF` (→ ``TIFFReader``), `XMP ` (→ ``XMPReader``) and, for animations, the sum of
/// the `ANMF` frame durations. A file cut short keeps what its chunks before the cut said.
enum WebPReader {
    /// The largest EXIF or XMP chunk read.
    static let maxChunk = 4 << 20
    /// How many chunks are walked at most.
    static let maxChunks = 100_000

    /// One RIFF chunk: its FourCC and where its data lies in the file.
    struct Chunk: Equatable {
        var type: String
        var dataOffset: Int
        var length: Int
    }

    static func read(_ file: MediaFile, head: [UInt8]) throws(MetadataError) -> MetadataReading {
        var metadata = MediaMetadata()
        var canvas: (Int, Int)?
        var bitstream: (Int, Int)?
        var frameMilliseconds = 0, frames = 0
        var exif = MediaMetadata(), xmp = MediaMetadata()
        let (chunks, damage) = try walk(file)
        for chunk in chunks {
            switch chunk.type {
            case "VP8X":
                let reader = try file.reader(at: chunk.dataOffset, count: 10, bigEndian: false)
                guard reader.count == 10, chunk.length >= 10 else { throw .truncated(offset: chunk.dataOffset, needed: 10) }
                canvas = (try uint24(reader, at: 4) + 1, try uint24(reader, at: 7) + 1)
            case "VP8 " where bitstream == nil:
                let reader = try file.reader(at: chunk.dataOffset, count: 10, bigEndian: false)
                guard try reader.slice(3, 3).elementsEqual([0x9D, 0x01, 0x2A]) else {
                    throw .malformed("VP8 start code missing", offset: chunk.dataOffset + 3)
                }
                bitstream = (Int(try reader.u16(at: 6) & 0x3FFF), Int(try reader.u16(at: 8) & 0x3FFF))
            case "VP8L" where bitstream == nil:
                let reader = try file.reader(at: chunk.dataOffset, count: 5, bigEndian: false)
                guard try reader.slice(0, 1).first == 0x2F else {
                    throw .malformed("VP8L signature missing", offset: chunk.dataOffset)
                }
                let bits = try reader.u32(at: 1)
                bitstream = (Int(bits & 0x3FFF) + 1, Int(bits >> 14 & 0x3FFF) + 1)
            case "ANMF":
                let reader = try file.reader(at: chunk.dataOffset, count: 16, bigEndian: false)
                frameMilliseconds += try uint24(reader, at: 12)
                frames += 1
            case "EXIF":
                var bytes = try data(of: chunk, in: file)[...]
                if bytes.starts(with: Array("Exif\0\0".utf8)) { bytes = bytes.dropFirst(6) }
                if let parsed = try? TIFFReader.parseExif(Array(bytes)[...], base: chunk.dataOffset + chunk.length - bytes.count) {
                    exif.fillGaps(from: parsed)
                }
            case "XMP ":
                xmp.fillGaps(from: XMPReader.parse(try data(of: chunk, in: file)[...]))
            default:
                continue
            }
        }
        guard let (width, height) = canvas ?? bitstream else {
            if let damage { throw damage }
            throw .malformed("no VP8X, VP8 or VP8L chunk", offset: 12)
        }
        metadata.width = width
        metadata.height = height
        if frames > 1, damage == nil { metadata.duration = Double(frameMilliseconds) / 1000 }
        metadata.fillGaps(from: exif)
        metadata.fillGaps(from: xmp)
        return MetadataReading(metadata, problem: damage)
    }

    /// The chunks after the "RIFF....WEBP" header; throws when the file is cut.
    static func chunks(_ file: MediaFile) throws(MetadataError) -> [Chunk] {
        let (chunks, damage) = try walk(file)
        if let damage { throw damage }
        return chunks
    }

    /// The whole chunks after the "RIFF....WEBP" header, bounded by the RIFF size and the file, and
    /// the damage when the file ends before the RIFF size or a chunk does.
    static func walk(_ file: MediaFile) throws(MetadataError) -> (chunks: [Chunk], damage: MetadataError?) {
        let header = try file.reader(at: 0, count: 12, bigEndian: false)
        guard (try header.slice(0, 4)).elementsEqual("RIFF".utf8),
              (try header.slice(8, 4)).elementsEqual("WEBP".utf8) else {
            throw .malformed("not a RIFF WEBP file", offset: 0)
        }
        let declared = Int(try header.u32(at: 4)) + 8
        // The RIFF header says how long the file is (one pad byte of slack for odd writers).
        var damage: MetadataError?
        if declared > file.size + 1 {
            damage = .incomplete("RIFF size \(declared) runs past the end of the file (\(file.size) bytes)")
        }
        let end = min(declared, file.size)
        var chunks: [Chunk] = []
        var offset = 12
        while end - offset >= 8, chunks.count < maxChunks {
            let reader = try file.reader(at: offset, count: 8, bigEndian: false)
            let type = String(decoding: try reader.slice(0, 4), as: UTF8.self)
            let length = Int(try reader.u32(at: 4))
            guard length <= end - offset - 8 else {
                if damage == nil {
                    damage = .incomplete("the '\(BoxName.shown(type))' chunk at byte \(offset) ends at byte \(offset + 8 + length), "
                                         + "past the end of \(end == file.size ? "the file" : "its RIFF size") (\(end) bytes)")
                }
                break
            }
            chunks.append(Chunk(type: type, dataOffset: offset + 8, length: length))
            offset += 8 + length + (length & 1)
        }
        return (chunks, damage)
    }

    /// A chunk's data, at most ``maxChunk`` bytes.
    private static func data(of chunk: Chunk, in file: MediaFile) throws(MetadataError) -> [UInt8] {
        guard chunk.length <= maxChunk else { throw .malformed("\(chunk.type) chunk too large", offset: chunk.dataOffset) }
        return try file.read(at: chunk.dataOffset, count: chunk.length)
    }

    /// A 24-bit little-endian integer.
    private static func uint24(_ reader: ByteReader, at offset: Int) throws(MetadataError) -> Int {
        let bytes = try reader.slice(offset, 3)
        return bytes.reversed().reduce(0) { $0 << 8 | Int($1) }
    }
}
