import Foundation
import Testing
@testable import CullKit

/// `commit_assets` is built from the `assets` column list: a column a later migration adds to
/// `assets` is in the commit snapshot without a hand copy, and undo brings its value back.
@Suite struct SnapshotColumnsTests {
    @Test func aNewAssetsColumnIsSnapshottedAndRestored() throws {
        let box = try Sandbox("snapshot-columns")
        let ids = try box.stageFiles([Array("a.jpg".utf8)])
        // What a later migration would do: a new column on assets only.
        try box.db.execute("ALTER TABLE assets ADD COLUMN future_field TEXT")
        try box.db.execute("UPDATE assets SET future_field = 'remember me' WHERE id = ?", [.integer(ids[0])])
        let commit = try box.cull(["commit", "--yes"])
        #expect(commit.status == 0, "\(commit.stderr)")
        #expect(try box.db.scalar("SELECT future_field FROM commit_assets")?.string == "remember me")
        #expect(try box.cull(["undo"]).status == 0)
        #expect(try box.db.scalar("SELECT future_field FROM assets WHERE path = 'a.jpg'")?.string == "remember me")
    }

    @Test func migratingMirrorsEveryColumnInOrder() throws {
        let db = try Database(path: ":memory:")
        try Migrator.migrate(db)
        try db.execute("ALTER TABLE assets ADD COLUMN later INTEGER")
        try Migrator.migrate(db)
        func columns(_ table: String) throws -> [String] {
            var names: [String] = []
            try db.forEachRow("SELECT name || ' ' || type AS entry FROM pragma_table_info('\(table)') ORDER BY cid") { names.append($0.string("entry") ?? "") }
            return names
        }
        #expect(try Array(columns("commit_assets").dropFirst(2)) == columns("assets"))
    }
}
