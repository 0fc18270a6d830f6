#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Output formats of the staging and commit commands.
public enum OutputFormat: String, Sendable, CaseIterable {
    /// Human text (colour only on a TTY).
    case text
    /// One JSON document.
    case json
    /// Library-relative paths, one per line (NUL-separated with `-0`).
    case paths
}

/// `1.2 MB`-style sizes (decimal units, as rules write them).
public enum ByteCount {
    public static func format(_ bytes: Int64) -> String {
        let units = ["B", "KB", "MB", "GB", "TB"]
        var value = Double(bytes)
        var unit = 0
        while value >= 1000 && unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        if unit == 0 { return "\(bytes) B" }
        let rounded = (value * 10).rounded() / 10
        return "\(rounded) \(units[unit])"
    }
}

extension Console {
    /// Writes raw bytes to standard output (paths that are not UTF-8 stay intact).
    public func outBytes(_ bytes: [UInt8]) { _ = FileOps.writeAll(STDOUT_FILENO, bytes) }

    /// Paths one per line, or NUL-terminated when `nul` (`-0`): the raw bytes for a pipe (`xargs -0`
    /// gets the exact names), but on a terminal each as ``Escape/terminal(_:)-(Bytes)`` shows it, as `ls`
    /// does: a name is not a way to write escape sequences to the screen.
    public func outPaths(_ paths: [[UInt8]], nul: Bool) {
        var buffer: [UInt8] = []
        for path in paths {
            buffer += stdoutIsTTY ? Array(TerminalText.withoutCommands(Escape.terminal(path)).utf8) : path
            buffer.append(nul ? 0 : 10)
        }
        outBytes(buffer)
    }
}
