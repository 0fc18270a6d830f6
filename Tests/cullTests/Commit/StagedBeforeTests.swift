import Foundation
import Testing
@testable import CullKit

/// `cull commit --staged-before AGE`: the grace period for cron (Cloud Custodian's mark-for-op). A weekly
/// run stages; a later commit takes only what has been staged for at least AGE, and the rest stays staged.
@Suite struct StagedBeforeTests {
    @Test func onlyWhatWasStagedLongEnoughAgoIsCommitted() throws {
        let box = try Sandbox("staged-before")
        let ids = try box.stageFiles([Array("a/old-1.jpg".utf8), Array("a/old-2.jpg".utf8), Array("a/new.jpg".utf8)])
        let tenDaysAgo = Int64(Date().timeIntervalSince1970) - 10 * 86_400
        for id in ids.prefix(2) { try box.db.execute("UPDATE reviews SET at = ? WHERE asset_id = ?", [.integer(tenDaysAgo), .integer(id)]) }

        let none = try box.cull(["commit", "--yes", "--staged-before", "2w"])
        #expect(none.status == 0 && none.stdout.contains("Nothing has been staged for 2w or longer."), "\(none.stdout)\(none.stderr)")
        #expect(box.exists("a/old-1.jpg") && box.exists("a/old-2.jpg"))

        let commit = try box.cull(["commit", "--yes", "--staged-before", "7d", "--format", "json"])
        #expect(commit.status == 0 && commit.stdout.contains("\"moved\":2"), "\(commit.stdout)\(commit.stderr)")
        #expect(!box.exists("a/old-1.jpg") && !box.exists("a/old-2.jpg"))
        #expect(box.exists("a/new.jpg"))
        let still = try TrashListing(db: box.db)
        #expect(still.staged.map { PathBytes.display($0.path) } == ["a/new.jpg"])
    }

    @Test func anAgeWithoutItsUnitIsAUsageError() throws {
        let box = try Sandbox("staged-before-usage")
        try box.stageFiles([Array("a.jpg".utf8)])
        let result = try box.cull(["commit", "--yes", "--staged-before", "7"])
        #expect(result.status == 2 && result.stderr.contains("invalid value '7' for '--staged-before'; expected an age with its unit, like 7d, 2w or 1mo"), "\(result.stderr)")
        #expect(box.exists("a.jpg"))
    }
}
