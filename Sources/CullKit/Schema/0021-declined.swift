extension Migration {
    /// Migration `0021-declined`: a file a decoder declines is *declined*, with the decoder's reason,
    /// never `broken` (so `broken: true` rules never stage a RAW that is only newer than the installed
    /// LibRaw), and a damaged file keeps what its readers read before the damage. Rows the old scanner
    /// marked broken with LibRaw's refusal move over (no reader of Cull's judged them), and every file
    /// is read once more by the next scan (`settings.reread_metadata`): CR3s get Cull's own reading
    /// (and their in-camera rating), broken files their date and camera, and what is only declined
    /// its reason in the new words. Reviews stay. `commit_assets` gets the column from ``Migrator``.
    static let m0021Declined = Migration(id: "0021-declined", sql: """
        ALTER TABLE assets ADD COLUMN declined_reason TEXT;
        UPDATE assets SET declined_reason = broken_reason, broken = 0, broken_reason = NULL
        WHERE broken = 1 AND broken_reason LIKE 'LibRaw: %';
        INSERT OR REPLACE INTO settings (key, value) VALUES ('reread_metadata', 1);
        """)
}
