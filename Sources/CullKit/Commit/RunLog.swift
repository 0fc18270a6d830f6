#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// `.cull/log`: one JSON line per run, counts and timings only — never a photo path.
public enum RunLog {
    /// A value in a log line (kept to numbers, booleans and short fixed strings on purpose).
    public enum Field: Sendable {
        case int(Int64)
        case string(String)
        case bool(Bool)
    }

    /// The JSON line for `fields` (keys sorted, so lines are stable and greppable).
    public static func line(_ fields: [String: Field]) -> String {
        let body = fields.keys.sorted().map { key -> String in
            let value: String
            switch fields[key]! {
            case let .int(number): value = String(number)
            case let .bool(flag): value = flag ? "true" : "false"
            case let .string(text): value = JSONText.quote(text)
            }
            return JSONText.quote(key) + ":" + value
        }
        return "{" + body.joined(separator: ",") + "}\n"
    }

    /// Appends one line to `.cull/log` with a single O_APPEND write; logging never fails a run.
    public static func append(library: Library, _ fields: [String: Field]) {
        var fields = fields
        if fields["at"] == nil { fields["at"] = .string(ISO8601DateFormatter().string(from: Date())) }
        fields["version"] = .string(CullVersion.string)
        let path = library.controlDirectory + "/log"
        let fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return }
        _ = FileOps.writeAll(fd, Array(line(fields).utf8))
        close(fd)
    }
}

/// Minimal JSON string quoting for hand-built output.
public enum JSONText {
    /// `text` as a JSON string literal. Works on UTF-8 bytes: most text needs no escaping and is
    /// copied whole (appending scalar by scalar cost a quarter of a 10k-file commit).
    public static func quote(_ text: String) -> String {
        var bytes: [UInt8] = [UInt8(ascii: "\"")]
        var text = text
        text.withUTF8 { utf8 in
            bytes.reserveCapacity(utf8.count + 2)
            for byte in utf8 {
                switch byte {
                case UInt8(ascii: "\""): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
                case UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
                case UInt8(ascii: "\n"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
                case UInt8(ascii: "\r"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
                case UInt8(ascii: "\t"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
                case 0 ..< 0x20: bytes += Array("\\u00".utf8) + Array(PathBytes.hex(byte).utf8)
                default: bytes.append(byte)
                }
            }
        }
        bytes.append(UInt8(ascii: "\""))
        return String(decoding: bytes, as: UTF8.self)
    }
}
