/// Renders a ``CommitReceipt`` and an undo report.
public enum ReceiptRenderer {
    public static func text(_ receipt: CommitReceipt, terminal: Console) -> TerminalText {
        let verb = receipt.destination == .permanently ? "deleted" : "moved"
        let place: TerminalText
        switch receipt.destination {
        case .trash: place = " to the trash"
        case let .quarantine(directory): place = " to \(directory)"
        case .permanently: place = ""
        }
        let title = receipt.cancelled ? "Commit \(receipt.commit) cancelled" : "Commit \(receipt.commit)"
        let companions = receipt.companionsMoved > 0 ? ", with " + English.count(receipt.companionsMoved, "companion") : ""
        var lines: [TerminalText] = ["\(title): \(verb) \(English.count(receipt.moved, "file"))\(place) (\(ByteCount.format(receipt.bytes)))\(companions)"]
        if !receipt.trashes.isEmpty && receipt.moved + receipt.companionsMoved > 0 {
            let folders = receipt.trashes.map { TerminalText(path: $0) }.joined(separator: ", ")
            lines.append("in the trash at \(folders) ('trash-list' and the file manager's trash show them)")
        }
        if receipt.cancelled { lines.append(terminal.styled("not moved: \(receipt.stillStaged) still staged (interrupted)", "33")) }
        if receipt.alreadyGone > 0 { lines.append("already gone: \(receipt.alreadyGone)") }
        if !receipt.skipped.isEmpty {
            // A twin whose keeper changed is unstaged by the commit (its reason says so); the rest stay staged.
            let unstaged = receipt.skipped.filter(\.reason.unstages).count
            let rows = unstaged == 0 ? "still staged" : unstaged == receipt.skipped.count ? "unstaged"
                : "\(unstaged) unstaged, the rest still staged"
            lines.append(terminal.styled("skipped: \(receipt.skipped.count) (left in place, \(rows))", "33"))
            for skip in receipt.skipped { lines.append("  \(path: skip.path): \(skip.reason)") }
        }
        for listed in receipt.stillListed {
            lines.append("\(listed.application): \(English.count(listed.files, "file")) will show as missing until you remove "
                         + "\(listed.files == 1 ? "it" : "them") there, or 'cull undo' (\(listed.catalog))")
        }
        // Nothing moved (every file was already gone): nothing to undo, so no undo is offered.
        if receipt.destination != .permanently && receipt.moved + receipt.companionsMoved > 0 {
            lines.append("undo with: cull undo \(receipt.commit)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    public static func json(_ receipt: CommitReceipt) -> String { value(receipt).rendered(pretty: false) + "\n" }

    /// The receipt as a JSON object: `cull commit --format json`, and `commit` of `cull run`'s.
    public static func value(_ receipt: CommitReceipt) -> JSONValue {
        .object([
            ("commit", .integer(receipt.commit)),
            ("mode", .string(receipt.destination.mode.rawValue)),
            ("moved", .integer(Int64(receipt.moved))),
            ("companions", .integer(Int64(receipt.companionsMoved))),
            ("gone", .integer(Int64(receipt.alreadyGone))),
            ("bytes", .integer(receipt.bytes)),
            ("cancelled", .bool(receipt.cancelled)),
            ("still_staged", .integer(Int64(receipt.stillStaged))),
            ("trash", .array(receipt.trashes.map(JSONValue.path))),
            ("skipped", .array(receipt.skipped.map {
                .object([("path", .path($0.path)), ("role", .string($0.role.rawValue)), ("reason", .string($0.reason.description))])
            })),
            ("catalogs", .array(receipt.stillListed.map {
                .object([("application", .string($0.application)), ("catalog", .string($0.catalog)), ("still_listed", .integer(Int64($0.files)))])
            })),
        ])
    }

    /// The undo report as one JSON object: the batch, how many came back, what was left and why.
    public static func json(_ report: CommitUndo.Report) -> String {
        JSONValue.object([
            ("commit", .integer(report.commit)),
            ("restored", .integer(Int64(report.restored))),
            ("marked_kept", .integer(Int64(report.restored))),
            ("cancelled", .bool(report.cancelled)),
            ("remaining", .integer(Int64(report.remaining))),
            ("refused", .array(report.refused.map { .object([("path", .path($0.path)), ("reason", .string($0.reason.description))]) })),
        ]).rendered(pretty: false) + "\n"
    }

    public static func text(_ report: CommitUndo.Report) -> TerminalText {
        var lines: [TerminalText] = ["Undo of commit \(report.commit)\(report.cancelled ? " cancelled" : ""): put back \(English.count(report.restored, "file"))"]
        if report.cancelled {
            lines.append("still in the trash: \(report.remaining) (interrupted; 'cull undo \(report.commit)' brings them back)")
        }
        if report.restored > 0 {
            // Said when it happens: later runs skip these files, and --explain says "you marked it kept".
            lines.append("kept: \(report.restored == 1 ? "it is" : "they are") marked kept, so no rule stages \(report.restored == 1 ? "it" : "them") again; "
                         + "'cull unkeep PATH...' lets the rules decide again")
        }
        if !report.refused.isEmpty {
            lines.append("left in the trash: \(report.refused.count)")
            for skip in report.refused { lines.append("  \(path: skip.path): \(skip.reason)") }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
