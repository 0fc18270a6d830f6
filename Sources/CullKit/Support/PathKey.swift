/// A raw path as a dictionary key, hashed in one pass over its bytes (an `[UInt8]` key hashes
/// byte by byte, which dominated warm rescans and journal building).
struct PathKey: Hashable, Sendable {
    let bytes: [UInt8]

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    func hash(into hasher: inout Hasher) {
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
    }
}
