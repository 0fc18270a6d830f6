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

    public var bytes: [UInt8] {
        // One allocation: this runs twice per row of a cold refresh's 50k-row store.
        withUnsafeBytes(of: (high.bigEndian, low.bigEndian)) { Array($0) }
    }

    /// Lowercase hex, for plans and JSON.
    public var hex: String { bytes.map { PathBytes.hex($0) }.joined().lowercased() }
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
