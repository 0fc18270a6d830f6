/// The groups part of a group rule's plan line: how many groups, each keeper and the ranking key
/// that decided it, what is staged and the bytes freed.
enum GroupRenderer {
    /// Groups listed in full before "… and N more groups".
    static let shown = 10

    static func text(_ groups: [GroupOutcome], terminal: Console) -> [TerminalText] {
        guard !groups.isEmpty else { return [] }
        let staged = groups.reduce(0) { $0 + $1.staged.count }
        let bytes = groups.reduce(Int64(0)) { $0 + $1.bytes }
        var lines: [TerminalText] = ["    \(TrashRenderer.count(groups.count, groups[0].group.spec.noun)): "
                                     + "\(English.count(staged, groups[0].group.spec.stagedNoun)) to stage, \(ByteCount.format(bytes)) freed"]
        for group in groups.prefix(shown) {
            let paths = Dictionary(group.members.map { ($0.id, $0.path) }, uniquingKeysWith: { first, _ in first })
            let keeper: TerminalText = group.keeper.map { "keep " + terminal.styled(TerminalText(path: $0.path), "32") + " (\(group.decidedBy))" }
                ?? "keeps nothing new: \(group.decidedBy)"
            var line: TerminalText = "    \(group.group.displayKey) ×\(group.members.count): " + keeper
            if !group.staged.isEmpty {
                line += "; stage " + group.staged.compactMap { paths[$0].map { TerminalText(path: $0) } }.joined(separator: ", ")
            }
            lines.append(line)
        }
        if groups.count > shown { lines.append("    … and \(groups.count - shown) more groups (--format json lists them all)") }
        return lines
    }

    /// The groups as a JSON array, written into `out` (the plan's JSON is written so, not built
    /// as a ``JSONValue`` tree: its groups were most of a plan's JSON time).
    static func json(_ groups: [GroupOutcome], into out: inout ReviewJSON) {
        out.array(groups) { out, group in
            out.raw("{\"kind\":"); out.string(group.group.spec.key)
            out.raw(",\"key\":"); out.string(group.group.key)
            out.raw(",\"members\":"); out.array(group.members) { $0.path($1.path) }
            out.raw(",\"keeper\":")
            if let keeper = group.keeper { out.path(keeper.path) } else { out.raw("null") }
            out.raw(",\"decided_by\":"); out.string(group.decidedBy)
            out.raw(",\"staged\":")
            // The first member of each id (looked up in a table only in a large group).
            if group.members.count > 16 {
                let paths = Dictionary(group.members.map { ($0.id, $0.path) }, uniquingKeysWith: { first, _ in first })
                out.array(group.staged.compactMap { paths[$0] }) { $0.path($1) }
            } else {
                out.array(group.staged.compactMap { id in group.members.first { $0.id == id }?.path }) { $0.path($1) }
            }
            out.raw(",\"bytes\":"); out.integer(group.bytes)
            out.raw("}")
        }
    }
}
