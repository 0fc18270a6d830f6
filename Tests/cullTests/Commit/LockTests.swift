import Foundation
import Testing
@testable import CullKit

/// The library lock cannot be defeated by unlinking or replacing `.cull/lock`.
@Suite struct LockTests {
    @Test func deletingTheLockFileDoesNotLetASecondCommitIn() throws {
        let box = try Sandbox("lock-unlink")
        let paths = (0..<300).map { Array("l\($0 / 50)/IMG_\($0).jpg".utf8) }
        try box.stageFiles(paths)
        let extra = ["CULL_COMMIT_CHUNK": "10", "CULL_TEST_STEP_DELAY_US": "4000"]
        let first = try Subprocess.start([Subprocess.cullBinary, "commit", "--yes"],
                                         environment: box.environment.merging(extra) { $1 }, directory: box.library.root)
        CancelTests.waitForTrash(box, atLeast: 10, while: first)
        #expect(first.process.isRunning)
        _ = FileOps.unlink(Array(box.library.lockPath.utf8))
        // A look-alike lock file in its place, as another program might leave.
        box.write(".cull/lock", "")
        for command in [["commit", "--yes"], ["undo"], ["keep", "l0/IMG_0.jpg"]] {
            let second = try box.cull(command)
            #expect(second.status == 5 && second.stderr.contains("locked"), "\(command): \(second.stdout)\(second.stderr)")
        }
        #expect(first.process.isRunning, "the second runs must not have waited for the first")
        let out = String(decoding: first.stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        first.process.waitUntilExit()
        #expect(first.process.terminationStatus == 0, "\(out)")
        #expect(out.contains("moved 300 files"), "\(out)")
        let receipt = try CommitReceipt.load(box.db, commit: 1)
        #expect(receipt.moved == 300 && receipt.skipped.isEmpty && receipt.alreadyGone == 0)
        #expect(try box.db.scalar("SELECT count(*) FROM commits")?.int64 == 1)
        #expect(box.trashEntries().count == 300 && paths.allSatisfy { !box.exists($0) })
        let undo = try box.cull(["undo"])
        #expect(undo.status == 0 && undo.stdout.contains("put back 300 files"), "\(undo.stdout)\(undo.stderr)")
    }

    /// Two locks in one process conflict too (each open of the library is its own holder).
    @Test func lockSurvivesAReplacedLockFile() throws {
        let box = try Sandbox("lock-replace")
        let held = try LibraryLock(library: box.library)
        _ = FileOps.unlink(Array(box.library.lockPath.utf8))
        #expect(throws: IndexError.self) { try LibraryLock(library: box.library) }
        held.release()
        let again = try LibraryLock(library: box.library)
        again.release()
    }
}
