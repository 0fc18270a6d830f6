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

    /// Unix seconds as ISO 8601 in UTC (`2026-12-03T07:45:12Z`), as each line's `at` has them.
    /// Not `ISO8601DateFormatter`: making one loads ICU's calendar and time-zone data, a
    /// millisecond of every run.
    public static func time(_ seconds: Int64) -> String { CivilDate.iso8601(seconds, offsetMinutes: 0) }

    /// Appends one line to `.cull/log` with a single O_APPEND write; logging never fails a run.
    public static func append(library: Library, _ fields: [String: Field]) {
        var fields = fields
        if fields["at"] == nil { fields["at"] = .string(time(Int64(Date().timeIntervalSince1970))) }
        fields["version"] = .string(CullVersion.string)
        let path = library.controlDirectory + "/log"
        let fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return }
        _ = FileOps.writeAll(fd, Array(line(fields).utf8))
        close(fd)
    }
}
