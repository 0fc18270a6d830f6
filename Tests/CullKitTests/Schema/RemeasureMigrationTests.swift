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
}
