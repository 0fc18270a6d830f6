import Foundation
import Testing
@testable import CullKit

/// `cull trash` and the commit prompt look at the disk on every appearance: a staged file that
/// vanished outside Cull is shown as gone and left out of counts and bytes; the commit books it as
/// already gone, and the fingerprint shown before it vanished still commits.
@Suite struct ReconcileTests {
    @Test func aVanishedFileIsShownGoneAndNotCounted() throws {
        let box = try Sandbox("gone")
        try box.stageFiles([Array("a.jpg".utf8), Array("b.jpg".utf8)])
        let before = try TrashListing(db: box.db)
        _ = FileOps.unlink(box.root + Array("b.jpg".utf8))
        let listing = try TrashListing(db: box.db)
        let aBytes = Int64("content of a.jpg".utf8.count)
        #expect(listing.total.count == 1 && listing.total.bytes == aBytes)
        #expect(listing.byRule.map(\.count) == [1])
        #expect(listing.fingerprint == before.fingerprint, "a vanished file does not change the fingerprint")
        #expect(TrashRenderer.prompt(listing, destination: .trash) == "Type 'yes' to move 1 file (\(ByteCount.format(aBytes))); 1 already gone: ")

        let text = try box.cull(["trash"])
        #expect(text.stdout.contains("Staged: 1 file, \(ByteCount.format(aBytes)); 1 already gone (not counted)"), "\(text.stdout)")
        #expect(text.stdout.contains("b.jpg  [r]  gone: deleted or moved outside Cull"), "\(text.stdout)")
        let json = try RunCommandTests.json(try box.cull(["trash", "--format", "json"]).stdout)
        #expect(json["count"] as? Int == 1 && json["bytes"] as? Int == Int(aBytes) && json["gone"] as? Int == 1, "\(json)")
        let items = try #require(json["items"] as? [[String: Any]])
        #expect(items.first { $0["path"] as? String == "b.jpg" }?["gone"] as? Bool == true)
        #expect(items.first { $0["path"] as? String == "a.jpg" }?["gone"] as? Bool == false)
        let status = try RunCommandTests.json(try box.cull(["status", "--format", "json"]).stdout)
        #expect(status["staged"] as? Int == 1 && status["staged_bytes"] as? Int == Int(aBytes), "\(status)")

        // The fingerprint shown before the file vanished still commits; the gone one counts as done.
        let commit = try box.cull(["commit", "--yes", "--fingerprint", before.fingerprint])
        #expect(commit.status == 0, "\(commit.stdout)\(commit.stderr)")
        #expect(commit.stdout.contains("moved 1 file") && commit.stdout.contains("already gone: 1"), "\(commit.stdout)")
        #expect(try StagedSet.load(box.db).isEmpty)
    }

    /// Everything staged vanished: the commit books it as gone and offers no undo of nothing.
    @Test func aCommitThatMovedNothingOffersNoUndo() throws {
        let box = try Sandbox("gone-all")
        try box.stageFiles([Array("a.jpg".utf8)])
        _ = FileOps.unlink(box.root + Array("a.jpg".utf8))
        #expect(try box.cull(["trash"]).stdout.contains("Staged: 0 files, 0 B; 1 already gone"))
        let commit = try box.cull(["commit", "--yes"])
        #expect(commit.status == 0, "\(commit.stderr)")
        #expect(commit.stdout.contains("already gone: 1"), "\(commit.stdout)")
        #expect(!commit.stdout.contains("undo"), "\(commit.stdout)")
        #expect(try box.cull(["trash"]).stdout == "Nothing is staged.\n")
    }

    /// Each item says how long it has been staged.
    @Test func theTrashShowsEachItemsAge() throws {
        let box = try Sandbox("age")
        let ids = try box.stageFiles([Array("old.jpg".utf8), Array("new.jpg".utf8)])
        let now = Int64(Date().timeIntervalSince1970)
        try box.db.execute("UPDATE reviews SET at = ? WHERE asset_id = ?", [.integer(now - 3 * 86_400 - 100), .integer(ids[0])])
        let text = try box.cull(["trash"]).stdout
        #expect(text.contains("3 days ago     old.jpg"), "\(text)")
        #expect(text.contains("just now       new.jpg"), "\(text)")
        #expect(English.ago(59) == "just now" && English.ago(3600) == "1 hour ago" && English.ago(20 * 86_400) == "2 weeks ago")
        #expect(English.ago(400 * 86_400) == "1 year ago" && English.ago(90 * 86_400) == "2 months ago")
    }
}
