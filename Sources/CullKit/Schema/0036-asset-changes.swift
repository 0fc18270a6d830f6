extension Migration {
    /// Migration `0036-asset-changes`: which assets were written since a run last looked, not only
    /// that something was (``AssetChanges``). A plan after a scan that changed 1% of a million files,
    /// or an edit of a few ratings, evaluated every rule over every file again (2.3 s at a million):
    /// with the log, only the assets written since are evaluated again and merged into what was
    /// remembered (``EvaluationMemo``).
    static let m0036AssetChanges = Migration(id: "0036-asset-changes", sql: """
        CREATE TABLE asset_changes (serial INTEGER PRIMARY KEY, asset_id INTEGER NOT NULL, live_id TEXT);
        \(AssetChanges.triggers.map { $0.sql + ";\n" }.joined())
        """)
}
