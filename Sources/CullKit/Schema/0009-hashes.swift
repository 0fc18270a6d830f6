extension Migration {
    /// Migration `0009-hashes`: the content-hash cache of exact-duplicate groups, and what a commit
    /// and undo need around it.
    ///
    /// - `hashes`: one row per hashed asset, with the identity (device, inode, size, mtime, ctime) of
    ///   the file it was computed for: a row whose identity is not the asset's any more is stale and
    ///   ignored (then recomputed), so a second plan hashes nothing that did not change. It hangs off
    ///   `assets` with `ON DELETE CASCADE`, so a commit's booking deletes it with the asset.
    /// - `commit_hashes`: the copy a commit keeps of its moved assets' rows, so undo puts them back
    ///   (as `commit_assets` does for `assets`).
    /// - `reviews.keeper_id`: for a twin a group rule staged, the keeper it was staged against; the
    ///   commit re-checks that keeper before the twin moves.
    static let m0009Hashes = Migration(id: "0009-hashes", sql: """
        CREATE TABLE hashes (
            asset_id INTEGER PRIMARY KEY REFERENCES assets(id) ON DELETE CASCADE,
            device INTEGER NOT NULL,
            inode INTEGER NOT NULL,
            size INTEGER NOT NULL,
            mtime_ns INTEGER NOT NULL,
            ctime_ns INTEGER NOT NULL,
            partial BLOB NOT NULL,
            full BLOB
        );
        CREATE INDEX hashes_full ON hashes(full) WHERE full IS NOT NULL;
        CREATE TABLE commit_hashes (
            commit_id INTEGER NOT NULL REFERENCES commits(id) ON DELETE CASCADE,
            seq INTEGER NOT NULL,
            device INTEGER NOT NULL,
            inode INTEGER NOT NULL,
            size INTEGER NOT NULL,
            mtime_ns INTEGER NOT NULL,
            ctime_ns INTEGER NOT NULL,
            partial BLOB NOT NULL,
            full BLOB,
            PRIMARY KEY (commit_id, seq)
        ) WITHOUT ROWID;
        ALTER TABLE reviews ADD COLUMN keeper_id INTEGER;
        """)
}
