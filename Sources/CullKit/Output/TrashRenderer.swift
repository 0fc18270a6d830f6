/// Renders `cull trash` (a ``TrashListing``) and the commit plan shown before confirming.
public enum TrashRenderer {
    /// Totals by rule, then the first `limit` items in the listing's order (a terminal is no place
    /// for fifty thousand lines; `--format paths` lists every one).
    public static func text(_ listing: TrashListing, terminal: Terminal, limit: Int = 50) -> String {
        guard listing.total.count > 0 else { return "Nothing is staged.\n" }
        var lines = [terminal.styled("Staged: \(listing.total.count) files, \(ByteCount.format(listing.total.bytes))", "1")]
        for total in listing.byRule {
            lines.append("  \(total.rule): \(total.count) files, \(ByteCount.format(total.bytes))")
        }
        lines.append("")
        let shown = listing.items.prefix(limit)
        for item in shown {
            let size = ByteCount.format(item.size)
            lines.append(String(repeating: " ", count: max(0, 10 - size.count)) + size + "  "
                         + PathBytes.display(item.path) + terminal.styled("  [\(item.rule ?? "-")]", "2"))
        }
        if shown.count < listing.items.count {
            lines.append("  … and \(listing.items.count - shown.count) more (--format paths lists them all)")
        }
        lines.append("fingerprint: \(listing.fingerprint)")
        return lines.joined(separator: "\n") + "\n"
    }

    public static func json(_ listing: TrashListing) -> String {
        func optional(_ text: String?) -> JSONValue { text.map(JSONValue.string) ?? .null }
        return JSONValue.object([
            ("count", .integer(Int64(listing.total.count))),
            ("bytes", .integer(listing.total.bytes)),
            ("fingerprint", .string(listing.fingerprint)),
            ("by_rule", .array(listing.byRule.map {
                .object([("rule", .string($0.rule)), ("count", .integer(Int64($0.count))), ("bytes", .integer($0.bytes))])
            })),
            ("items", .array(listing.items.map { item in
                .object([("id", .integer(item.id)), ("path", .string(PathBytes.display(item.path))), ("size", .integer(item.size)),
                         ("kind", optional(item.kind)), ("rule", optional(item.rule)), ("rule_file", optional(item.ruleFile)),
                         ("staged_at", .integer(item.stagedAt))])
            })),
        ]).rendered(pretty: false) + "\n"
    }
}
