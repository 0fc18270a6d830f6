import Foundation
import Testing
@testable import CullKit
import CullTestSupport

/// The one confirm-and-commit entry point: what it shows is what it commits, or nothing moves.
@Suite struct CommitSessionTests {
    /// A stage after the session opened (another process, another review page) changes the staged
    /// set: the commit is refused and nothing moves, not the stale list committed.
    @Test func changedSinceOpeningIsRefused() throws {
        let box = try Sandbox("session")
        try box.stageFiles([Array("a.jpg".utf8)])
        let session = try CommitSession(library: box.library, db: box.db, environment: box.environment)
        #expect(session.count == 1 && session.bytes == Int64("content of a.jpg".utf8.count))
        try box.stageFiles([Array("b.jpg".utf8)], rule: "later")
        let lock = try LibraryLock(library: box.library)
        #expect(throws: CommitError.self) {
            try session.commit(expectedFingerprint: session.fingerprint, destination: .trash, holding: lock)
        }
        #expect(box.exists("a.jpg") && box.exists("b.jpg"))
        #expect(box.trashEntries().isEmpty)
        // Opened again, it shows and commits both.
        let again = try CommitSession(library: box.library, db: box.db, environment: box.environment)
        #expect(again.count == 2)
        let receipt = try again.commit(expectedFingerprint: again.fingerprint.uppercased(), destination: .trash, holding: lock)
        #expect(receipt.moved == 2 && !box.exists("a.jpg") && !box.exists("b.jpg"))
    }

    /// A keep committed by another connection (another `cull` process) after the session opened:
    /// the commit reads the staged set again, is refused, and nothing moves; with no change in between
    /// it commits the set it listed.
    @Test func changedByAnotherConnectionIsRefused() throws {
        let box = try Sandbox("session-elsewhere")
        let ids = try box.stageFiles([Array("a.jpg".utf8), Array("b.jpg".utf8)])
        let session = try CommitSession(library: box.library, db: box.db, environment: box.environment)
        #expect(session.count == 2)
        let other = try box.library.openIndex()
        #expect(try StagingStore(db: other).keep(assetIDs: [ids[1]]) == 1)
        let lock = try LibraryLock(library: box.library)
        #expect(throws: CommitError.self) {
            try session.commit(expectedFingerprint: session.fingerprint, destination: .trash, holding: lock)
        }
        #expect(box.exists("a.jpg") && box.exists("b.jpg") && box.trashEntries().isEmpty)
        let again = try CommitSession(library: box.library, db: box.db, environment: box.environment)
        #expect(again.count == 1)
        let receipt = try again.commit(expectedFingerprint: again.fingerprint, destination: .trash, holding: lock)
        #expect(receipt.moved == 1 && !box.exists("a.jpg") && box.exists("b.jpg"))
    }

    /// A commit and its undo skip the schema's CHECKs only while they run (``Database/journaling(_:)``):
    /// afterwards the connection refuses a word the schema does not know again, and syncs as before.
    @Test func journalingLeavesTheConnectionAsItFoundIt() throws {
        let box = try Sandbox("session-journaling")
        try box.stageFiles([Array("a.jpg".utf8), Array("b.jpg".utf8)])
        let lock = try LibraryLock(library: box.library)
        let session = try CommitSession(library: box.library, db: box.db, environment: box.environment)
        let receipt = try session.commit(expectedFingerprint: session.fingerprint, destination: .trash, holding: lock)
        #expect(receipt.moved == 2)
        let undone = try CommitUndo.undo(library: box.library, db: box.db, environment: box.environment)
        #expect(undone.restored == 2 && box.exists("a.jpg") && box.exists("b.jpg"))
        #expect(try box.db.scalar("PRAGMA ignore_check_constraints")?.int64 == 0)
        #expect(try box.db.scalar("PRAGMA synchronous")?.int64 == 1)
        #expect(throws: DatabaseError.self) {
            try box.db.execute("UPDATE commit_items SET state = 'lost' WHERE commit_id = ?", [.integer(receipt.commit)])
        }
    }

    @Test func wrongFingerprintIsCheckedBeforeAsking() throws {
        let box = try Sandbox("session-fp")
        try box.stageFiles([Array("a.jpg".utf8)])
        let session = try CommitSession(library: box.library, db: box.db, environment: box.environment)
        #expect(throws: CommitError.self) { try session.check(expectedFingerprint: "000000000000") }
        try session.check(expectedFingerprint: session.fingerprint)
    }

    /// A restore of everything since opening leaves nothing to commit: `nothingStaged`, not an empty batch.
    @Test func nothingLeftIsNothingStaged() throws {
        let box = try Sandbox("session-empty")
        try box.stageFiles([Array("a.jpg".utf8)])
        let session = try CommitSession(library: box.library, db: box.db, environment: box.environment)
        try StagingStore(db: box.db).restore(.all)
        let lock = try LibraryLock(library: box.library)
        do {
            _ = try session.commit(expectedFingerprint: session.fingerprint, destination: .trash, holding: lock)
            Issue.record("committed an empty set")
        } catch CommitError.nothingStaged {
        }
        #expect(try box.db.scalar("SELECT count(*) FROM commits")?.int64 == 0)
    }

    /// `--staged-before`: the session shows and commits the older part only; the rest stays staged.
    @Test func stagedBeforeNarrowsShowAndCommit() throws {
        let box = try Sandbox("session-age")
        try box.stageFiles([Array("old.jpg".utf8)])
        try box.db.execute("UPDATE reviews SET at = 1000")
        try box.stageFiles([Array("new.jpg".utf8)], rule: "later")
        let session = try CommitSession(library: box.library, db: box.db, stagedBefore: 2000, environment: box.environment)
        #expect(session.count == 1)
        let receipt = try session.commit(expectedFingerprint: session.fingerprint, destination: .trash,
                                         holding: try LibraryLock(library: box.library))
        #expect(receipt.moved == 1 && !box.exists("old.jpg") && box.exists("new.jpg"))
        #expect(try TrashListing(db: box.db).total.count == 1)
    }
}
