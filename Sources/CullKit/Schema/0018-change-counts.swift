extension Migration {
    /// Migration `0018-change-counts`: an exact "has it changed?" for the caches (``ChangeCounts``).
    /// `change_counts` holds one serial per table a cache reads, which triggers move on by one for
    /// every row written, whoever writes it (the scan, the commit and its recovery, undo, a
    /// foreign-key cascade, the sqlite3 shell): `assets` on every insert, delete, and update that
    /// sets a column a cache selects or keys its rows on (path, identity, format, pixel size,
    /// damage; no condition on old and new values, which would name the columns, and a column a
    /// trigger's condition names cannot be dropped); each cache table on every row updated or
    /// deleted. Rows inserted into a cache table (or replaced) are counted by their one writer,
    /// ``CacheTable/write(_:_:order:watch:kept:bind:)``, once a transaction: a trigger per row
    /// cost 70% of the insert itself (a fifth more instructions for a cold exact-duplicates plan);
    /// undo, which puts rows back by itself, puts their assets back too. `cache_states` keeps, per cache, the counts it was last
    /// complete at and what it remembers for them (``ChangeWatch``). They replace the sums of ids,
    /// sizes and identities `image_hashes_state` kept in `settings`, in which two changes could
    /// cancel out. The counts are a rowid table read by `id`: the cheapest update a trigger can make.
    static let m0018ChangeCounts = Migration(id: "0018-change-counts", sql: """
        CREATE TABLE change_counts (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, serial INTEGER NOT NULL);
        INSERT INTO change_counts (id, name, serial) VALUES (1, 'assets', 0);
        CREATE TRIGGER assets_added AFTER INSERT ON assets
        BEGIN UPDATE change_counts SET serial = serial + 1 WHERE id = 1; END;
        CREATE TRIGGER assets_removed AFTER DELETE ON assets
        BEGIN UPDATE change_counts SET serial = serial + 1 WHERE id = 1; END;
        CREATE TRIGGER assets_changed
        AFTER UPDATE OF path, device, inode, size, mtime_ns, ctime_ns, format, width, height, broken, unreadable_reason ON assets
        BEGIN UPDATE change_counts SET serial = serial + 1 WHERE id = 1; END;
        \(countingChanges(of: "hashes", id: 2))\(countingChanges(of: "image_hashes", id: 3))\(countingChanges(of: "image_features", id: 4))
        CREATE TABLE cache_states (name TEXT PRIMARY KEY, counts TEXT NOT NULL, memo BLOB) WITHOUT ROWID;
        DELETE FROM settings WHERE key = 'image_hashes_state';
        """)

    /// The SQL that gives cache table `table` its serial (row `id` of `change_counts`) and the
    /// triggers that count every row of it updated or removed: part of the text of
    /// `0018-change-counts`, so never changed. A later cache's migration adds it after its table
    /// (`.cacheTable(id:, table, then: countingChanges(of: table.name, id: 5))`), so its
    /// ``ChangeWatch`` sees every writer.
    static func countingChanges(of table: String, id: Int) -> String {
        let bump = "BEGIN UPDATE change_counts SET serial = serial + 1 WHERE id = \(id); END;"
        return "INSERT INTO change_counts (id, name, serial) VALUES (\(id), '\(table)', 0);\n"
            + [("removed", "DELETE"), ("changed", "UPDATE")]
            .map { "CREATE TRIGGER \(table)_\($0.0) AFTER \($0.1) ON \(table) \(bump)\n" }.joined()
    }
}
