extension Migration {
    /// Migration `0029-returns`: what Cull remembers of the files its commits took, and which
    /// indexed files are one of them come back (``ReturnedFiles``).
    ///
    /// `taken_prints` holds, per commit item, the content hash and the perceptual hash of the file
    /// as it left (`content` only where a file of its size was indexed since, `phash` for photos),
    /// read from where the commit put it (the trash, the quarantine folder) the first time a run
    /// asks; `failure` says why it could not be (gone from the trash, changed there). `returns`
    /// holds, per asset, the taken file it is the same bytes (`bytes`) or the same picture
    /// (`picture`) as, rebuilt by every run that reads `returned`. Both go with their commit.
    static let m0029Returns = Migration(id: "0029-returns", sql: """
        CREATE TABLE taken_prints (
            commit_id INTEGER NOT NULL REFERENCES commits(id) ON DELETE CASCADE,
            seq INTEGER NOT NULL,
            content BLOB,
            phash INTEGER,
            failure TEXT,
            PRIMARY KEY (commit_id, seq)
        ) WITHOUT ROWID;
        CREATE TABLE returns (
            asset_id INTEGER PRIMARY KEY REFERENCES assets(id) ON DELETE CASCADE,
            commit_id INTEGER NOT NULL REFERENCES commits(id) ON DELETE CASCADE,
            seq INTEGER NOT NULL,
            evidence TEXT NOT NULL CHECK (evidence IN ('bytes', 'picture')),
            distance INTEGER NOT NULL
        );
        """)
}
