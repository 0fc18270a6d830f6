extension Migration {
    /// Migration `0002-commits`: the commit journal.
    ///
    /// `commits` is one row per batch; `commit_items` one row per file of a batch (primaries, their
    /// sidecars and Live Photo halves), written in one transaction before the first file moves,
    /// with the stat the file must still have and where it goes. Item states:
    /// `pending` (journaled, maybe mid-move: recovery inspects the file system), `moved` (booked:
    /// at the destination, asset row deleted), `gone` (already missing at commit), `skipped`
    /// (left in place, with the reason), `restored` (brought back by undo).
    /// `snapshot` held the asset's index row in the first release; `0004-commit-snapshots` moved it.
    static let m0002Commits = Migration(id: "0002-commits", sql: """
        CREATE TABLE commits (
            id INTEGER PRIMARY KEY,
            state TEXT NOT NULL CHECK (state IN ('open', 'done', 'undone')),
            mode TEXT NOT NULL CHECK (mode IN ('trash', 'quarantine', 'permanent')),
            target BLOB,
            fingerprint TEXT NOT NULL,
            started_at INTEGER NOT NULL,
            finished_at INTEGER,
            moved INTEGER NOT NULL DEFAULT 0,
            gone INTEGER NOT NULL DEFAULT 0,
            skipped INTEGER NOT NULL DEFAULT 0,
            bytes INTEGER NOT NULL DEFAULT 0
        );
        CREATE INDEX commits_state ON commits(state);

        CREATE TABLE commit_items (
            commit_id INTEGER NOT NULL REFERENCES commits(id) ON DELETE CASCADE,
            seq INTEGER NOT NULL,
            entry INTEGER NOT NULL,
            role TEXT NOT NULL CHECK (role IN ('primary', 'sidecar', 'live')),
            asset_id INTEGER,
            path BLOB NOT NULL,
            device INTEGER NOT NULL,
            inode INTEGER NOT NULL,
            size INTEGER NOT NULL,
            mtime_ns INTEGER NOT NULL,
            destination BLOB,
            info BLOB,
            state TEXT NOT NULL DEFAULT 'pending'
                CHECK (state IN ('pending', 'moved', 'gone', 'skipped', 'restored')),
            reason TEXT,
            snapshot TEXT,
            PRIMARY KEY (commit_id, seq)
        ) WITHOUT ROWID;
        CREATE INDEX commit_items_state ON commit_items(commit_id, state);
        """)
}
