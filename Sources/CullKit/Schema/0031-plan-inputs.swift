extension Migration {
    /// Migration `0031-plan-inputs`: a change count for every table a plan reads, so a run's rule
    /// evaluations can be remembered and known current exactly (``EvaluationMemo``), the way
    /// `0018-change-counts` lets a cache know its inputs did not move. `assets_edits` moves on with
    /// every update of an asset, whichever column (a rating, a capture time, a catalog's keep, which
    /// `assets` leaves uncounted so a cache is not refreshed for them); every other table a rule or
    /// a plan reads moves its own on every row inserted, updated or deleted, except the inserts of the
    /// text and code caches, which their one writer counts (``CacheTable``). The commit journal and
    /// its snapshots (`commit_items`, `commit_*`) and the undo journal are history, not what a plan
    /// reads: no counter there keeps the commit's bookkeeping free of triggers (``Mover``).
    static let m0031PlanInputs = Migration(id: "0031-plan-inputs", sql: """
        INSERT INTO change_counts (id, name, serial) VALUES (5, 'assets_edits', 0);
        CREATE TRIGGER assets_edited AFTER UPDATE ON assets BEGIN UPDATE change_counts SET serial = serial + 1 WHERE id = 5; END;
        \(planInputs.enumerated().map { countingEveryRow(of: $0.element, id: 6 + $0.offset) }.joined())\
        \(countingChanges(of: "text_readings", id: 6 + planInputs.count))\
        \(countingChanges(of: "image_codes", id: 7 + planInputs.count))
        """)

    /// The tables whose every row written is counted by a trigger (`0031-plan-inputs`, never changed).
    private static let planInputs = [
        "reviews", "settings", "catalogs", "catalog_entries", "catalog_holds", "companions", "distinct_sets",
        "distinct_members", "returns", "taken_prints", "commits",
    ]

    /// A counter for `table` and the triggers that move it on for every row inserted, updated or deleted.
    private static func countingEveryRow(of table: String, id: Int) -> String {
        let bump = "BEGIN UPDATE change_counts SET serial = serial + 1 WHERE id = \(id); END;"
        return "INSERT INTO change_counts (id, name, serial) VALUES (\(id), '\(table)', 0);\n"
            + [("added", "INSERT"), ("removed", "DELETE"), ("changed", "UPDATE")]
            .map { "CREATE TRIGGER \(table)_\($0.0) AFTER \($0.1) ON \(table) \(bump)\n" }.joined()
    }
}
