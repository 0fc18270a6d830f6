#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CXXHash

/// Hashes the image data of a file alone, leaving its metadata out, so a re-tagged, stripped or
/// XMP-edited copy hashes like its original (ExifTool's ImageDataHash idea). Only the container
/// structure is walked, never the codec: JPEG's segments except APP0–APP15 and COM (with the
/// entropy-coded data), PNG's IHDR, PLTE and IDAT chunks, HEIF/AVIF's primary item data (and the
/// tiles of a grid), a movie's `mdat` payloads. Streamed through one XXH3-128 state and one
/// buffer, so memory stays bounded whatever the file; every walk advances, so time is bounded by
/// the file's size.
final class ImageDataHasher {
    /// The containers whose image data can be told from their metadata.
    static let formats: Set<MediaFormat> = [.jpeg, .png, .heic, .avif, .mov, .mp4, .m4v, .threeGP]

    /// Why a file's image data could not be hashed (recorded, the file is never grouped).
    struct Failure: Error, Equatable {
        let reason: String
    }

    private let state: OpaquePointer
    private var buffer: UnsafeMutableRawBufferPointer
    private static let bufferSize = 1 << 20
    /// Reads issued for the last file (what its cost is made of; the bounds tests read it).
    private(set) var reads = 0
    /// The bytes of the last header read, from `windowStart`; emptied for each file.
    private var window: [UInt8] = []
    private var windowStart: Int64 = 0
    private static let windowSize = 64 << 10

    init() {
        state = XXH3_createState()
        buffer = .allocate(byteCount: Self.bufferSize, alignment: 64)
    }

    deinit {
        XXH3_freeState(state)
        buffer.deallocate()
    }

    /// The hash of `file`'s image data, read as `format`.
    func hash(_ file: ReadOnlyFile, format: MediaFormat) throws(Failure) -> ContentHash {
        XXH3_128bits_reset(state)
        reads = 0
        window = []
        windowStart = 0
        // The family goes first, so a PNG never collides with a movie whose bytes it happens to hold.
        let family: UInt8
        switch format {
        case .jpeg: family = 1; feed([family]); try jpeg(file)
        case .png: family = 2; feed([family]); try png(file)
        case .heic, .avif: family = 3; feed([family]); try heif(file)
        case .mov, .mp4, .m4v, .threeGP: family = 4; feed([family]); try movie(file)
        default: throw Failure(reason: "no image-data hash for \(format.rawValue) files")
        }
        return ContentHash(XXH3_128bits_digest(state))
    }

    // MARK: - Reading

    private func feed(_ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { XXH3_128bits_update(state, $0.baseAddress, $0.count) }
    }

    /// Up to `count` bytes at `offset` (fewer only at the end of the file), through a window of
    /// ``windowSize`` bytes: a file of thousands of 4-byte segments or 12-byte chunks is walked
    /// with a read per window, not one per header.
    private func bytes(_ file: ReadOnlyFile, at offset: Int64, count: Int) throws(Failure) -> [UInt8] {
        let start = try fill(file, at: offset, count: count)
        return Array(window[start ..< min(window.count, start + count)])
    }

    /// The two bytes at `offset` (a JPEG marker or length), read through the window without an
    /// array of their own.
    private func pair(_ file: ReadOnlyFile, at offset: Int64) throws(Failure) -> (UInt8, UInt8) {
        let start = try fill(file, at: offset, count: 2)
        guard start + 2 <= window.count else { throw Failure(reason: "truncated at offset \(offset)") }
        return (window[start], window[start + 1])
    }

    /// Makes the window hold `count` bytes at `offset` (or what the file has of them); returns
    /// where they start in it.
    private func fill(_ file: ReadOnlyFile, at offset: Int64, count: Int) throws(Failure) -> Int {
        if offset < windowStart || offset + Int64(count) > windowStart + Int64(window.count) {
            var fresh = [UInt8](repeating: 0, count: max(count, Self.windowSize))
            reads += 1
            let got = fresh.withUnsafeMutableBytes { file.read(into: $0, at: offset) }
            guard let got else { throw Failure(reason: "read failed at offset \(offset)") }
            fresh.removeSubrange(got...)
            window = fresh
            windowStart = offset
        }
        return Int(offset - windowStart)
    }

    private func exactly(_ file: ReadOnlyFile, at offset: Int64, count: Int) throws(Failure) -> [UInt8] {
        let result = try bytes(file, at: offset, count: count)
        guard result.count == count else { throw Failure(reason: "truncated at offset \(offset)") }
        return result
    }

