import Testing
@testable import CullKit

@Suite struct KnownFilesTests {
    /// Every indexed path is found at the row of its asset, with its recorded signature and damage;
    /// a path that is not indexed (also one that is a prefix or an extension of one) is not.
    @Test func findsEveryIndexedPathByItsBytes() throws {
        let f = try ScannerTests.Fixture()
        for index in 0 ..< 300 { f.directory.write("\(index % 7)/IMG_\(index).JPG", Fixtures.jpeg()) }
        f.directory.write("0/IMG_0.xmp", "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"/>")
        _ = try f.scan()
        try f.db.execute("UPDATE assets SET unreadable_reason = 'Permission denied' WHERE path = '1/IMG_1.JPG'")

        let known = try KnownFiles(f.db)
        #expect(known.count == 300)
        var checked = 0
        try f.db.forEachRow("SELECT id, path, sidecar_signature, unreadable_reason FROM assets") { row in
            let path = row.bytes("path") ?? []
            let found = try #require(known.row(for: path))
            #expect(known.entries[found].id == row.int64("id"))
            #expect(Array(known.path(found)) == path)
            #expect(known.sidecarSignature(found) == (row.string("sidecar_signature") ?? ""))
            #expect(known.damage(found)?.unreadable == row.string("unreadable_reason"))
            checked += 1
        }
        #expect(checked == 300)
        #expect(!known.sidecarSignature(try #require(known.row(for: Array("0/IMG_0.JPG".utf8)))).isEmpty)
        #expect(known.row(for: Array("0/IMG_0.JP".utf8)) == nil)
        #expect(known.row(for: Array("0/IMG_0.JPGX".utf8)) == nil)
        #expect(known.row(for: Array("IMG_0.JPG".utf8)) == nil)
        #expect(known.row(for: []) == nil)
    }

    /// The small cache is the load's only: the index's own size is back afterwards.
    @Test func pageCacheIsGivenBackAfterTheLoad() throws {
        let f = try ScannerTests.Fixture()
        let before = try f.db.scalar("PRAGMA cache_size")
        let inside = try f.db.withPageCache(kibibytes: 2048) { try f.db.scalar("PRAGMA cache_size") }
        #expect(inside == .integer(-2048))
        #expect(try f.db.scalar("PRAGMA cache_size") == before)
    }
}
