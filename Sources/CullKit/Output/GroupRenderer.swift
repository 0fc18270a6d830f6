/// The groups part of a group rule's plan line: how many groups, each keeper and the ranking key
/// that decided it, what is staged and the bytes freed.
enum GroupRenderer {
    /// Groups listed in full before "… and N more groups".
    static let shown = 10

    static func text(_ groups: [GroupOutcome], terminal: Terminal) -> [String] {
        guard !groups.isEmpty else { return [] }
        let staged = groups.reduce(0) { $0 + $1.staged.count }
        let bytes = groups.reduce(Int64(0)) { $0 + $1.bytes }
        var lines = ["    " + TrashRenderer.count(groups.count, groups[0].group.spec.noun) + ": "
                     + English.count(staged, groups[0].group.spec.stagedNoun) + " to stage, \(ByteCount.format(bytes)) freed"]
        for group in groups.prefix(shown) {
            let paths = Dictionary(group.members.map { ($0.id, $0.path) }, uniquingKeysWith: { first, _ in first })
            let keeper = group.keeper.map { "keep " + terminal.styled(PathBytes.display($0.path), "32") + " (\(group.decidedBy))" }
                ?? "keeps nothing new: \(group.decidedBy)"
            var line = "    \(group.group.displayKey) ×\(group.members.count): " + keeper
            if !group.staged.isEmpty {
                line += "; stage " + group.staged.compactMap { paths[$0].map(PathBytes.display) }.joined(separator: ", ")
            }
            lines.append(line)
        }
        if groups.count > shown { lines.append("    … and \(groups.count - shown) more groups") }
        return lines
    }

    static func json(_ groups: [GroupOutcome]) -> JSONValue {
        .array(groups.map { group in
            let paths = Dictionary(group.members.map { ($0.id, $0.path) }, uniquingKeysWith: { first, _ in first })
            return .object([
                ("kind", .string(group.group.spec.key)),
                ("key", .string(group.group.key)),
                ("members", .array(group.members.map { .path($0.path) })),
                ("keeper", group.keeper.map { .path($0.path) } ?? .null),
                ("decided_by", .string(group.decidedBy)),
                ("staged", .array(group.staged.compactMap { paths[$0].map(JSONValue.path) })),
                ("bytes", .integer(group.bytes)),
            ])
        })
    }
}
