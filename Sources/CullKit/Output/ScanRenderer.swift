import Foundation

/// `cull scan`'s output: the summary line, what it hashed and analysed, the files it names, the
/// warnings (photos that could not be decoded, catalogs); or one JSON object (`docs/json/scan.schema.json`).
public enum ScanRenderer {
    /// The lines for standard output and for standard error (warnings), in order.
    public static func text(_ outcome: ScanRun.Outcome, verbose: Bool) -> (out: [TerminalText], err: [TerminalText]) {
        let summary = outcome.summary
        var out: [TerminalText] = [TerminalText(own: summary.line)]
        if let hashed = outcome.hashed {
            out.append("hashed \(own: English.count(hashed.hashed, "file")) (\(ByteCount.format(hashed.bytesRead)) read), \(hashed.skipped) could not be hashed")
        }
        if let analysed = outcome.analysed {
            out.append("analysed \(own: English.count(analysed.analysed, "photo")), \(analysed.failed) could not be decoded")
        }
        if let text = outcome.text {
            out.append("read the text of \(own: English.count(text.looked, "photo")) (\(text.recognized) with text), \(text.failed) could not be decoded")
        }
        out += summary.detailLines
        if verbose {
            out += summary.ignored.entries.map { "ignored: \(path: $0.path) (\($0.reason.words))" }
            if summary.ignored.unlisted > 0 { out.append("ignored: … and \(summary.ignored.unlisted) more, not listed") }
        }
        return (out, summary.problems.map { "cull: warning: \(path: $0.path): \($0.reason)" })
    }

    /// The catalogs' notes and warnings, for standard error in every format (a scan only warns about a
    /// catalog it cannot read; plan, stage, run and commit refuse).
    public static func catalogLines(_ outcome: ScanRun.Outcome) -> [TerminalText] {
        outcome.catalogs.notes.map { "cull: note: \($0)" } + outcome.catalogs.errors.map { "cull: warning: \($0)" }
    }

    /// The summary as one JSON object (`cull scan --format json`).
    public static func json(_ outcome: ScanRun.Outcome) -> JSONValue { outcome.summary.json }
}

extension ScanSummary {
    /// The summary as one JSON object (`cull scan --format json`).
    var json: JSONValue {
        .object([
            ("added", .integer(Int64(added))), ("changed", .integer(Int64(changed))),
            ("removed", .integer(Int64(removed))), ("renamed", .integer(Int64(renamed))),
            ("broken", .integer(Int64(broken))), ("unreadable", .integer(Int64(unreadable))),
            ("declined", .integer(Int64(declined))), ("unchanged", .integer(Int64(unchanged))),
            ("disagreements", .integer(Int64(disagreements))), ("seconds", .number(seconds)),
            ("not_whole", .array(notWhole.map {
                .object([("path", .path($0.path)), ("state", .string($0.state.word)), ("reason", .string($0.state.reason))])
            })),
            ("disagreeing", .array(disagreeing.map { .path($0) })),
            ("problems", .array(problems.map { .object([("path", .path($0.path)), ("reason", .string($0.reason))]) })),
            ("skipped", .array(managed.map { library in
                .object([("path", .path(library.path)), ("application", .string(library.application))]
                    + (library.note.map { [("note", JSONValue.string($0))] } ?? []))
            })),
            ("ignored", .object([
                ("symlinks", .integer(Int64(ignored.symlinks))), ("hidden", .integer(Int64(ignored.hidden))),
                ("non_media", .integer(Int64(ignored.nonMedia))), ("unsupported", .integer(Int64(ignored.unsupported))),
                ("special", .integer(Int64(ignored.special))),
                ("files", .array(ignored.entries.map { .object([("path", .path($0.path)), ("reason", .string($0.reason.rawValue))]) })),
                ("files_not_listed", .integer(Int64(ignored.unlisted))),
            ])),
        ])
    }

    /// `added 12, changed 1, removed 0, broken 2, unchanged 4031 in 0.41s` (renamed, unreadable
    /// and declined appear when there are any).
    var line: String {
        let time = String(format: "%.2fs", seconds)
        let moved = renamed > 0 ? ", renamed \(renamed)" : ""
        let unread = (unreadable > 0 ? ", unreadable \(unreadable)" : "") + (declined > 0 ? ", declined \(declined)" : "")
        let disagree = disagreements > 0 ? ", sources disagree on \(disagreements)" : ""
        return "added \(added), changed \(changed), removed \(removed)\(moved), broken \(broken)\(unread), unchanged \(unchanged)"
            + "\(disagree) in \(time)"
    }

    /// One line per file found broken, unreadable or declined and per file whose sources disagree (the
    /// first ``namedAtMost`` of each, then how to list the rest), one per skipped library, then one
    /// counting what else was left out (none when nothing was).
    var detailLines: [TerminalText] {
        var lines: [TerminalText] = notWhole.map { "\(path: $0.path): \($0.state.line)" }
        for (word, count) in [("broken", broken), ("declined", declined), ("unreadable", unreadable)] {
            let unnamed = count - notWhole.count(where: { $0.state.word == word })
            if unnamed > 0 { lines.append("… and \(unnamed) more \(own: word) ('cull find \(own: word): true' lists them all)") }
        }
        lines += disagreeing.map { "\(path: $0): its sources disagree on rating or pick ('cull show' with its path says which)" }
        if disagreements > disagreeing.count {
            lines.append("… and \(disagreements - disagreeing.count) more whose sources disagree")
        }
        lines += managed.map { library in
            "skipped: \(path: library.path) (managed by \(library.application)\(library.note.map { ": " + $0 } ?? ""))"
        }
        func count(_ n: Int, _ one: String, _ many: String) -> String? { n == 0 ? nil : "\(n) \(n == 1 ? one : many)" }
        let parts = [count(ignored.symlinks, "symlink", "symlinks"), count(ignored.hidden, "hidden entry", "hidden entries"),
                     count(ignored.nonMedia, "non-media file", "non-media files"),
                     count(ignored.unsupported, "file of a format Cull does not read", "files of formats Cull does not read"),
                     count(ignored.special, "FIFO, socket or device", "FIFOs, sockets or devices")].compactMap { $0 }
        if !parts.isEmpty { lines.append("ignored: \(own: parts.joined(separator: ", ")) ('cull scan -v' lists them)") }
        return lines
    }
}
