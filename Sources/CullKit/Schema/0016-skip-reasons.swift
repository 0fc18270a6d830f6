extension Migration {
    /// Migration `0016-skip-reasons`: a skipped item's kind of reason as a stored word
    /// (`commit_items.skip`, a ``SkipWord``) beside its sentence in `reason`, so the commit and its
    /// receipt ask the kind, never the words of the sentence. Items skipped before keep their sentence
    /// and no kind (they read as a legacy reason), except that the ones the commit unstaged (their
    /// sentence ends in the words that said so) get the kind that says it, so their receipts read the same.
    static let m0016SkipReasons = Migration(id: "0016-skip-reasons", sql: """
        ALTER TABLE commit_items ADD COLUMN skip TEXT CHECK (skip IN ('keeper-changed', 'keeper-staged', 'twin-changed',
            'sidecar-changed', 'catalog-hold', 'live-pair', 'live-pair-unstaged', 'primary-skipped', 'no-free-name', 'refused'));
        UPDATE commit_items
        SET skip = CASE WHEN reason LIKE 'its Live Photo pair %' THEN 'live-pair-unstaged' ELSE 'keeper-changed' END
        WHERE state = 'skipped' AND reason LIKE '%; unstaged, its group is decided again at the next plan';
        """)
}
