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
        JSONValue.object(fields.keys.sorted().map { key in
            switch fields[key]! {
            case let .int(number): (key, .integer(number))
            case let .bool(flag): (key, .bool(flag))
            case let .string(text): (key, .string(text))
            }
        }).rendered(pretty: false) + "\n"
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
