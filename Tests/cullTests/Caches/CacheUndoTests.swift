import Foundation
import Testing
@testable import CullKit

/// A commit keeps the rows of every registered cache table (``CacheTable/registered``) for its
/// moved assets, and undo puts them back: one test over the registry, so a new cache is covered
/// by being registered.
@Suite struct CacheUndoTests {
    /// A row for asset `id` in `table`, with its identity as the index has it and a value of each
    /// column's type: the first combination of NULLs among the nullable columns the table's
    /// constraints accept (a cache's `CHECK` may tie its columns together).
    static func insertRow(_ db: Database, _ table: CacheTable, asset id: Int64) throws {
        let nullable = table.values.indices.filter { !table.values[$0].declaration.uppercased().contains("NOT NULL") }
        func sample(_ column: CacheTable.Column, _ seed: Int64) -> SQLValue {
            let type = column.declaration.uppercased()
            if type.hasPrefix("BLOB") { return .blob((0 ..< 16).map { UInt8(truncatingIfNeeded: seed &* 31 &+ Int64($0)) }) }
            if type.hasPrefix("REAL") { return .real(Double(seed) / 3) }
            if type.hasPrefix("TEXT") { return .text("value \(seed) of \(column.name)") }
            return .integer(seed &* 1_000_003)
        }
        let columns = ["asset_id"] + CacheTable.identity + table.values.map(\.name)
        let sql = """
            INSERT INTO \(table.name) (\(columns.joined(separator: ", ")))
            SELECT id, \(CacheTable.identity.joined(separator: ", ")), \(table.values.map { _ in "?" }.joined(separator: ", "))
            FROM assets WHERE id = ?
            """
        for nulls in 0 ..< (1 << nullable.count) {
            let values = table.values.enumerated().map { index, column -> SQLValue in
                if let bit = nullable.firstIndex(of: index), nulls & (1 << bit) != 0 { return .null }
                return sample(column, id * 10 + Int64(index))
            }
            if (try? db.execute(sql, values + [.integer(id)])) != nil, db.changes == 1 { return }
        }
        Issue.record("no row of \(table.name) fits its constraints")
    }

    /// Every row of `table` but the ctime (the renames to the trash and back give the files a new one), by asset.
    static func rows(_ db: Database, _ table: CacheTable) throws -> [[SQLValue]] {
        let columns = ["asset_id"] + table.sharedColumns.filter { $0 != "ctime_ns" }
        let statement = try db.prepare("SELECT \(columns.joined(separator: ", ")) FROM \(table.name) ORDER BY asset_id")
        var rows: [[SQLValue]] = []
        try statement.forEachRow { row in rows.append(row.values) }
        return rows
    }

    @Test func aCommitThenUndoPutsBackEveryRegisteredCachesRows() throws {
        let box = try Sandbox("cache-undo")
        let ids = try box.stageFiles([Array("c/one.jpg".utf8), Array("c/two.jpg".utf8)])
        for table in CacheTable.registered {
            for id in ids { try Self.insertRow(box.db, table, asset: id) }
        }
        let before = try CacheTable.registered.map { try Self.rows(box.db, $0) }
        for (table, rows) in zip(CacheTable.registered, before) { #expect(rows.count == ids.count, "\(table.name)") }

        let commit = try box.cull(["commit", "--yes"])
        #expect(commit.status == 0, "\(commit.stderr)")
        for table in CacheTable.registered {
            #expect(try box.db.scalar("SELECT count(*) FROM \(table.name)")?.int64 == 0, "\(table.name) left with its assets")
            #expect(try box.db.scalar("SELECT count(*) FROM \(table.commitTable) WHERE commit_id = 1")?.int64 == Int64(ids.count),
                    "\(table.commitTable)")
        }

        let undo = try box.cull(["undo"])
        #expect(undo.status == 0, "\(undo.stderr)")
        for (table, rows) in zip(CacheTable.registered, before) {
            #expect(try Self.rows(box.db, table) == rows, "\(table.name)")
            // The rows are of the file as undo left it: current again, so nothing is recomputed.
            #expect(try box.db.scalar("""
                SELECT count(*) FROM \(table.name) c JOIN assets a ON a.id = c.asset_id WHERE \(CachedRow.isCurrent("c", for: "a"))
                """)?.int64 == Int64(ids.count), "\(table.name)")
        }
    }
}
