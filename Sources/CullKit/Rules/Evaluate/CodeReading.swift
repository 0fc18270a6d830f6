extension RuleEvaluator {
    /// Reads the codes (``CodeCache``) of the photos the rules of `files` may match where they read
    /// `code` or `code_text`: the photos that pass the rule's other top-level conditions (a rule
    /// `all: [older_than…, code: qr]` only has the codes of its old photos read). A rule that reads
    /// codes under every top-level condition, or a `protect:` that reads them, has every photo's read.
    /// Photos read before (current rows) are not read again. The groups those conditions read
    /// must be loaded first.
    func readCodes(_ files: [RuleFile], root: String?) throws {
        guard let root else { return }
        // A guard protects whatever else matches: every photo's codes count.
        if files.contains(where: { $0.protect.contains { $0.predicate.readsCodes } }) {
            try CodeCache(db: database, root: root).refresh()
            return
        }
        try readCodes(for: files.flatMap(\.rules).filter(\.readsCodes).map(\.match), root: root)
    }

    /// Reads the codes of the photos `predicate` may match, when it reads codes (for `cull find`).
    func readCodes(_ predicate: Predicate, root: String?) throws {
        guard let root, predicate.readsCodes else { return }
        try readCodes(for: [predicate], root: root)
    }

    private func readCodes(for predicates: [Predicate], root: String) throws {
        guard !predicates.isEmpty else { return }
        var ids = Set<Int64>()
        for predicate in predicates {
            guard let narrowing = Self.withoutCodes(predicate) else {
                try CodeCache(db: database, root: root).refresh()
                return
            }
            let query: SQLFragment = """
                SELECT a.id AS id FROM assets a LEFT JOIN reviews r ON r.asset_id = a.id WHERE \(PredicateCompiler.compile(narrowing, context))
                """
            try database.forEachRow(query.sql, query.arguments) { ids.insert($0.int64("id")) }
        }
        try CodeCache(db: database, root: root).refresh(among: ids.sorted())
    }

    /// The top-level clauses of `predicate` that read no code, all of which a photo must pass for
    /// `predicate` to match it; nil when there are none (every photo may match).
    static func withoutCodes(_ predicate: Predicate) -> Predicate? {
        let clauses: [Predicate] = if case let .all(parts) = predicate { parts } else { [predicate] }
        let rest = clauses.filter { !$0.readsCodes }
        return rest.isEmpty ? nil : .all(rest)
    }
}
