/// One ISO base media file format box (a QuickTime "atom"): where it is and how big.
///
/// Offsets are absolute file offsets, whether the box was found through `pread` or in
/// bytes already read into memory.
struct ISOBox: Sendable, Equatable {
    /// The four type bytes as Latin-1 text, so "©xyz" (0xA9 'x' 'y' 'z') reads naturally.
    var type: String
    /// The four type bytes as a big-endian integer (ilst items are named by key index).
    var code: UInt32
    var offset: Int
    var headerSize: Int
    var size: Int

    var payloadOffset: Int { offset + headerSize }
    var payloadSize: Int { size - headerSize }
    var end: Int { offset + size }
}

/// Where box bytes come from: a ``MediaFile`` (through `pread`) or a buffer in memory.
protocol BoxSource {
    /// Up to `count` bytes at absolute `offset`, fewer at the end of the data.
    func boxBytes(at offset: Int, count: Int) throws(MetadataError) -> ByteReader
}

extension MediaFile: BoxSource {
    func boxBytes(at offset: Int, count: Int) throws(MetadataError) -> ByteReader {
        try reader(at: offset, count: count)
    }
}

/// Bytes of one box already read into memory; `base` is the absolute offset of `bytes[0]`.
struct MemorySource: BoxSource {
    let bytes: [UInt8]
    let base: Int

    func boxBytes(at offset: Int, count: Int) -> ByteReader {
        let start = min(max(offset - base, 0), bytes.count)
        let end = count >= bytes.count - start ? bytes.count : start + max(count, 0)
        return ByteReader(Array(bytes[start ..< end]), base: base + start)
    }
}

/// A defensive walker for ISO-BMFF / QuickTime boxes, shared by the HEIF and QuickTime readers.
///
/// Every box must fit inside its parent, nesting is limited, and sizes smaller than the box
/// header are rejected, so a hostile file cannot make the walk loop, recurse or allocate wildly.
enum ISOBMFF {
    /// How deep boxes may nest before the file is treated as malformed.
    static let maxDepth = 16
    /// How many sibling boxes one container may hold.
    static let maxChildren = 100_000

    /// The box header at absolute `offset`; the box must end at or before `end`.
    static func header(_ source: some BoxSource, at offset: Int, end: Int) throws(MetadataError) -> ISOBox {
        guard offset >= 0, end - offset >= 8 else { throw .truncated(offset: max(offset, 0), needed: 8) }
        let reader = try source.boxBytes(at: offset, count: 16)
        let size32 = try reader.u32(at: 0)
        let code = try reader.u32(at: 4)
        let type = String(try reader.slice(4, 4).map { Character(Unicode.Scalar($0)) })
        var headerSize = 8
        let size: Int
        switch size32 {
        case 0:
            size = end - offset
        case 1:
            let large = try reader.u64(at: 8)
            guard large <= UInt64(Int.max) else {
                throw .malformed("box '\(type)' has an impossible 64-bit size", offset: offset)
            }
            size = Int(large)
            headerSize = 16
        default:
            size = Int(size32)
        }
        guard size >= headerSize else {
            throw .malformed("box '\(type)' size \(size) is smaller than its header", offset: offset)
        }
        guard size <= end - offset else {
            throw .malformed("box '\(type)' of \(size) bytes extends past its container", offset: offset)
        }
        return ISOBox(type: type, code: code, offset: offset, headerSize: headerSize, size: size)
    }

    /// The boxes laid end to end in `start ..< end`. Fewer than 8 trailing bytes are
    /// tolerated (QuickTime pads some containers with a 32-bit zero terminator).
    static func children(
        _ source: some BoxSource, from start: Int, to end: Int, depth: Int
    ) throws(MetadataError) -> [ISOBox] {
        guard depth <= maxDepth else { throw .malformed("boxes nested too deeply", offset: start) }
        var boxes: [ISOBox] = []
        var offset = start
        while end - offset >= 8 {
            let box = try header(source, at: offset, end: end)
            boxes.append(box)
            guard boxes.count <= maxChildren else { throw .malformed("too many boxes", offset: offset) }
            offset = box.end
        }
        return boxes
    }

