import CullKit
import Foundation

/// `cull log`: the runs recorded in `.cull/log` and the commits and undos the index records.
struct LogCommand: CullCommand {
    static let spec = CommandSpec(
        name: "log",
        abstract: "Show the runs recorded in .cull/log and every commit and undo, oldest first.",
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
        let runs = LibraryLog.entries(library: library)
        let batches = try LibraryLog.batches(db: try library.openIndex())
        if format == .json {
            terminal.outJSON(.object([
                ("runs", .array(runs.map(\.fields))),
                ("batches", .array(batches.map(Self.json))),
            ]))
            return .success
        }
        if runs.isEmpty && batches.isEmpty { terminal.out("Nothing recorded yet.\n") }
        for run in runs { terminal.out("\(run.at)  \(run.command)  \(Self.summary(run.fields))\n") }
        if !batches.isEmpty { terminal.out((runs.isEmpty ? "" : "\n") + "batches:\n") }
        for batch in batches {
            var line: TerminalText = "  \(RunLog.time(batch.finishedAt ?? batch.startedAt))  \(batch.kind) \(batch.commit)  \(batch.state)"
            if let mode = batch.mode, let moved = batch.moved, let bytes = batch.bytes {
                line += "  \(mode), moved \(English.count(moved, "file")) (\(ByteCount.format(bytes)))"
            }
            terminal.out(line + "\n")
        }
        return .success
    }

    /// The counts of a log line, `key=value`, without the fields the line already shows.
    static func summary(_ fields: JSONValue) -> String {
        guard case let .object(pairs) = fields else { return "" }
        return pairs.filter { !["at", "command", "version"].contains($0.0) }
            .map { "\($0.0)=\($0.1.rendered(pretty: false))" }.joined(separator: " ")
    }

    static func json(_ batch: LibraryLog.Batch) -> JSONValue {
        var fields: [(String, JSONValue)] = [
            ("kind", .string(batch.kind)), ("commit", .integer(batch.commit)), ("state", .string(batch.state)),
            ("started_at", .instant(batch.startedAt)), ("finished_at", batch.finishedAt.map(JSONValue.instant) ?? .null),
        ]
        // Every batch has every key: an undo's mode and counts are null, not missing.
        fields += [("mode", batch.mode.map { .string($0) } ?? .null), ("moved", batch.moved.map { .integer(Int64($0)) } ?? .null),
                   ("bytes", batch.bytes.map { .integer($0) } ?? .null)]
        return .object(fields)
    }
}
