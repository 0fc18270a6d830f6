#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Renders `cull trash` (a ``TrashListing``) and the commit plan shown before confirming.
public enum TrashRenderer {
    /// Totals by rule, then the first `limit` items in the listing's order (a terminal is no place
    /// for fifty thousand lines; `--format paths` lists every one).
    /// Each item says how long it has been staged (`now`: epoch seconds), and a file gone from
    /// disk says so; gone files are not in the counts.
    public static func text(_ listing: TrashListing, terminal: Console, limit: Int = 50,
                            now: Int64 = Int64(time(nil))) -> TerminalText {
        guard !listing.items.isEmpty else { return "Nothing is staged.\n" }
        let companions = listing.companions
        var header: TerminalText = "Staged: \(English.count(listing.total.count, "file")), \(ByteCount.format(listing.total.bytes))"
        if !companions.travelling.isEmpty {
            header += "; with \(count(companions.travelling.count, "companion")) (\(ByteCount.format(companions.bytes)))"
        }
        let gone = listing.items.count(where: { listing.gone.contains($0.id) })
        if gone > 0 { header += "; \(gone) already gone (not counted)" }
        var lines: [TerminalText] = [terminal.styled(header, "1")]
        for total in listing.byRule {
            lines.append("  \(total.rule): \(English.count(total.count, "file")), \(ByteCount.format(total.bytes))")
        }
        lines.append("")
        let shown = listing.items.prefix(limit)
        var travelling: [PathKey: [Companion]] = [:]
        for companion in companions.travelling { travelling[PathKey(companion.owner), default: []].append(companion) }
        func sized(_ bytes: Int64, indent: Int = 10) -> String {
            let size = ByteCount.format(bytes)
            return String(repeating: " ", count: max(0, indent - size.count)) + size
        }
        for item in shown {
            let provenance: TerminalText = "\(item.rule ?? "-")" + (item.livePairOf.map { ", live pair of \(path: $0)" } ?? "")
            let age = English.ago(max(0, now - item.stagedAt))
            let state: TerminalText = listing.gone.contains(item.id) ? terminal.styled("  gone: deleted or moved outside Cull", "33")
                : listing.heldBack[item.id].map { terminal.styled("  held back: \($0)", "33") } ?? ""
            let when = terminal.styled(age.padding(toLength: 15, withPad: " ", startingAt: 0), "2")
            lines.append("\(sized(item.size))  \(when)\(path: item.path)" + terminal.styled("  [\(provenance)]", "2") + state)
            for companion in travelling[PathKey(item.path)] ?? [] {
                lines.append("\(sized(companion.size, indent: 14))  + \(path: companion.path)"
                             + terminal.styled("  (\(companion.role.rawValue) sidecar)", "2"))
            }
        }
        if shown.count < listing.items.count {
            lines.append("  … and \(listing.items.count - shown.count) more (--format paths lists them all)")
        }
        lines += staying(companions)
        lines.append("fingerprint: \(listing.fingerprint)")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The commit prompt: everything that would leave, companions included, with the bytes of all.
    public static func prompt(_ listing: TrashListing, destination: CommitDestination) -> TerminalText {
        let what = destination == .permanently ? "DELETE" : "move"
        let leaving = listing.leaving
        let bytes = leaving.reduce(0) { $0 + $1.size } + listing.companions.bytes
        var files = count(leaving.count, "file")
        if !listing.companions.travelling.isEmpty { files += " and " + count(listing.companions.travelling.count, "companion") }
        var notes: [String] = []
        if !listing.heldBack.isEmpty { notes.append("\(listing.heldBack.count) held back") }
        if !listing.gone.isEmpty { notes.append("\(listing.gone.count) already gone") }
        return "Type 'yes' to \(what) \(files) (\(ByteCount.format(bytes)))\(notes.map { "; " + $0 }.joined()): "
    }

    /// `Pair/IMG_1.xmp stays: shared with Pair/IMG_1.JPG`, for each sidecar a staying file keeps.
    static func staying(_ companions: CompanionPlan) -> [TerminalText] {
        companions.staying.map { companion in
            "  \(path: companion.path) stays: shared with " + companion.sharedWith.map { TerminalText(path: $0) }.joined(separator: ", ")
        }
    }

    static func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }

    static func json(_ companion: Companion) -> JSONValue {
        .object([("path", .path(companion.path)), ("role", .string(companion.role.rawValue)),
                 ("size", .integer(companion.size)), ("with", .path(companion.owner)),
                 ("shared_with", .array(companion.sharedWith.map(JSONValue.path)))])
    }

    public static func json(_ listing: TrashListing) -> String {
        func optional(_ text: String?) -> JSONValue { text.map(JSONValue.string) ?? .null }
        return JSONValue.object([
            ("count", .integer(Int64(listing.total.count))),
            ("bytes", .integer(listing.total.bytes)),
            ("gone", .integer(Int64(listing.items.count(where: { listing.gone.contains($0.id) })))),
            ("fingerprint", .string(listing.fingerprint)),
            ("companions", .array(listing.companions.travelling.map(json))),
            ("companion_bytes", .integer(listing.companions.bytes)),
            ("companions_staying", .array(listing.companions.staying.map(json))),
            ("held_back", .array(listing.staged.compactMap { item in
                listing.heldBack[item.id].map { .object([("path", .path(item.path)), ("reason", .string($0.description))]) }
            })),
            ("by_rule", .array(listing.byRule.map {
                .object([("rule", .string($0.rule)), ("count", .integer(Int64($0.count))), ("bytes", .integer($0.bytes))])
            })),
            ("items", .array(listing.items.map { item in
                .object([("id", .integer(item.id)), ("path", .path(item.path)), ("size", .integer(item.size)),
                         ("kind", optional(item.kind?.rawValue)), ("rule", optional(item.rule)), ("rule_file", optional(item.ruleFile)),
                         ("staged_at", .instant(item.stagedAt)), ("gone", .bool(listing.gone.contains(item.id))),
                         ("live_pair_of", item.livePairOf.map(JSONValue.path) ?? .null)])
            })),
        ]).rendered(pretty: false) + "\n"
    }
}
