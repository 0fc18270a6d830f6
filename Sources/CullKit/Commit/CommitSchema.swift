/// Migration `0002-commits`: the commit journal.
///
/// `commits` is one row per batch; `commit_items` one row per file of a batch (primaries, their
/// sidecars and Live Photo halves), written in one transaction before the first file moves,
/// with the stat the file must still have and where it goes. Item states:
/// `pending` (journaled, maybe mid-move: recovery inspects the file system), `moved` (booked:
/// at the destination, asset row deleted), `gone` (already missing at commit), `skipped`
/// (left in place, with the reason), `restored` (brought back by undo).
/// `snapshot` held the asset's index row in the first release; `0004-commit-snapshots` moved it.
enum CommitSchema {
    static let v2 = Migration(id: "0002-commits", sql: """
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

    /// Migration `0004-commit-snapshots`: the index rows of moved assets, copied as they were, so
    /// `cull undo` can put them back. `commit_assets` mirrors the columns of `assets` (a migration
    /// that adds a column to `assets` adds it here too; a test holds the two equal) and
    /// `commit_companions` mirrors `companions`. A chunk's rows are copied in the transaction that
    /// books it and deletes them from the index, only for files that moved. Batches of the first
    /// release keep a JSON snapshot in `commit_items.snapshot` instead.
    ///
    /// Also drops `commit_items_state`: every read of items is by commit (the primary key's
    /// prefix), and the index cost a b-tree write per item journaled and per item booked.
    static let v4 = Migration(id: "0004-commit-snapshots", sql: """
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

    /// Gives `commit_assets` every column `assets` has and it lacks, after the migrations ran: the
    /// commit snapshot is built from the `assets` column list, so a migration that adds a column to
    /// `assets` need not copy it here by hand, and undo restores it. (Names and types come from the
    /// schema itself, never from input.)
    static func mirrorAssetColumns(_ db: Database) throws {
        var saved = Set<String>()
        try db.forEachRow("SELECT name FROM pragma_table_info('commit_assets')") { saved.insert($0.string(0) ?? "") }
        guard !saved.isEmpty else { return }
        var missing: [(name: String, type: String)] = []
        try db.forEachRow("SELECT name, type FROM pragma_table_info('assets') ORDER BY cid") { row in
            let name = row.string(0) ?? ""
            if !saved.contains(name) { missing.append((name, row.string(1) ?? "")) }
        }
        guard !missing.isEmpty else { return }
        try db.transaction {
            for column in missing {
                let quoted = "\"" + column.name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
                try db.execute("ALTER TABLE commit_assets ADD COLUMN \(quoted) \(column.type.filter { $0.isLetter || $0 == " " })")
            }
        }
    }
}
