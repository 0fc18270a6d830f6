import Foundation
import Testing
@testable import CullKit

/// `reviews.status` is a stored word like the journal's: what Cull binds is what the schema's CHECK
/// accepts, `new` is never stored (it is the absence of a row), and anything else reads as kept.
@Suite struct ReviewStatusTests {
    @Test func theStoredWordsAreTheOnesTheSchemaAccepts() throws {
        let db = try Database(path: ":memory:")
        try Migrator.migrate(db)
        try db.execute("""
            INSERT INTO assets (id, path, folder, name, extension, device, inode, size, mtime_ns, added, modified, kind)
            VALUES (1, 'a.jpg', '', 'a.jpg', 'jpg', 1, 1, 1, 0, 0, 0, 'photo')
            """)
        func accepts(_ status: StagingStatus) -> Bool {
            (try? db.execute("INSERT OR REPLACE INTO reviews (asset_id, status, at) VALUES (1, ?, 0)", [status.sql])) != nil
        }
        #expect(accepts(.kept) && accepts(.trashed))
        #expect(!accepts(.new), "new is the absence of a row")
        try db.execute("INSERT OR REPLACE INTO reviews (asset_id, status, at) VALUES (1, ?, 0)", [StagingStatus.trashed.sql])
        #expect(StagingStatus(stored: try db.scalar("SELECT status FROM reviews WHERE asset_id = 1")?.string) == .trashed)
    }

    @Test func readingIsSafe() {
        #expect(StagingStatus(stored: nil) == .new)
        #expect(StagingStatus(stored: "kept") == .kept && StagingStatus(stored: "trashed") == .trashed)
        #expect(StagingStatus(stored: "mystery") == .kept && StagingStatus(stored: "new") == .kept)
    }
}
