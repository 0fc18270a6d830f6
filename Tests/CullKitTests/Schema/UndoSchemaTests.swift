import Foundation
import Testing
@testable import CullKit

/// Migration `0006-undo-journal` rebuilds `commits` (to allow `cancelled`): an index of the
/// previous release keeps every batch, item and saved row, and its references stay intact.
@Suite struct UndoSchemaTests {
    @Test func rebuildingCommitsKeepsItsChildren() throws {
        let db = try Database(path: ":memory:")
        try db.execute("PRAGMA foreign_keys = ON")
        try db.execute("CREATE TABLE schema_migrations (id TEXT PRIMARY KEY, applied_at INTEGER NOT NULL)")
        let previous = Migrator.all.prefix { $0.id != Migration.m0006UndoJournal.id }
        for migration in previous {
            try db.execute(migration.sql)
            try db.execute("INSERT INTO schema_migrations (id, applied_at) VALUES (?, 0)", [.text(migration.id)])
        }
        try db.execute("""
            INSERT INTO commits (id, state, mode, fingerprint, started_at, moved) VALUES (1, 'done', 'trash', 'f', 5, 2), (2, 'open', 'trash', 'g', 6, 0);
            INSERT INTO commit_items (commit_id, seq, entry, role, path, device, inode, size, mtime_ns, state)
                VALUES (1, 1, 1, 'primary', x'61', 1, 2, 3, 4, 'moved'), (1, 2, 1, 'sidecar', x'62', 1, 3, 3, 4, 'moved'),
                       (2, 1, 1, 'primary', x'63', 1, 4, 3, 4, 'pending');
            INSERT INTO commit_assets (commit_id, seq, id, path) VALUES (1, 1, 7, 'a');
            """)
        try Migrator.migrate(db)
        #expect(try db.scalar("SELECT group_concat(id || state || moved) FROM commits ORDER BY id")?.string == "1done2,2open0")
        #expect(try db.scalar("SELECT count(*) FROM commit_items")?.int64 == 3)
        #expect(try db.scalar("SELECT count(*) FROM commit_assets")?.int64 == 1)
        #expect(try db.scalar("SELECT count(*) FROM pragma_foreign_key_check")?.int64 == 0)
        #expect(try db.scalar("PRAGMA foreign_keys")?.int64 == 1, "foreign keys are on again")
        // The new state is allowed, and the cascade still reaches the items.
        try db.execute("UPDATE commits SET state = 'cancelled' WHERE id = 2")
        try db.execute("DELETE FROM commits WHERE id = 1")
        #expect(try db.scalar("SELECT count(*) FROM commit_items")?.int64 == 1)
        #expect(try db.scalar("SELECT count(*) FROM commit_assets")?.int64 == 0)
    }
}
