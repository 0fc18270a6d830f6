extension Migration {
    /// Migration `0007-unreadable`: a file that cannot be opened or read is *unreadable*, with its
    /// reason, and never `broken` (so `broken: true` rules never trash a photo behind a chmod or
    /// a failing disk). Rows the old scanner wrongly marked broken for that reason are moved over.
    /// `commit_assets` mirrors `assets`, so it gets the column too.
    static let m0007Unreadable = Migration(id: "0007-unreadable", sql: """
        ALTER TABLE assets ADD COLUMN unreadable_reason TEXT;
        ALTER TABLE commit_assets ADD COLUMN unreadable_reason TEXT;
        UPDATE assets SET unreadable_reason = broken_reason, broken = 0, broken_reason = NULL
        WHERE broken = 1 AND (broken_reason LIKE 'cannot open:%' OR broken_reason LIKE 'cannot stat:%'
                              OR broken_reason LIKE 'read failed at offset %');
        """)
}
