@testable import CullKit
import Testing

@Suite struct RemeasureMigrationTests {
    /// `0026-sampled-edges`: features measured on the old scale of `edges` (every pixel along an edge)
    /// are gone after the upgrade, and the cache forgets its last refresh, so the next plan measures every
    /// photo again instead of judging blur from rows of two scales.
    @Test func anUpgradeForgetsFeaturesOfTheOldScale() throws {
        let index = try TestIndex([TestAsset(path: "p/a.jpg")])
        let db = index.database
        try db.execute("""
            INSERT INTO image_features (asset_id, device, inode, size, mtime_ns, ctime_ns, phash, sharpness, edges, exposure)
            SELECT id, device, inode, size, mtime_ns, 0, 1, 12, 1000, 0.5 FROM assets
            """)
        try db.execute("INSERT INTO cache_states (name, counts) VALUES ('image_features', '1')")
        // As an index written before the migration: it is not applied yet.
        try db.execute("DELETE FROM schema_migrations WHERE id = '0026-sampled-edges'")
        #expect(try db.scalar("SELECT count(*) FROM image_features") == .integer(1))
        try Migrator.migrate(db)
        #expect(try db.scalar("SELECT count(*) FROM image_features") == .integer(0))
        #expect(try db.scalar("SELECT count(*) FROM cache_states WHERE name = 'image_features'") == .integer(0))
    }

    /// `0032-page-readings`: readings of a few words or none may be pages the layout analysis missed,
    /// so they go and are read again; readings of more words, and photos without text, stay.
    @Test func anUpgradeReadsPagesOfFewWordsAgain() throws {
        let index = try TestIndex([TestAsset(path: "p/few.jpg"), TestAsset(path: "p/many.jpg"), TestAsset(path: "p/none.jpg")])
        let db = index.database
        try db.execute("""
            INSERT INTO text_readings (asset_id, device, inode, size, mtime_ns, ctime_ns, recognized, text, words, document, coverage, turn)
            SELECT id, device, inode, size, mtime_ns, 0, path <> 'p/none.jpg', NULL,
                   CASE path WHEN 'p/few.jpg' THEN 3 WHEN 'p/many.jpg' THEN 40 ELSE 0 END, path = 'p/many.jpg', 0, 0 FROM assets
            """)
        try db.execute("DELETE FROM schema_migrations WHERE id = '0032-page-readings'")
        try Migrator.migrate(db)
        var kept: [String] = []
        try db.forEachRow("SELECT a.path FROM text_readings t JOIN assets a ON a.id = t.asset_id ORDER BY a.path") { kept.append($0.string("path") ?? "") }
        #expect(kept == ["p/many.jpg", "p/none.jpg"])
    }
}
