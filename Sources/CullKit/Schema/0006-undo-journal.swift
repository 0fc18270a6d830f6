extension Migration {
    /// Migration `0006-undo-journal`: undo gets the commit's journal discipline, and a batch stopped
    /// by Ctrl-C is closed as `cancelled` instead of looking like a crash.
    ///
    /// - `undos` is one row per `cull undo` run: `open` while files move back (a crash leaves it so,
    ///   and the next writing command rolls it forward), then `done` or `cancelled` (interrupted:
    ///   what is not back yet is still in the trash, and the commit can be undone again).
    /// - `undo_items` lists, before the first file moves, every `moved` item of the commit the undo
    ///   brings back, by the commit item's `seq`: `pending`, then `restored` (back in the library,
    ///   indexed and kept; the commit item becomes `restored` in the same transaction) or `refused`
    ///   (left where it was, with the reason; the commit item stays `moved`, so undo can retry it).
    /// - `commits.state` gains `cancelled`: the moved part is booked, the rest is still staged
    ///   (its items stay `pending` in a closed batch, which nothing rolls forward). SQLite cannot
    ///   alter a CHECK constraint, so `commits` is rebuilt, with foreign keys off so its children stay.
    static let m0006UndoJournal = Migration(id: "0006-undo-journal", sql: """
        CREATE TABLE commits_v6 (
            id INTEGER PRIMARY KEY,
            state TEXT NOT NULL CHECK (state IN ('open', 'done', 'cancelled', 'undone')),
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
        INSERT INTO commits_v6 (id, state, mode, target, fingerprint, started_at, finished_at, moved, gone, skipped, bytes)
            SELECT id, state, mode, target, fingerprint, started_at, finished_at, moved, gone, skipped, bytes FROM commits;
        DROP TABLE commits;
        ALTER TABLE commits_v6 RENAME TO commits;
        CREATE INDEX commits_state ON commits(state);

        CREATE TABLE undos (
            id INTEGER PRIMARY KEY,
            commit_id INTEGER NOT NULL REFERENCES commits(id) ON DELETE CASCADE,
            state TEXT NOT NULL CHECK (state IN ('open', 'done', 'cancelled')),
            started_at INTEGER NOT NULL,
            finished_at INTEGER
        );
        CREATE INDEX undos_state ON undos(state);
        CREATE TABLE undo_items (
            undo_id INTEGER NOT NULL REFERENCES undos(id) ON DELETE CASCADE,
            seq INTEGER NOT NULL,
            state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'restored', 'refused')),
            reason TEXT,
            PRIMARY KEY (undo_id, seq)
        ) WITHOUT ROWID;
        """, rebuildsTables: true)
}
