import Testing
@testable import CullKit

/// `AssetColumn` is the one declaration of the `assets` columns: the scanner's upsert, `cull find`
/// and the staged set read it, so it must name exactly the columns the migrations create.
@Suite struct AssetColumnTests {
    /// The columns of `assets` in `db`, in table order.
    static func schemaColumns(_ db: Database) throws -> [String] {
        var names: [String] = []
        try db.forEachRow("SELECT name FROM pragma_table_info('assets') ORDER BY cid") { names.append($0.string("name") ?? "") }
        return names
    }

    @Test func theDeclarationIsTheSchemasColumnList() throws {
        let directory = TemporaryDirectory()
        let db = try Library.initialize(at: directory.path).openIndex()
        #expect(try Self.schemaColumns(db) == AssetColumn.allCases.map(\.rawValue))

        // A migration that adds a column without declaring it is caught here.
        try db.execute("ALTER TABLE assets ADD COLUMN undeclared_probe INTEGER")
        let undeclared = Set(try Self.schemaColumns(db)).subtracting(AssetColumn.allCases.map(\.rawValue))
        #expect(undeclared == ["undeclared_probe"])
    }

    /// One `?` per scanned column; a rescan overwrites everything but the key and the first-seen time.
    @Test func theUpsertHasOnePlaceholderPerScannedColumn() {
        let sql = AssetColumn.upsertSQL
        #expect(sql.filter { $0 == "?" }.count == AssetColumn.scanned.count)
        #expect(!AssetColumn.scanned.contains(.id))
        for column in AssetColumn.scanned {
            #expect(sql.contains("\(column.rawValue) = excluded.\(column.rawValue)") == column.rescanned, "\(column)")
        }
        #expect(!AssetColumn.scanned.filter(\.rescanned).contains(.path))
        #expect(!AssetColumn.scanned.filter(\.rescanned).contains(.added))
    }
}
