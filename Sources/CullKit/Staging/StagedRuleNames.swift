extension StagingStore {
    /// The rules that staged at least one file, sorted: what `--rule` may name (and did-you-mean picks from).
    public func stagedRuleNames() throws -> [String] {
        var names: [String] = []
        try db.forEachRow("SELECT DISTINCT rule FROM reviews WHERE status = ? AND rule IS NOT NULL ORDER BY rule",
                          [StagingStatus.trashed.sql]) { row in
            if let name = row.string("rule") { names.append(name) }
        }
        return names
    }
}
