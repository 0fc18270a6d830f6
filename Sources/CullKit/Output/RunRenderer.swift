/// Renders a ``RunReport``: the one line cron mails, or one JSON object.
public enum RunRenderer {
    public static func line(_ report: RunReport) -> String {
        let scan = report.scan
        // In words: a cron mail is read by someone who never saw the command's help.
        var parts = ["\(scan.added) new, \(scan.changed) changed and \(scan.removed) gone since the last scan"
                     + (scan.broken > 0 ? " (\(scan.broken) of them broken; 'cull find broken: true' lists them)" : "")]
        if report.tripped != nil {
            parts.append("limit tripped: nothing staged")
        } else {
            parts.append("staged \(report.staged) (\(ByteCount.format(report.stagedBytes)))")
        }
        if let receipt = report.receipt {
            var commit = "committed \(receipt.moved) (\(ByteCount.format(receipt.bytes)))"
            if !receipt.trashes.isEmpty {
                commit += " to the trash at " + receipt.trashes.map { PathBytes.display($0) }.joined(separator: ", ")
            }
            if !receipt.skipped.isEmpty { commit += ", skipped \(receipt.skipped.count)" }
            if receipt.cancelled { commit += ", cancelled: \(receipt.stillStaged) still staged" }
            if receipt.moved + receipt.companionsMoved > 0 && receipt.destination != .permanently {
                commit += ", undo with 'cull undo \(receipt.commit)'"
            }
            parts.append(commit)
        }
        return "cull run: " + parts.joined(separator: "; ")
    }

    public static func json(_ report: RunReport) -> JSONValue {
        let scan = report.scan
        var fields: [(String, JSONValue)] = [
            ("scan", .object([
                ("added", .integer(Int64(scan.added))), ("changed", .integer(Int64(scan.changed))),
                ("removed", .integer(Int64(scan.removed))), ("broken", .integer(Int64(scan.broken))),
                ("unchanged", .integer(Int64(scan.unchanged))),
            ])),
            ("staged", .integer(Int64(report.staged))),
            ("staged_bytes", .integer(report.stagedBytes)),
            ("fingerprint", .string(report.fingerprint)),
            ("limit_tripped", .bool(report.tripped != nil)),
            ("limit_reason", report.tripped.map { .string($0) } ?? .null),
        ]
        // The same object `cull commit --format json` prints; null when nothing was committed.
        fields.append(("commit", report.receipt.map(ReceiptRenderer.value) ?? .null))
        fields += [("ms", .integer(report.milliseconds)), ("exit", .integer(Int64(report.exit)))]
        return .object(fields)
    }
}
