import Foundation
@testable import CullKit

/// Byte builders for PNG, GIF, WebP, HEIF and QuickTime fixtures, so reader tests need no
/// external tools or binary files.
enum Bytes {
    static func be16(_ value: Int) -> [UInt8] { [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
    static func be32(_ value: Int) -> [UInt8] { (0 ..< 4).map { UInt8(value >> (24 - 8 * $0) & 0xFF) } }
    static func be64(_ value: Int) -> [UInt8] { (0 ..< 8).map { UInt8(truncatingIfNeeded: value >> (56 - 8 * $0)) } }
    static func le16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
    static func le24(_ value: Int) -> [UInt8] { (0 ..< 3).map { UInt8(value >> (8 * $0) & 0xFF) } }
    static func le32(_ value: Int) -> [UInt8] { (0 ..< 4).map { UInt8(value >> (8 * $0) & 0xFF) } }
    /// Latin-1 bytes, so "©xyz" becomes A9 78 79 7A.
    static func latin1(_ text: String) -> [UInt8] { text.unicodeScalars.map { UInt8($0.value & 0xFF) } }
    static func utf8(_ text: String) -> [UInt8] { Array(text.utf8) }
    static func zeros(_ count: Int) -> [UInt8] { [UInt8](repeating: 0, count: count) }

    /// An ISO-BMFF box.
    static func box(_ type: String, _ payload: [UInt8]) -> [UInt8] {
        be32(payload.count + 8) + latin1(type) + payload
    }

    /// An ISO-BMFF full box (version and flags before the payload).
    static func fullBox(_ type: String, version: Int = 0, flags: Int = 0, _ payload: [UInt8]) -> [UInt8] {
        box(type, [UInt8(version)] + Array(be32(flags).dropFirst()) + payload)
    }

    /// A RIFF chunk (padded to even length).
    static func riffChunk(_ type: String, _ payload: [UInt8]) -> [UInt8] {
        latin1(type) + le32(payload.count) + payload + (payload.count % 2 == 1 ? [0] : [])
    }

    /// A PNG chunk with a dummy CRC.
    static func pngChunk(_ type: String, _ payload: [UInt8]) -> [UInt8] {
        be32(payload.count) + latin1(type) + payload + [0, 0, 0, 0]
    }

    /// A minimal big-endian TIFF block (IFD0 with one Orientation entry).
    static let tiff: [UInt8] = utf8("MM") + [0, 42] + be32(8) + be16(1)
        + be16(0x0112) + be16(3) + be32(1) + be16(6) + be16(0) + be32(0)
}

/// Writes fixtures to a private temporary folder and reads them back through the real entry point.
final class FixtureFolder {
    let url: URL

    init() {
        // Thousands of rewrites (truncation and fuzz tests) are ~10x slower on a disk mounted
        // with `discard`; use tmpfs when it exists and TMPDIR does not say otherwise.
        let shm = "/dev/shm"
        let parent = ProcessInfo.processInfo.environment["TMPDIR"] == nil && FileManager.default.isWritableFile(atPath: shm)
            ? URL(fileURLWithPath: shm) : FileManager.default.temporaryDirectory
        url = parent.appendingPathComponent("cull-bmff-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// Writes `bytes` to `name` and returns the path.
    func write(_ bytes: [UInt8], name: String = "fixture") -> String {
        let path = url.appendingPathComponent(name).path
        try? Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Reads `bytes` through ``MetadataReaders/read(path:)``.
    func read(_ bytes: [UInt8], name: String = "fixture") throws(MetadataError) -> MediaMetadata {
        try MetadataReaders.read(path: write(bytes, name: name))
    }

    /// Opens `bytes` as a ``MediaFile``.
    func file(_ bytes: [UInt8], name: String = "fixture") throws(MetadataError) -> MediaFile {
        try MediaFile(path: write(bytes, name: name))
    }
}

