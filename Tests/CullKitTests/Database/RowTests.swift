import CSQLite
import Foundation
import Testing
@testable import CullKit

/// Rows read by column name and decoded into records, and SQLite's result codes as a typed value.
@Suite struct RowTests {
    @Test func columnsReadByNameAreThePositionalOnes() throws {
        let db = try Database(path: ":memory:")
        try db.execute("CREATE TABLE t (id INTEGER, path BLOB, size INTEGER, note TEXT)")
        try db.execute("INSERT INTO t VALUES (7, x'ff61', 42, NULL), (8, 'b.jpg', 1, 'x')")
        var rows: [String] = []
        try db.forEachRow("SELECT id, path, size * 2 AS twice, note FROM t ORDER BY id") { row in
            let (id, path, twice, note) = (row.index("id"), row.index("path"), row.index("twice"), row.index("note"))
            #expect(row.int64("id") == row.int64(id) && row.bytes("path") == row.bytes(path) && row.int64("twice") == row.int64(twice))
            #expect(row.isNull("note") == row.isNull(note) && row.string("note") == row.string(note))
            rows.append("\(row.int64("id")):\(row.int64("twice")):\(row.string("note") ?? "-")")
        }
        #expect(rows == ["7:84:-", "8:2:x"])
    }

    @Test func recordsDecodeThemselves() throws {
        let db = try Database(path: ":memory:")
        try db.execute("CREATE TABLE h (asset_id INTEGER, device INTEGER, inode INTEGER, size INTEGER, mtime_ns INTEGER, ctime_ns INTEGER)")
        try db.execute("INSERT INTO h VALUES (1, 10, 20, 30, 40, 50), (2, 11, 21, 31, 41, NULL)")
        // Columns in another order than the type's: read by name, not by position.
        let identities = try db.fetchAll(IndexedIdentity.self, "SELECT ctime_ns, mtime_ns, size, inode, device FROM h ORDER BY asset_id")
        #expect(identities == [IndexedIdentity(device: 10, inode: 20, size: 30, mtimeNs: 40, ctimeNs: 50),
                               IndexedIdentity(device: 11, inode: 21, size: 31, mtimeNs: 41, ctimeNs: nil)])
        let one = try db.prepare("SELECT * FROM h WHERE asset_id = ?").fetchOne(IndexedIdentity.self, [.integer(2)])
        #expect(one?.device == 11 && one?.ctimeNs == nil)
        #expect(try db.prepare("SELECT * FROM h WHERE asset_id = ?").fetchOne(IndexedIdentity.self, [.integer(3)]) == nil)
    }

    @Test func resultCodesAreTyped() throws {
        // Extended codes carry a detail byte above the primary one.
        #expect(DatabaseError(code: SQLITE_BUSY | (1 << 8), message: "", sql: nil).result == .busy)
        #expect(DatabaseError(code: SQLITE_BUSY | (1 << 8), message: "", sql: nil).isBusy)
        #expect(DatabaseError(code: SQLITE_IOERR | (3 << 8), message: "", sql: nil).result == .ioError)
        #expect(DatabaseError(code: SQLITE_CORRUPT, message: "", sql: nil).isDamage)
        // A real failure from SQLite.
        let db = try Database(path: ":memory:")
        try db.execute("CREATE TABLE u (x INTEGER UNIQUE)")
        try db.execute("INSERT INTO u VALUES (1)")
        do {
            try db.execute("INSERT INTO u VALUES (1)")
            Issue.record("a duplicate was inserted")
        } catch {
            #expect(error.result == .other(SQLITE_CONSTRAINT))
        }
    }

    /// Texts read through one ``RepeatedTexts`` are the row's own, whichever texts came before:
    /// equal ones shared, texts of one length told apart, an empty text and NULL kept apart, and
    /// past the limit every text still read right.
    @Test func repeatedTextsAreEachRowsOwn() throws {
        let db = try Database(path: ":memory:")
        let texts: [String?] = ["bursts", "blurry", "bursts", "", nil, "é-rule", "blurry"] + (0 ..< 80).map { "rule-\($0 % 70)" }
        try db.execute("CREATE TABLE t (n INTEGER PRIMARY KEY, s TEXT)")
        for (n, text) in texts.enumerated() { try db.execute("INSERT INTO t VALUES (?, ?)", [.integer(Int64(n)), text.map(SQLValue.text) ?? .null]) }
        var repeated = RepeatedTexts()
        var read: [String?] = []
        let statement = try db.prepare("SELECT s FROM t ORDER BY n")
        let column = statement.column("s")
        try statement.forEachRow { row in read.append(row.string(column, repeated: &repeated)) }
        #expect(read == texts)
    }
}
