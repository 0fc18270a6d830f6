import CSQLite
import CXXHash

/// A 128-bit XXH3 digest (libxxhash), stored as 16 big-endian bytes.
public struct ContentHash: Sendable, Hashable {
    public let high: UInt64
    public let low: UInt64

    init(_ digest: XXH128_hash_t) {
        high = digest.high64
        low = digest.low64
    }

    /// Reads the 16 bytes ``bytes`` wrote; nil for anything else.
    init?(bytes: [UInt8]?) {
        guard let bytes, bytes.count == 16 else { return nil }
        high = bytes[0..<8].reduce(0) { $0 << 8 | UInt64($1) }
        low = bytes[8..<16].reduce(0) { $0 << 8 | UInt64($1) }
    }

    /// Reads `column` of `row` as ``bytes`` wrote it, without copying it to an array first
    /// (a cold refresh reads two per asset); nil for anything else.
    @inline(__always)
    init?(_ row: Row, _ column: Row.Column) {
        let (handle, index) = (row.statement.handle, column.position)
        guard sqlite3_column_type(handle, index) == SQLITE_BLOB, sqlite3_column_bytes(handle, index) == 16,
              let blob = sqlite3_column_blob(handle, index) else { return nil }
        let raw = UnsafeRawBufferPointer(start: blob, count: 16)
        high = raw.loadUnaligned(fromByteOffset: 0, as: UInt64.self).bigEndian
        low = raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self).bigEndian
    }

    /// Binds ``bytes`` to parameter `index` of `statement` without making an array of them.
    func bind(to statement: Statement, at index: Int32) throws(DatabaseError) {
        let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
        let code = withUnsafeBytes(of: (high.bigEndian, low.bigEndian)) { raw in
            sqlite3_bind_blob(statement.handle, index, raw.baseAddress, 16, transient)
        }
        try statement.check(code)
    }

    public var bytes: [UInt8] {
        // One allocation: this runs twice per row of a cold refresh's 50k-row store.
        withUnsafeBytes(of: (high.bigEndian, low.bigEndian)) { Array($0) }
    }

    /// Lowercase hex, for plans and JSON.
    public var hex: String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(32)
        for byte in bytes { text += [digits[Int(byte >> 4)], digits[Int(byte & 15)]] }
        return String(decoding: text, as: UTF8.self)
    }
}

/// Hashes open files: the partial hash (first and last block) and the full content, streamed
/// through one XXH3 state so memory stays one buffer whatever the file size.
final class ContentHasher {
    /// The size of each block of the partial hash.
    static let blockSize = 16 * 1024
    private let state: OpaquePointer
    private var buffer: UnsafeMutableRawBufferPointer

    init() {
        state = XXH3_createState()
        buffer = .allocate(byteCount: 1 << 20, alignment: 64)
    }

    deinit {
        XXH3_freeState(state)
        buffer.deallocate()
    }

    /// The hash of the first and last ``blockSize`` bytes (the whole file when it is not longer
    /// than two blocks), or nil when reading fails or the file is shorter than its identity says.
    func partial(_ file: ReadOnlyFile) -> ContentHash? {
        let size = file.identity.size
        let block = Int64(Self.blockSize)
        if size <= 2 * block { return full(file) }
        XXH3_128bits_reset(state)
        for offset in [0, size - block] {
            let part = UnsafeMutableRawBufferPointer(rebasing: buffer[0..<Self.blockSize])
            guard file.read(into: part, at: offset) == Self.blockSize else { return nil }
            XXH3_128bits_update(state, part.baseAddress, Self.blockSize)
        }
        return ContentHash(XXH3_128bits_digest(state))
    }

    /// The hash of the whole content; nil when reading fails or the length is not the identity's size.
    func full(_ file: ReadOnlyFile) -> ContentHash? {
        let size = file.identity.size
        if size < Int64(buffer.count) {
            // Most files: one read, one one-shot hash.
            guard file.readWhole(into: buffer, size: Int(size)) else { return nil }
            return ContentHash(XXH3_128bits(buffer.baseAddress, Int(size)))
        }
        XXH3_128bits_reset(state)
        var offset: Int64 = 0
        while true {
            guard let count = file.read(into: buffer, at: offset) else { return nil }
            if count == 0 { break }
            XXH3_128bits_update(state, buffer.baseAddress, count)
            offset += Int64(count)
        }
        return offset == file.identity.size ? ContentHash(XXH3_128bits_digest(state)) : nil
    }
}
