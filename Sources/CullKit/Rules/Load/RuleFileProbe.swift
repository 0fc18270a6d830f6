#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Why a path cannot be a rule file, said in words before the YAML parser would echo raw bytes.
enum RuleFileProbe {
    /// The reason `path` cannot be read (`no such file`, `permission denied`, `is a folder`).
    static func whyUnreadable(_ path: String) -> String {
        var info = stat()
        if stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR { return "it is a folder" }
        if stat(path, &info) == 0 && (info.st_mode & S_IFMT) != S_IFREG { return "it is not a regular file" }
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        if fd < 0 { return String(cString: strerror(errno)).lowercased() }
        close(fd)
        return "read failed"
    }

    /// Known magic numbers at the start of a file, and what to call such a file.
    private static let signatures: [(offset: Int, bytes: [UInt8], name: String)] = [
        (0, [0xFF, 0xD8, 0xFF], "a JPEG image"),
        (0, [0x89, 0x50, 0x4E, 0x47], "a PNG image"),
        (0, Array("GIF8".utf8), "a GIF image"),
        (8, Array("WEBP".utf8), "a WebP image"),
        (4, Array("ftypheic".utf8), "a HEIC image"),
        (4, Array("ftypqt".utf8), "a QuickTime movie"),
        (4, Array("ftyp".utf8), "an ISO media file (HEIF, MP4 or MOV)"),
        (0, [0x49, 0x49, 0x2A, 0x00], "a TIFF or RAW image"),
        (0, [0x4D, 0x4D, 0x00, 0x2A], "a TIFF or RAW image"),
        (0, Array("%PDF".utf8), "a PDF document"),
        (0, [0x50, 0x4B, 0x03, 0x04], "a ZIP archive"),
        (0, [0x1F, 0x8B], "a gzip archive"),
        (0, Array("SQLite format 3".utf8), "an SQLite database"),
    ]

    /// What a file that is not text looks like (`a JPEG image`, `binary data`), or nil for text.
    static func binaryKind(_ data: Data) -> String? {
        let head = Array(data.prefix(4096))
        for signature in signatures where head.count >= signature.offset + signature.bytes.count {
            if Array(head[signature.offset..<(signature.offset + signature.bytes.count)]) == signature.bytes { return signature.name }
        }
        if head.contains(0) { return "binary data" }
        // Not UTF-8: a cut in the middle of a character at the 4 KiB edge is still text.
        if String(validating: head, as: UTF8.self) == nil, String(validating: head.dropLast(3), as: UTF8.self) == nil {
            return "binary data"
        }
        return nil
    }
}
