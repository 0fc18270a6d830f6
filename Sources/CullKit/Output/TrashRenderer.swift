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
        let totals = listing.byRule.map { "{\"rule\":\(JSONText.quote($0.rule)),\"count\":\($0.count),\"bytes\":\($0.bytes)}" }
        let items = listing.items.map { item in
            "{\"id\":\(item.id),\"path\":\(JSONText.quote(PathBytes.display(item.path))),\"size\":\(item.size),"
                + "\"kind\":\(item.kind.map(JSONText.quote) ?? "null"),\"rule\":\(item.rule.map(JSONText.quote) ?? "null"),"
                + "\"rule_file\":\(item.ruleFile.map(JSONText.quote) ?? "null"),\"staged_at\":\(item.stagedAt)}"
        }
        return "{\"count\":\(listing.total.count),\"bytes\":\(listing.total.bytes),\"fingerprint\":\(JSONText.quote(listing.fingerprint)),"
            + "\"by_rule\":[" + totals.joined(separator: ",") + "],\"items\":[" + items.joined(separator: ",") + "]}\n"
    }
}
