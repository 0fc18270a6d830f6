/// Reads PNG headers: `IHDR` size, `eXIf` (→ ``TIFFReader``), the uncompressed XMP
/// `iTXt` (→ ``XMPReader``) and a `tEXt`/`iTXt` "Software" keyword.
///
/// Chunks are walked header by header with `pread`, skipping their data, up to `IEND`, so
/// an `eXIf` after the image data is still found without reading the pixels. A file cut short keeps
/// what its chunks before the cut said.
enum PNGReader {
    /// The largest metadata chunk read into memory.
    static let maxChunk = 4 << 20
    /// How many chunks are walked before giving up on finding more metadata.
    static let maxChunks = 100_000
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// One chunk: its type and where its data lies in the file.
    struct Chunk: Equatable {
        var type: String
        var dataOffset: Int
        var length: Int
    }

    static func read(_ file: MediaFile, head: [UInt8]) throws(MetadataError) -> MetadataReading {
        var metadata = MediaMetadata()
        var exif = MediaMetadata()
        var xmp = MediaMetadata()
        let (chunks, damage) = try walk(file)
        for chunk in chunks {
            switch chunk.type {
            case "IHDR":
                let reader = try file.reader(at: chunk.dataOffset, count: 8)
                let width = try reader.u32(at: 0), height = try reader.u32(at: 4)
                guard width > 0, height > 0, width <= Int32.max, height <= Int32.max else {
                    throw .malformed("IHDR size \(width)x\(height)", offset: chunk.dataOffset)
                }
                metadata.width = Int(width)
                metadata.height = Int(height)
            case "eXIf":
                var bytes = try data(of: chunk, in: file)[...]
                if bytes.starts(with: Array("Exif\0\0".utf8)) { bytes = bytes.dropFirst(6) }
                if let parsed = try? TIFFReader.parseExif(Array(bytes)[...], base: chunk.dataOffset + chunk.length - bytes.count) {
                    exif.fillGaps(from: parsed)
                }
            case "iTXt", "tEXt":
                guard chunk.length <= maxChunk else { continue }
                let text = try textChunk(try data(of: chunk, in: file), international: chunk.type == "iTXt")
                if text?.keyword == "XML:com.adobe.xmp", let body = text?.body {
                    xmp.fillGaps(from: XMPReader.parse(Array(body)[...]))
                } else if text?.keyword == "Software", let body = text?.body, metadata.software == nil {
                    // tEXt is Latin-1, iTXt UTF-8.
                    metadata.software = chunk.type == "tEXt"
                        ? String(body.map { Character(Unicode.Scalar($0)) })
                        : String(decoding: body, as: UTF8.self)
                }
            default:
                continue
            }
        }
        metadata.fillGaps(from: exif)
        metadata.fillGaps(from: xmp)
        return MetadataReading(metadata, problem: damage)
    }

    /// The chunks from `IHDR` up to `IEND`, headers only; throws when the file is cut.
    static func chunks(_ file: MediaFile) throws(MetadataError) -> [Chunk] {
        let (chunks, damage) = try walk(file)
        if let damage { throw damage }
        return chunks
    }

    /// The whole chunks from `IHDR` up to `IEND` (or the cut), and the cut when the file ends before `IEND`.
    static func walk(_ file: MediaFile) throws(MetadataError) -> (chunks: [Chunk], damage: MetadataError?) {
        let start = try file.read(at: 0, count: 16)
        guard start.starts(with: signature) else { throw .malformed("bad PNG signature", offset: 0) }
        var chunks: [Chunk] = []
        var offset = signature.count
        while file.size - offset >= 8, chunks.count < maxChunks {
            let header = try file.reader(at: offset, count: 8)
            let length = try header.u32(at: 0)
            let type = String(decoding: try header.slice(4, 4), as: UTF8.self)
            guard length <= Int32.max else { throw .malformed("chunk length \(length)", offset: offset) }
            if chunks.isEmpty, type != "IHDR" || length < 8 {
                throw .malformed("first chunk is not IHDR", offset: offset)
            }
            guard Int(length) <= file.size - offset - 12 else {
                let cut = MetadataError.incomplete("the '\(BoxName.shown(type))' chunk at byte \(offset) ends at byte "
                                                   + "\(offset + 12 + Int(length)), past the end of the file (\(file.size) bytes)")
                guard !chunks.isEmpty else { throw .truncated(offset: offset, needed: Int(length) + 12) }
                return (chunks, cut)
            }
            chunks.append(Chunk(type: type, dataOffset: offset + 8, length: Int(length)))
            if type == "IEND" { break }
            offset += 12 + Int(length)
        }
        guard !chunks.isEmpty else { throw .truncated(offset: offset, needed: 12) }
        // Every PNG ends with IEND; a file that stops at a chunk boundary before it was cut there.
        if chunks.last?.type != "IEND", chunks.count < maxChunks {
            return (chunks, .incomplete("no IEND chunk: the file ends at byte \(file.size), after the '\(BoxName.shown(chunks.last!.type))' chunk"))
        }
        return (chunks, nil)
    }

    /// A chunk's data, at most ``maxChunk`` bytes.
    private static func data(of chunk: Chunk, in file: MediaFile) throws(MetadataError) -> [UInt8] {
        guard chunk.length <= maxChunk else { throw .malformed("\(chunk.type) chunk too large", offset: chunk.dataOffset) }
        return try file.read(at: chunk.dataOffset, count: chunk.length)
    }

    /// Splits a `tEXt` or uncompressed `iTXt` chunk into keyword and text; `nil` for
    /// compressed `iTXt` (zlib is not decoded).
    static func textChunk(_ data: [UInt8], international: Bool) throws(MetadataError) -> (keyword: String, body: ArraySlice<UInt8>)? {
        var reader = ByteReader(data)
        let keyword = reader.cString()
        guard international else { return (keyword, try reader.read(reader.remaining)) }
        let compressed = try reader.u8()
        try reader.skip(1) // compression method
        _ = reader.cString() // language tag
        _ = reader.cString() // translated keyword
        guard compressed == 0 else { return nil }
        return (keyword, try reader.read(reader.remaining))
    }
}
