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
}
