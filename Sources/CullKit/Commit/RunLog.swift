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
    public static func quote(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    out += "\\u00" + PathBytes.hex(UInt8(scalar.value))
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
