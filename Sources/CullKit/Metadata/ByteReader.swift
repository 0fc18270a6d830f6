/// A bounds-checked cursor over bytes, for parsing untrusted headers.
///
/// Every read checks the remaining length and throws ``MetadataError/truncated(offset:needed:)``
/// instead of trapping, so a hostile or cut-off file can never crash a scan. `base` is the
/// absolute file offset of `bytes[0]`, so errors point at the right place in the file.
public struct ByteReader: Sendable {
    public let bytes: [UInt8]
    public let base: Int
    public var position: Int
    public var bigEndian: Bool

    public init(_ bytes: [UInt8], base: Int = 0, bigEndian: Bool = true) {
        self.bytes = bytes
        self.base = base
        self.position = 0
        self.bigEndian = bigEndian
    }

    public var count: Int { bytes.count }
    public var remaining: Int { bytes.count - position }
    public var isAtEnd: Bool { position >= bytes.count }

    /// Throws unless `count` bytes are available at `offset` (relative to `bytes`).
    @inline(__always)
    public func require(_ count: Int, at offset: Int) throws(MetadataError) {
        guard count >= 0, offset >= 0, offset <= bytes.count, count <= bytes.count - offset else {
            throw .truncated(offset: base + max(offset, 0), needed: max(count, 0))
        }
    }

    public mutating func seek(to offset: Int) throws(MetadataError) {
        try require(0, at: offset)
        position = offset
    }

    public mutating func skip(_ count: Int) throws(MetadataError) {
        try require(count, at: position)
        position += count
    }

    public mutating func u8() throws(MetadataError) -> UInt8 {
        try require(1, at: position)
        defer { position += 1 }
        return bytes[position]
    }

    public mutating func u16() throws(MetadataError) -> UInt16 {
        let value = try u16(at: position)
        position += 2
        return value
    }

    public mutating func u32() throws(MetadataError) -> UInt32 {
        let value = try u32(at: position)
        position += 4
        return value
    }

    public mutating func u64() throws(MetadataError) -> UInt64 {
        let value = try u64(at: position)
        position += 8
        return value
    }

    public mutating func read(_ count: Int) throws(MetadataError) -> ArraySlice<UInt8> {
        try require(count, at: position)
        defer { position += count }
        return bytes[position ..< position + count]
    }

    public func u16(at offset: Int) throws(MetadataError) -> UInt16 {
        try require(2, at: offset)
        let a = UInt16(bytes[offset]), b = UInt16(bytes[offset + 1])
        return bigEndian ? (a << 8 | b) : (b << 8 | a)
    }

    public func u32(at offset: Int) throws(MetadataError) -> UInt32 {
        try require(4, at: offset)
        var value: UInt32 = 0
        for i in 0 ..< 4 {
            let byte = UInt32(bytes[offset + (bigEndian ? i : 3 - i)])
            value = value << 8 | byte
        }
        return value
    }

    public func u64(at offset: Int) throws(MetadataError) -> UInt64 {
        try require(8, at: offset)
        var value: UInt64 = 0
        for i in 0 ..< 8 {
            let byte = UInt64(bytes[offset + (bigEndian ? i : 7 - i)])
            value = value << 8 | byte
        }
        return value
    }

    public func slice(_ offset: Int, _ count: Int) throws(MetadataError) -> ArraySlice<UInt8> {
        try require(count, at: offset)
        return bytes[offset ..< offset + count]
    }

    /// Four ASCII bytes (a box type or chunk id) as a String, e.g. "ftyp".
    public mutating func fourCC() throws(MetadataError) -> String {
        let raw = try read(4)
        return String(decoding: raw, as: UTF8.self)
    }
}
