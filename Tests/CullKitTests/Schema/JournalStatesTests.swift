import Foundation
import Testing
@testable import CullKit

/// The journal's words are enums bound in one place; the schema's CHECK constraints must accept
/// every case and nothing else, so the two lists cannot drift apart.
@Suite struct JournalStatesTests {
    func migrated() throws -> Database {
        let db = try Database(path: ":memory:")
        try Migrator.migrate(db)
        return db
    }

    /// Whether `sql` with `word` bound as its first argument passes the constraints.
    func accepts(_ db: Database, _ sql: String, _ word: String, _ rest: [SQLValue] = []) -> Bool {
        do {
            try db.execute("SAVEPOINT probe")
            defer { try? db.execute("ROLLBACK TO probe"); try? db.execute("RELEASE probe") }
            try db.execute(sql, [.text(word)] + rest)
            return true
        } catch {
            return false
        }
    }

    @Test func everyCaseIsAWordTheSchemaAccepts() throws {
        let db = try migrated()
        let commit = "INSERT INTO commits (state, mode, fingerprint, started_at) VALUES (?, 'trash', 'f', 0)"
        let mode = "INSERT INTO commits (state, mode, fingerprint, started_at) VALUES ('done', ?, 'f', 0)"
        #expect(CommitState.allCases.allSatisfy { accepts(db, commit, $0.rawValue) })
        #expect(CommitMode.allCases.allSatisfy { accepts(db, mode, $0.rawValue) })
        #expect(!accepts(db, commit, "finished") && !accepts(db, mode, "permanently"))

        try db.execute("INSERT INTO commits (id, state, mode, fingerprint, started_at) VALUES (1, 'done', 'trash', 'f', 0)")
        let role = "INSERT INTO commit_items (commit_id, seq, entry, role, path, device, inode, size, mtime_ns) VALUES (1, 1, 1, ?, x'61', 1, 2, 3, 4)"
        let item = "INSERT INTO commit_items (commit_id, seq, entry, role, path, device, inode, size, mtime_ns, state) VALUES (1, 1, 1, 'primary', x'61', 1, 2, 3, 4, ?)"
        #expect(JournalRole.allCases.allSatisfy { accepts(db, role, $0.rawValue) })
        #expect(ItemState.allCases.allSatisfy { accepts(db, item, $0.rawValue) })
        #expect(!accepts(db, role, "companion") && !accepts(db, item, "refused"))

        let undo = "INSERT INTO undos (commit_id, state, started_at) VALUES (1, ?, 0)"
        #expect(UndoState.allCases.allSatisfy { accepts(db, undo, $0.rawValue) })
        try db.execute("INSERT INTO undos (id, commit_id, state, started_at) VALUES (1, 1, 'done', 0)")
        let undoItem = "INSERT INTO undo_items (undo_id, seq, state) VALUES (1, 1, ?)"
        #expect(UndoItemState.allCases.allSatisfy { accepts(db, undoItem, $0.rawValue) })
        #expect(!accepts(db, undo, "undone") && !accepts(db, undoItem, "moved"))
    }

    /// An unknown stored word reads as the state that loses nothing.
    @Test func unknownWordsReadSafely() {
        #expect(ItemState(stored: "mystery") == .pending && ItemState(stored: nil) == .pending)
        #expect(JournalRole(stored: "x") == .primary && CommitState(stored: "x") == .open)
        #expect(CommitDestination.permanently.mode == .permanent && CommitDestination.quarantine("/q").mode == .quarantine)
    }
}
