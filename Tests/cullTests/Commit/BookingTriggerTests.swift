import Foundation
import Testing
@testable import CullKit

/// The booking runs with triggers off only when it does what they would: the change counters move
/// on, and any other trigger still fires.
@Suite struct BookingTriggerTests {
    static func serial(_ db: Database) throws -> Int64 {
        try db.scalar("SELECT serial FROM change_counts WHERE name = 'assets'")?.int64 ?? -1
    }

    @Test func assetCounterMovesOnWhenACommitRemovesRows() throws {
        let box = try Sandbox("booking-counter")
        try box.stageFiles((1...3).map { Array("f/IMG_\($0).JPG".utf8) })
        let before = try Self.serial(box.db)
        let result = try box.cull(["commit", "--yes"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(try box.db.scalar("SELECT count(*) FROM assets")?.int64 == 0)
        #expect(try Self.serial(box.db) > before, "a cache keyed on the counter would not see the commit")
    }

    /// The commit deletes the leaving assets' cache rows with them: both counts of the assets move
    /// on alike and the cache's not, so what a cache recorded of its completeness still holds
    /// (``ChangeWatch``, `0034-deletions-apart`); undo, which puts assets back, is a change.
    @Test func aCommitCountsItsDeletionsAsDeletions() throws {
        let box = try Sandbox("booking-deletions")
        try box.stageFiles((1...4).map { Array("f/IMG_\($0).JPG".utf8) })
        try box.db.execute("INSERT INTO hashes (asset_id, device, inode, size, mtime_ns, ctime_ns, partial) SELECT id, device, inode, size, mtime_ns, 0, x'00' FROM assets")
        #expect(try ChangeCounts.deletionBookings(box.db, writing: ["commit_items", "commit_assets", "commit_hashes"],
                                                  deletingFrom: ["assets", "hashes"]) != nil, "the booking runs with triggers off")
        func serial(_ name: String) throws -> Int64 { try box.db.scalar("SELECT serial FROM change_counts WHERE name = ?", [.text(name)])?.int64 ?? -1 }
        try CacheTable.hashes.watch(box.db).record(box.db, memo: [1])
        let (assets, deleted, hashes) = (try serial("assets"), try serial("assets_deleted"), try serial("hashes"))
        var leaving = Set<Int64>()
        try box.db.forEachRow("SELECT id FROM assets") { leaving.insert($0.int64("id")) }
        let logged = try AssetChanges.serial(box.db)
        let result = try box.cull(["commit", "--yes"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        // The leaving assets are logged as changed (`0036-asset-changes`), as their deletion's trigger would.
        var changed = Set<Int64>()
        try box.db.forEachRow("SELECT asset_id FROM asset_changes WHERE serial > ?", [.integer(logged)]) { changed.insert($0.int64("asset_id")) }
        #expect(changed == leaving)
        #expect(try box.db.scalar("SELECT count(*) FROM hashes")?.int64 == 0)
        #expect(try serial("assets") - assets == serial("assets_deleted") - deleted && serial("assets_deleted") > deleted)
        #expect(try serial("hashes") == hashes)
        #expect(try CacheTable.hashes.watch(box.db).isUnchanged)
        let undone = try box.cull(["undo"])
        #expect(undone.status == 0, "\(undone.stdout)\(undone.stderr)")
        #expect(try !CacheTable.hashes.watch(box.db).isUnchanged)
    }

    @Test func aTriggerThatIsNotACounterStillFires() throws {
        let box = try Sandbox("booking-foreign")
        try box.stageFiles((1...3).map { Array("f/IMG_\($0).JPG".utf8) })
        try box.db.execute("""
            CREATE TABLE removed_log (path TEXT);
            CREATE TRIGGER log_removed AFTER DELETE ON assets BEGIN INSERT INTO removed_log VALUES (OLD.path); END;
            """)
        #expect(try ChangeCounts.deletionBookings(box.db, writing: ["commit_items"], deletingFrom: ["assets"]) == nil)
        let result = try box.cull(["commit", "--yes"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(try box.db.scalar("SELECT count(*) FROM removed_log")?.int64 == 3)
    }

    @Test func theSchemasCountersAreRecognized() throws {
        let box = try Sandbox("booking-known")
        let counters = try ChangeCounts.deletionBookings(box.db, writing: ["commit_items", "commit_assets"],
                                                         deletingFrom: ["assets", "hashes", "image_hashes", "image_features"])
        // A cache row leaves with its asset, as a cascade would: its table's count does not move
        // (`0034-deletions-apart`); both of the assets' do, and the assets are logged as changed
        // (`0036-asset-changes`), their rows with them.
        #expect(counters?.mapValues(Set.init) == ["assets": [.counter(1), .counter(19), .logged]])
        // A cache row deleted while its asset stays is logged by a trigger that reads the row: the
        // writer keeps its triggers.
        #expect(try ChangeCounts.deletionBookings(box.db, writing: [], deletingFrom: ["hashes", "image_features"]) == nil)
        // A trigger on a table the writer inserts into means triggers stay on.
        try box.db.execute("CREATE TEMP TRIGGER t AFTER INSERT ON commit_assets BEGIN SELECT 1; END")
        #expect(try ChangeCounts.deletionBookings(box.db, writing: ["commit_assets"], deletingFrom: ["assets"]) == nil)
    }
}
