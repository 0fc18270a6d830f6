import CullKit
import Foundation

/// `cull status`: the library at a glance; read-only (an unfinished commit is reported, never finished).
struct StatusCommand: CullCommand {
    static let spec = CommandSpec(
        name: "status",
        abstract: "Show the library, its index, what is staged and kept, the last scan and commit; changes nothing.",
        options: [CommonOptions.library, CommonOptions.textOrJSON]
    )

    let library: String?
    let format: OutputFormat

    init(_ arguments: ParsedArguments) throws(UsageError) {
        try arguments.expectNoArguments()
        library = arguments.value(CommonOptions.library)
        format = arguments.choice(CommonOptions.textOrJSON, default: .text)
    }

    func run(_ terminal: Terminal) throws -> ExitCode {
        let library = try Library.locate(explicit: library)
        let db = try library.openIndex()
        let status = try LibraryStatus.read(library: library, db: db)
        // Catalogs in the default places are looked at here too; status itself never refuses.
        let report = try CatalogSync(db: db, root: library.root).refresh()
        let catalogs = try CatalogStore.all(db).filter { $0.state != .unrelated }
        if format == .json {
            terminal.outJSON(Self.json(status))
        } else {
            terminal.out(Self.text(status) + catalogs.map { "catalog:     " + CatalogRenderer.text($0) }.joined())
        }
        for error in report.errors where format == .text { terminal.err("cull: warning: \(error)\n") }
        return .success
    }

    static func text(_ status: LibraryStatus) -> TerminalText {
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

    static func json(_ status: LibraryStatus) -> JSONValue {
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
