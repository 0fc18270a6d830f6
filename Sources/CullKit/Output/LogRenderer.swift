/// Renders `cull log`: the runs of `.cull/log` and the commits and undos of the index.
public enum LogRenderer {
    public static func text(runs: [LibraryLog.Entry], batches: [LibraryLog.Batch]) -> TerminalText {
        var lines: [TerminalText] = []
        if runs.isEmpty && batches.isEmpty { lines.append("Nothing recorded yet.") }
        for run in runs { lines.append("\(run.at)  \(run.command)  \(summary(run.fields))") }
        if !batches.isEmpty { lines.append((runs.isEmpty ? "" : "\n") + "batches:") }
        for batch in batches {
            var line: TerminalText = "  \(RunLog.time(batch.finishedAt ?? batch.startedAt))  \(batch.kind.rawValue) \(batch.commit)  \(batch.state.rawValue)"
            if let mode = batch.mode, let moved = batch.moved, let bytes = batch.bytes {
                line += "  \(mode.rawValue), moved \(English.count(moved, "file")) (\(ByteCount.format(bytes)))"
            }
            lines.append(line)
            lines += returned(batch.returned)
        }
        return lines.map { $0 + "\n" }.joined()
    }

    /// The most files that came back a commit's line lists; `cull find 'returned: true'` lists them all.
    static let returnsShown = 10

    /// The lines under a commit of what it took that came back since.
    static func returned(_ returns: [LibraryLog.Return]) -> [TerminalText] {
        guard !returns.isEmpty else { return [] }
        var lines: [TerminalText] = ["    came back since (as the last run reading 'returned' found): \(English.count(returns.count, "file"))"]
        for item in returns.prefix(returnsShown) {
            lines.append("      \(path: item.path): \(item.evidence.phrase(distance: item.distance)) as \(path: item.from)")
        }
        if returns.count > returnsShown {
            lines.append("      and \(returns.count - returnsShown) more: cull find 'returned: true'")
        }
        return lines
    }

    public static func json(runs: [LibraryLog.Entry], batches: [LibraryLog.Batch]) -> JSONValue {
        .object([("runs", .array(runs.map(\.fields))), ("batches", .array(batches.map(json)))])
    }

    /// The counts of a log line, `key=value`, without the fields the line already shows.
    static func summary(_ fields: JSONValue) -> String {
        guard case let .object(pairs) = fields else { return "" }
        return pairs.filter { !["at", "command", "version"].contains($0.0) }
            .map { "\($0.0)=\($0.1.rendered(pretty: false))" }.joined(separator: " ")
    }

    static func json(_ batch: LibraryLog.Batch) -> JSONValue {
        // Every batch has every key: an undo's mode and counts are null, not missing.
        .object([
            ("kind", .string(batch.kind.rawValue)), ("commit", .integer(batch.commit)), ("state", .string(batch.state.rawValue)),
            ("started_at", .instant(batch.startedAt)), ("finished_at", batch.finishedAt.map(JSONValue.instant) ?? .null),
            ("mode", batch.mode.map { .string($0.rawValue) } ?? .null), ("moved", batch.moved.map { .integer(Int64($0)) } ?? .null),
            ("bytes", batch.bytes.map { .integer($0) } ?? .null),
            ("returned", .array(batch.returned.map { item in
                .object([("path", .path(item.path)), ("from", .path(item.from)), ("evidence", .string(item.evidence.rawValue)),
                         ("distance", .integer(Int64(item.distance)))])
            })),
        ])
    }
}
