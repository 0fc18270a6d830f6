#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Helpers for paths held as raw bytes (file names on Linux need not be UTF-8).
public enum PathBytes {
    static let slash: UInt8 = 47

    /// `parent/child`.
    public static func join(_ parent: [UInt8], _ child: [UInt8]) -> [UInt8] {
        // One allocation of the final size (a commit joins two paths for every file).
        var joined: [UInt8] = []
        joined.reserveCapacity(parent.count + 1 + child.count)
        joined += parent
        if parent.last != slash { joined.append(slash) }
        joined += child
        return joined
    }

    /// Everything before the last `/` (`/` for a top-level path, empty for a bare name).
    public static func parent(_ path: [UInt8]) -> [UInt8] {
        guard let index = path.lastIndex(of: slash) else { return [] }
        return index == 0 ? [slash] : Array(path[..<index])
    }

    /// The last component.
    public static func basename(_ path: [UInt8]) -> [UInt8] {
        guard let index = path.lastIndex(of: slash) else { return path }
        return Array(path[(index + 1)...])
    }

    /// The name without its last extension (`IMG_1.JPG` → `IMG_1`); the name itself when none.
    public static func stem(_ name: [UInt8]) -> [UInt8] {
        guard let dot = name.lastIndex(of: 46), dot > 0 else { return name }
        return Array(name[..<dot])
    }

    /// True when a library-relative path could leave the library: absolute, empty, or with
    /// an empty, `.` or `..` component.
    /// One pass over the bytes, no component copied (a plan asks it of every file it looks at, a commit twice per file).
    public static func escapes(_ relative: [UInt8]) -> Bool {
        if relative.isEmpty || relative.first == slash { return true }
        return relative.withUnsafeBufferPointer { bytes in
            var start = 0
            for end in 0...bytes.count where end == bytes.count || bytes[end] == slash {
                switch end - start {
                case 0: return true
                case 1 where bytes[start] == 46, 2 where bytes[start] == 46 && bytes[start + 1] == 46: return true
                default: start = end + 1
                }
            }
            return false
        }
    }

    /// Text for humans: a terminal, a plain-text stream, a caption (see ``Escape/terminal(_:)-(Bytes)``:
    /// UTF-8 as is, controls, bidi controls and bytes that are not UTF-8 made visible).
    public static func display(_ path: [UInt8]) -> String { Escape.terminal(path) }

    static func hex(_ byte: UInt8) -> String { Escape.hex(byte) }
}

extension PathBytes {
    /// Byte order of two paths (memcmp, then length): the order fingerprints and listings use.
    /// `lexicographicallyPrecedes` on `[UInt8]` is generic and dominated sorting 50k staged paths.
    @inline(__always)
    public static func precedes(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
        let common = min(lhs.count, rhs.count)
        let order = lhs.withUnsafeBytes { a in rhs.withUnsafeBytes { b in common == 0 ? 0 : memcmp(a.baseAddress!, b.baseAddress!, common) } }
        return order != 0 ? order < 0 : lhs.count < rhs.count
    }

    /// The lowercase extension of a file name, without the dot ("" when none).
    public static func lowercaseExtension<C: BidirectionalCollection>(_ name: C) -> String where C.Element == UInt8 {
        guard let dot = name.lastIndex(of: UInt8(ascii: ".")), dot != name.startIndex else { return "" }
        let ext = name[name.index(after: dot)...]
        guard ext.count <= 5 else { return "" }
        // On the stack: the walk asks this of every file, and a lowercased copy was an array each time.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 5) { buffer in
            var count = 0
            for byte in ext {
                buffer[count] = (byte >= 65 && byte <= 90) ? byte + 32 : byte
                count += 1
            }
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<count]), as: UTF8.self)
        }
    }
}
