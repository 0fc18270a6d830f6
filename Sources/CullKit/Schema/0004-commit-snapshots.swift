extension Migration {
    /// Migration `0004-commit-snapshots`: the index rows of moved assets, copied as they were, so
    /// `cull undo` can put them back. `commit_assets` mirrors the columns of `assets` (after the
    /// migrations, ``Migrator`` adds any column `assets` has and it lacks; a test holds the two equal) and
    /// `commit_companions` mirrors `companions`. A chunk's rows are copied in the transaction that
    /// books it and deletes them from the index, only for files that moved. Batches of the first
    /// release keep a JSON snapshot in `commit_items.snapshot` instead.
    ///
    /// Also drops `commit_items_state`: every read of items is by commit (the primary key's
    /// prefix), and the index cost a b-tree write per item journaled and per item booked.
    static let m0004CommitSnapshots = Migration(id: "0004-commit-snapshots", sql: """
        CREATE TABLE commit_assets (
            commit_id INTEGER NOT NULL REFERENCES commits(id) ON DELETE CASCADE,
            seq INTEGER NOT NULL,
            id INTEGER,
            path TEXT,
            folder TEXT,
            name TEXT,
            extension TEXT,
            device INTEGER,
            inode INTEGER,
            size INTEGER,
            mtime_ns INTEGER,
            sidecar_signature TEXT,
            added INTEGER,
            modified INTEGER,
            kind TEXT,
            format TEXT,
            width INTEGER,
            height INTEGER,
            orientation INTEGER,
            duration REAL,
            taken INTEGER,
            taken_utc INTEGER,
            taken_offset INTEGER,
            taken_source TEXT,
            camera_make TEXT,
            camera_model TEXT,
            lens TEXT,
            software TEXT,
            latitude REAL,
            longitude REAL,
            rating INTEGER,
            favorite_flag INTEGER,
            screenshot INTEGER,
            screenshot_evidence TEXT,
            live_id TEXT,
            burst_id TEXT,
            raw INTEGER,
            broken INTEGER,
            broken_reason TEXT,
            PRIMARY KEY (commit_id, seq)
        );
        CREATE TABLE commit_companions (
            commit_id INTEGER NOT NULL REFERENCES commits(id) ON DELETE CASCADE,
            seq INTEGER NOT NULL,
            path TEXT NOT NULL,
            role TEXT NOT NULL,
            PRIMARY KEY (commit_id, seq, path)
        ) WITHOUT ROWID;
        DROP INDEX commit_items_state;
        """)
}