    /// Hashes `length` bytes at `offset`, a buffer at a time; they must all be in the file.
    private func include(_ file: ReadOnlyFile, from offset: Int64, length: Int64) throws(Failure) {
        guard offset >= 0, length >= 0, length <= file.identity.size - offset else {
            throw Failure(reason: "data at offset \(offset) runs past the end of the file")
        }
        var done: Int64 = 0
        while done < length {
            let want = Int(min(Int64(Self.bufferSize), length - done))
            let part = UnsafeMutableRawBufferPointer(rebasing: buffer[0..<want])
            reads += 1
            guard let got = file.read(into: part, at: offset + done), got == want else {
                throw Failure(reason: "read failed at offset \(offset + done)")
            }
            XXH3_128bits_update(state, part.baseAddress, want)
            done += Int64(want)
        }
    }

    // MARK: - JPEG

    /// Every segment but APPn and COM, and the entropy-coded data after each SOS, up to EOI.
    private func jpeg(_ file: ReadOnlyFile) throws(Failure) {
        let size = file.identity.size
        guard try bytes(file, at: 0, count: 2) == [0xFF, 0xD8] else { throw Failure(reason: "no JPEG start marker") }
        var offset: Int64 = 2
        var sawScan = false
        while true {
            // A marker: 0xFF, optional fill bytes, then the code.
            var head = try pair(file, at: offset)
            guard head.0 == 0xFF else { throw Failure(reason: "no JPEG marker at offset \(offset)") }
            while head.1 == 0xFF {
                offset += 1
                head = try pair(file, at: offset)
            }
            let code = head.1
            if code == 0xD9 {
                guard sawScan else { throw Failure(reason: "JPEG ends before any image data") }
                feed([0xFF, 0xD9])
                return
            }
            // Standalone markers carry no length.
            if code == 0x01 || (0xD0...0xD7).contains(code) {
                feed([0xFF, code])
                offset += 2
                continue
            }
            let lengthBytes = try pair(file, at: offset + 2)
            let length = Int64(lengthBytes.0) << 8 | Int64(lengthBytes.1)
            guard length >= 2 else { throw Failure(reason: "JPEG segment length \(length) at offset \(offset)") }
            let isMetadata = (0xE0...0xEF).contains(code) || code == 0xFE
            if !isMetadata { try include(file, from: offset, length: 2 + length) }
            offset += 2 + length
            guard offset <= size else { throw Failure(reason: "JPEG segment runs past the end of the file") }
            if code == 0xDA {
                sawScan = true
                offset = try entropyCodedData(file, from: offset)
            }
        }
    }

    /// Hashes the entropy-coded data starting at `start` (restart markers and stuffed bytes are
    /// data) and returns the offset of the marker that ends it.
    private func entropyCodedData(_ file: ReadOnlyFile, from start: Int64) throws(Failure) -> Int64 {
        var offset = start
        while true {
            let part = UnsafeMutableRawBufferPointer(rebasing: buffer[0..<Self.bufferSize])
            reads += 1
            guard let got = file.read(into: part, at: offset) else { throw Failure(reason: "read failed at offset \(offset)") }
            let bytes = UnsafeRawBufferPointer(rebasing: part[0..<got])
            var index = 0
            var end = got
            while index < got {
                // memchr: 0xFF is frequent in entropy-coded data (stuffed as FF 00), so the scan is the hot loop.
                guard let hit = memchr(bytes.baseAddress! + index, 0xFF, got - index) else { break }
                let found = UnsafeRawPointer(hit) - bytes.baseAddress!
                if found + 1 >= got {
                    // A 0xFF ends the buffer: the next read starts with it and decides.
                    end = found
                    break
                }
                let next = bytes[found + 1]
                if next == 0x00 || (0xD0...0xD7).contains(next) || next == 0xFF {
                    index = found + 1
                    continue
                }
                // A real marker: the data ends before it.
                XXH3_128bits_update(state, bytes.baseAddress, found)
                return offset + Int64(found)
            }
            guard got == Self.bufferSize, end > 0 else { throw Failure(reason: "JPEG image data has no end marker") }
            XXH3_128bits_update(state, bytes.baseAddress, end)
            offset += Int64(end)
        }
    }

    // MARK: - PNG

    private static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    private static let pngImageChunks: Set<String> = ["IHDR", "PLTE", "IDAT"]

