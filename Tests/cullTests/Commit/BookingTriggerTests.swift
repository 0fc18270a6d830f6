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

    @Test func aTriggerThatIsNotACounterStillFires() throws {
        let box = try Sandbox("booking-foreign")
        try box.stageFiles((1...3).map { Array("f/IMG_\($0).JPG".utf8) })
        try box.db.execute("""
            CREATE TABLE removed_log (path TEXT);
            CREATE TRIGGER log_removed AFTER DELETE ON assets BEGIN INSERT INTO removed_log VALUES (OLD.path); END;
            """)
        #expect(try ChangeCounts.deletionCounters(box.db, writing: ["commit_items"], deletingFrom: ["assets"]) == nil)
        let result = try box.cull(["commit", "--yes"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(try box.db.scalar("SELECT count(*) FROM removed_log")?.int64 == 3)
    }

    @Test func theSchemasCountersAreRecognized() throws {
        let box = try Sandbox("booking-known")
        let counters = try ChangeCounts.deletionCounters(box.db, writing: ["commit_items", "commit_assets"],
                                                         deletingFrom: ["assets", "hashes", "image_hashes", "image_features"])
        #expect(counters == ["assets": 1, "hashes": 2, "image_hashes": 3, "image_features": 4])
        // A trigger on a table the writer inserts into means triggers stay on.
        try box.db.execute("CREATE TEMP TRIGGER t AFTER INSERT ON commit_assets BEGIN SELECT 1; END")
        #expect(try ChangeCounts.deletionCounters(box.db, writing: ["commit_assets"], deletingFrom: ["assets"]) == nil)
    }
}