    /// The first top-level box of `type` in `file` (`meta` of a HEIF, `moov` of a movie), or nil.
    static func topLevelBox(_ type: String, in file: MediaFile) throws(MetadataError) -> ISOBox? {
        var offset = 0
        for _ in 0 ..< maxChildren where file.size - offset >= 8 {
            let box = try header(file, at: offset, end: file.size)
            if box.type == type { return box }
            offset = box.end
        }
        return nil
    }

    /// How many top-level boxes ``requireTopLevelBoxesInFile(_:)`` checks (a fragmented movie
    /// has thousands; its first ones are checked, the rest are not worth the reads).
    static let maxTopLevelChecked = 1000

    /// Throws ``MetadataError/incomplete(_:)`` when a top-level box (`mdat` most often) runs past
    /// the end of the file: the file was cut. One 16-byte read per top-level box.
    static func requireTopLevelBoxesInFile(_ file: MediaFile) throws(MetadataError) {
        var offset = 0
        for _ in 0 ..< maxTopLevelChecked where file.size - offset >= 8 {
            let reader = try file.reader(at: offset, count: 16)
            let size32 = try reader.u32(at: 0)
            let type = String(try reader.slice(4, 4).map { Character(Unicode.Scalar($0)) })
            let size: UInt64
            switch size32 {
            case 0: return // extends to the end of the file, wherever that is
            case 1: size = reader.count >= 16 ? try reader.u64(at: 8) : UInt64.max
            default: size = UInt64(size32)
            }
            guard size >= 8 else { return } // not a box structure the readers can judge
            guard size <= UInt64(file.size - offset) else {
                let end = size > UInt64(Int.max - offset) ? "beyond any file" : "at byte \(offset + Int(size))"
                throw .incomplete("the '\(BoxName.shown(type))' box at byte \(offset) ends \(end), past the end of the file (\(file.size) bytes)")
            }
            offset += Int(size)
        }
    }

    /// The children of `box`, whose own fields take `skip` bytes (4 for a full box).
    static func children(
        of box: ISOBox, in source: some BoxSource, skip: Int = 0, depth: Int
    ) throws(MetadataError) -> [ISOBox] {
        guard box.payloadSize >= skip else { throw .truncated(offset: box.payloadOffset, needed: skip) }
        return try children(source, from: box.payloadOffset + skip, to: box.end, depth: depth)
    }

    /// The payload of `box`, at most `limit` bytes, as a reader with absolute offsets.
    static func payload(
        of box: ISOBox, in source: some BoxSource, limit: Int = 1 << 20
    ) throws(MetadataError) -> ByteReader {
        let reader = try source.boxBytes(at: box.payloadOffset, count: min(box.payloadSize, limit))
        guard reader.count == min(box.payloadSize, limit) else {
            throw .truncated(offset: box.payloadOffset, needed: box.payloadSize)
        }
        return reader
    }
}

extension ByteReader {
    /// A NUL-terminated string (or the rest of the bytes when the terminator is missing).
    mutating func cString() -> String {
        let start = position
        while position < count, bytes[position] != 0 { position += 1 }
        let text = String(decoding: bytes[start ..< position], as: UTF8.self)
        if position < count { position += 1 }
        return text
    }

    /// An unsigned big-endian integer of 0, 4 or 8 bytes (the ISO-BMFF variable-size fields).
    mutating func uint(size: Int) throws(MetadataError) -> Int {
        switch size {
        case 0: return 0
        case 4: return Int(try u32())
        case 8:
            let value = try u64()
            guard value <= UInt64(Int.max) else {
                throw .malformed("64-bit value out of range", offset: base + position - 8)
            }
            return Int(value)
        default: throw .malformed("field size \(size) is not 0, 4 or 8", offset: base + position)
        }
    }
}