    /// The IHDR, PLTE and IDAT chunks (length, type, data and CRC), up to IEND.
    private func png(_ file: ReadOnlyFile) throws(Failure) {
        guard try bytes(file, at: 0, count: 8) == Self.pngSignature else { throw Failure(reason: "no PNG signature") }
        var offset: Int64 = 8
        var sawData = false
        while true {
            let head = try exactly(file, at: offset, count: 8)
            let length = head[0..<4].reduce(Int64(0)) { $0 << 8 | Int64($1) }
            let type = String(decoding: head[4..<8], as: UTF8.self)
            guard length <= Int64(Int32.max) else { throw Failure(reason: "PNG chunk length \(length) at offset \(offset)") }
            if type == "IEND" {
                guard sawData else { throw Failure(reason: "PNG ends before any image data") }
                return
            }
            if Self.pngImageChunks.contains(type) {
                try include(file, from: offset, length: 12 + length)
                if type == "IDAT" { sawData = true }
            }
            offset += 12 + length
            guard offset <= file.identity.size else { throw Failure(reason: "PNG chunk runs past the end of the file") }
        }
    }

    // MARK: - ISO-BMFF

    /// The coded data of the primary item (and of the tiles it is derived from), as `iloc` places it.
    private func heif(_ file: ReadOnlyFile) throws(Failure) {
        let source = FileBoxSource(file: file)
        let fileSize = Int(file.identity.size)
        do {
            guard let meta = try topLevelBoxes(source, size: fileSize).first(where: { $0.type == "meta" }) else {
                throw Failure(reason: "no meta box")
            }
            guard meta.size <= HEIFReader.maxMetaSize else { throw Failure(reason: "meta box too large") }
            let bytes = try source.boxBytes(at: meta.offset, count: meta.size)
            guard bytes.count == meta.size else { throw Failure(reason: "meta box truncated") }
            let summary = try HEIFReader.parseMeta(MemorySource(bytes: bytes.bytes, base: meta.offset), meta, fileSize: fileSize)
            guard !summary.imageData.isEmpty else { throw Failure(reason: "no primary image data") }
            // A grid may name one tile (or an extent that runs to the end of the file) any number
            // of times; the coded data of a real file is laid out once. Hashing stays bounded by
            // the file's size.
            let total = summary.imageData.reduce(0) { $0 + $1.length }
            guard total <= fileSize else {
                throw Failure(reason: "image data extents add up to \(total) bytes, more than the file (\(fileSize) bytes)")
            }
            for extent in summary.imageData {
                try include(file, from: Int64(extent.offset), length: Int64(extent.length))
            }
        } catch let error as MetadataError {
            throw Failure(reason: "\(error)")
        } catch let failure as Failure {
            throw failure
        } catch {
            throw Failure(reason: "\(error)")
        }
    }

    /// The payload of every top-level `mdat`, in file order.
    private func movie(_ file: ReadOnlyFile) throws(Failure) {
        let source = FileBoxSource(file: file)
        let boxes: [ISOBox]
        do {
            boxes = try topLevelBoxes(source, size: Int(file.identity.size))
        } catch {
            throw Failure(reason: "\(error)")
        }
        let data = boxes.filter { $0.type == "mdat" && $0.payloadSize > 0 }
        guard !data.isEmpty else { throw Failure(reason: "no mdat box") }
        for box in data { try include(file, from: Int64(box.payloadOffset), length: Int64(box.payloadSize)) }
    }

    private func topLevelBoxes(_ source: FileBoxSource, size: Int) throws(MetadataError) -> [ISOBox] {
        try ISOBMFF.children(source, from: 0, to: size, depth: 0)
    }
}

/// ISO-BMFF boxes read from a file opened by descriptor.
private struct FileBoxSource: BoxSource {
    let file: ReadOnlyFile

    func boxBytes(at offset: Int, count: Int) throws(MetadataError) -> ByteReader {
        let size = Int(file.identity.size)
        guard offset >= 0, offset < size, count > 0 else { return ByteReader([], base: offset) }
        var bytes = [UInt8](repeating: 0, count: min(count, size - offset))
        let got = bytes.withUnsafeMutableBytes { file.read(into: $0, at: Int64(offset)) }
        guard let got else { throw .io("read failed at offset \(offset)") }
        bytes.removeSubrange(got...)
        return ByteReader(bytes, base: offset)
    }
}
