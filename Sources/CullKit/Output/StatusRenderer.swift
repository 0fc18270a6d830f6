/// `cull status`'s lines and JSON object (`docs/json/status.schema.json`).
public enum StatusRenderer {
    public static func text(_ status: LibraryStatus) -> TerminalText {
        var lines: [TerminalText] = [
            "library:     \(status.root)",
            "index:       \(ByteCount.format(status.indexBytes))",
            "assets:      \(English.count(status.assets, "file"))",
            "staged:      \(English.count(status.staged, "file")) (\(ByteCount.format(status.stagedBytes)))",
            "kept:        \(English.count(status.kept, "file"))",
            "last scan:   \(status.lastScan ?? "never")",
        ]
        if let commit = status.lastCommit {
            lines.append("last commit: \(commit.id) (\(commit.state.rawValue), \(commit.mode.rawValue)): moved \(English.count(commit.moved, "file")) "
                         + "(\(ByteCount.format(commit.bytes))) at \(RunLog.time(commit.at))")
        } else {
            lines.append("last commit: never")
        }
        for open in status.unfinished {
            lines.append("unfinished:  \(open) (interrupted by a crash; the next writing command finishes it)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    public static func json(_ status: LibraryStatus) -> JSONValue {
        .object([
            ("library", .string(status.root)),
            ("index_bytes", .integer(status.indexBytes)),
            ("assets", .integer(Int64(status.assets))),
            ("staged", .integer(Int64(status.staged))),
            ("staged_bytes", .integer(status.stagedBytes)),
            ("kept", .integer(Int64(status.kept))),
            ("last_scan", status.lastScan.map { .string($0) } ?? .null),
            ("last_commit", status.lastCommit.map { commit in
                .object([("id", .integer(commit.id)), ("state", .string(commit.state.rawValue)), ("mode", .string(commit.mode.rawValue)),
                         ("moved", .integer(Int64(commit.moved))), ("bytes", .integer(commit.bytes)),
                         ("at", .instant(commit.at))])
            } ?? .null),
            ("unfinished", .array(status.unfinished.map { .string($0) })),
        ])
    }
}
