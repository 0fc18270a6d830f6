@testable import CullKit
import Testing

@Suite struct SchemaSnapshotTests {
    /// The snapshot is the schema the migrations make, object for object and byte for byte; when a
    /// migration changes it, the failure prints the new `statements` for `SchemaSnapshot.swift`.
    @Test func theSnapshotIsWhatTheMigrationsMake() throws {
        let migrated = try Database(path: ":memory:")
        try Migrator.migrate(migrated)
        let expected = try SchemaSnapshot.read(migrated)
        let made = try Database(path: ":memory:")
        try SchemaSnapshot.create(on: made)
        let got = try SchemaSnapshot.read(made)
        #expect(got == expected, "SchemaSnapshot.swift is out of date; its statements should be:\n\(SchemaSnapshot.source(expected))")
        #expect(SchemaSnapshot.statements == expected)
    }

    /// Every object of the migrated schema is in the snapshot under its own name and type, SQLite's
    /// automatic indexes included (they come with the tables' UNIQUE and PRIMARY KEY constraints).
    @Test func everyObjectIsThere() throws {
        func objects(_ db: Database) throws -> [String] {
            var found: [String] = []
            try db.forEachRow("SELECT type || ' ' || name || ' ' || tbl_name AS entry FROM sqlite_schema ORDER BY name") { found.append($0.string("entry") ?? "") }
            return found
        }
        let migrated = try Database(path: ":memory:")
        try Migrator.migrate(migrated)
        let made = try Database(path: ":memory:")
        try SchemaSnapshot.create(on: made)
        let expected = try objects(migrated)
        #expect(expected.count > 30)
        #expect(try objects(made) == expected)
    }

    /// The SQL probe's tables-only copy has every table, view and trigger, and leaves out exactly
    /// the indexes the migrations create (SQLite's automatic ones still come with their tables).
    @Test func withoutIndexesLeavesOutOnlyTheCreatedIndexes() throws {
        func objects(_ db: Database, _ filter: String) throws -> [String] {
            var found: [String] = []
            try db.forEachRow("SELECT type || ' ' || name AS object FROM sqlite_schema WHERE \(filter) ORDER BY name") {
                found.append($0.string("object") ?? "")
            }
            return found
        }
        let migrated = try Database(path: ":memory:")
        try Migrator.migrate(migrated)
        let made = try Database(path: ":memory:")
        try SchemaSnapshot.create(on: made, indexes: false)
        #expect(try objects(made, "1") == objects(migrated, "NOT (type = 'index' AND sql IS NOT NULL)"))
        #expect(try objects(migrated, "type = 'index' AND sql IS NOT NULL").count >= 16)
        #expect(try objects(made, "type = 'index' AND sql IS NOT NULL").isEmpty)
    }
}
