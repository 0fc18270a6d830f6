extension Migration {
    /// Migration `0018-change-counts`: an exact "has it changed?" for the caches. `change_counts`
    /// holds one serial per table a cache reads, which triggers move on by one for every row written:
    /// `assets` on every insert, delete, and update that sets a column a cache selects or keys its
    /// rows on (path, identity, format, pixel size, damage: the scan sets them only for a file it
    /// reads again, and its warm rescan of unchanged files sets none; no condition on old and new
    /// values, which would name the columns, and a column a trigger names cannot be dropped); each
    /// cache table on every row inserted, replaced, updated or deleted. Triggers, not the writers, so every writer counts: the scan, the commit
    /// and its recovery, undo, a foreign-key cascade, the sqlite3 shell. `cache_states` keeps, per
    /// cache, the serials it was last complete at and what it remembers for them (``CacheState``).
    /// They replace the sums of ids, sizes and identities `image_hashes_state` kept in `settings`,
    /// which two changes could cancel out in (two files swapping places).
    static let m0018ChangeCounts = Migration(id: "0018-change-counts", sql: """
        CREATE TABLE change_counts (name TEXT PRIMARY KEY, serial INTEGER NOT NULL) WITHOUT ROWID;
        INSERT INTO change_counts (name, serial) VALUES ('assets', 0);
        CREATE TRIGGER assets_added AFTER INSERT ON assets
        BEGIN UPDATE change_counts SET serial = serial + 1 WHERE name = 'assets'; END;
        CREATE TRIGGER assets_removed AFTER DELETE ON assets
        BEGIN UPDATE change_counts SET serial = serial + 1 WHERE name = 'assets'; END;
        CREATE TRIGGER assets_changed
        AFTER UPDATE OF path, device, inode, size, mtime_ns, ctime_ns, format, width, height, broken, unreadable_reason ON assets
        BEGIN UPDATE change_counts SET serial = serial + 1 WHERE name = 'assets'; END;
        \(countingChanges(of: "hashes"))\(countingChanges(of: "image_hashes"))\(countingChanges(of: "image_features"))
        CREATE TABLE cache_states (name TEXT PRIMARY KEY, counts TEXT NOT NULL, memo BLOB) WITHOUT ROWID;
        DELETE FROM settings WHERE key = 'image_hashes_state';
        """)

    /// The SQL that gives cache table `table` its serial in `change_counts` and the triggers that
    /// count every row written to it or removed: part of the text of `0018-change-counts`, so never
    /// changed. A later cache's migration adds it after its table
    /// (`.cacheTable(id:, table, then: countingChanges(of: table.name))`), so its ``ChangeWatch`` sees every writer.
    static func countingChanges(of table: String) -> String {
        let bump = "BEGIN UPDATE change_counts SET serial = serial + 1 WHERE name = '\(table)'; END;"
        return "INSERT INTO change_counts (name, serial) VALUES ('\(table)', 0);\n"
            + [("added", "INSERT"), ("removed", "DELETE"), ("changed", "UPDATE")]
            .map { "CREATE TRIGGER \(table)_\($0.0) AFTER \($0.1) ON \(table) \(bump)\n" }.joined()
    }
}
