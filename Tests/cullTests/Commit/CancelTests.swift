import Foundation
import Testing
@testable import CullKit

/// Ctrl-C and SIGTERM mean *stop*, not crash: the batch is closed as cancelled with what moved
/// booked, the rest stays staged (or in the trash, for undo), and nothing finishes it later.
/// Only a batch a real crash left open is rolled forward, and only by a writing command.
@Suite struct CancelTests {
    /// Waits until at least `count` entries are in the sandbox's `Trash/files` (or the process ended).
    static func waitForTrash(_ box: Sandbox, atLeast count: Int, while running: Subprocess.Running) {
        let files = box.trash + "/files"
        while running.process.isRunning && ((try? FileManager.default.contentsOfDirectory(atPath: files))?.count ?? 0) < count {
            usleep(2_000)
        }
    }

    static func trashCount(_ box: Sandbox) -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: box.trash + "/files"))?.count ?? 0
    }

    @Test func interruptedCommitBooksWhatMovedAndKeepsTheRestStaged() throws {
        let box = try Sandbox("sigint-commit")
        let paths = (0..<2000).map { Array("f\($0 / 100)/IMG_\($0).jpg".utf8) }
        let ids = try box.stageFiles(paths)
        let extra = ["CULL_COMMIT_CHUNK": "25", "CULL_TEST_STEP_DELAY_US": "500"]
        let running = try Subprocess.start([Subprocess.cullBinary, "commit", "--yes"],
                                           environment: box.environment.merging(extra) { $1 }, directory: box.library.root)
        Self.waitForTrash(box, atLeast: 200, while: running)
        kill(running.process.processIdentifier, SIGINT)
        let out = String(decoding: running.stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let err = String(decoding: running.stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        running.process.waitUntilExit()
        #expect(running.process.terminationReason == .exit && running.process.terminationStatus == 130, "\(out)\(err)")

        let moved = Self.trashCount(box)
        #expect(moved >= 200 && moved < 2000, "moved \(moved)")
        #expect(out.contains("cancelled") && out.contains("moved \(moved) files"), "\(out)")
        #expect(out.contains("\(2000 - moved) still staged"), "\(out)")
        #expect(try box.db.scalar("SELECT state FROM commits WHERE id = 1")?.string == "cancelled")
        // The closed batch keeps no rows of files it never moved (they would pile up with every Ctrl-C).
        #expect(try box.db.scalar("SELECT count(*) FROM commit_items WHERE commit_id = 1 AND state = 'pending'")?.int64 == 0)
        #expect(try box.db.scalar("SELECT count(*) FROM commit_items WHERE commit_id = 1")?.int64 == Int64(moved))
        let store = StagingStore(db: box.db)
        for (path, id) in zip(paths, ids) {
            let here = box.exists(path)
            #expect((try store.assetID(path: path) != nil) == here, "\(PathBytes.display(path))")
            if here { #expect(try store.status(of: id) == .trashed, "an unmoved file stays staged") }
        }
        #expect(box.trashEntries().count == moved)

        // Nothing finishes a cancelled batch behind the user's back, reading or writing.
        let look = try box.cull(["trash", "--format", "json"])
        #expect(look.status == 0 && !look.stderr.contains("unfinished") && look.stdout.contains("\"count\":\(2000 - moved)"), "\(look.stdout)\(look.stderr)")
        #expect(Self.trashCount(box) == moved)
        // Undo brings back what the cancelled batch moved.
        let undo = try box.cull(["undo"])
        #expect(undo.status == 0 && undo.stdout.contains("put back \(moved) files"), "\(undo.stdout)\(undo.stderr)")
        #expect(paths.allSatisfy(box.exists))
    }

    @Test func terminatedRunCommitStopsToo() throws {
        let box = try Sandbox("sigterm-run")
        let paths = (0..<600).map { Array("r\($0 / 60)/IMG_\($0).jpg".utf8) }
        for path in paths { box.write(path, "content of " + PathBytes.display(path)) }
        let rules = box.base + "/all.yaml"
        try "version: 1\nrules:\n  - name: all\n    match: {path: \"r*/**\"}\n".write(toFile: rules, atomically: true, encoding: .utf8)
        let extra = ["CULL_COMMIT_CHUNK": "10", "CULL_TEST_STEP_DELAY_US": "2000"]
        let running = try Subprocess.start([Subprocess.cullBinary, "run", rules, "--commit", "--yes", "--ceiling", "100"],
                                           environment: box.environment.merging(extra) { $1 }, directory: box.library.root)
        Self.waitForTrash(box, atLeast: 20, while: running)
        kill(running.process.processIdentifier, SIGTERM)
        let out = String(decoding: running.stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        running.process.waitUntilExit()
        #expect(running.process.terminationReason == .exit && running.process.terminationStatus == 130, "\(out)")
        let moved = Self.trashCount(box)
        #expect(moved >= 20 && moved < 600 && out.contains("committed \(moved)"), "\(moved): \(out)")
        #expect(try box.db.scalar("SELECT state FROM commits WHERE id = 1")?.string == "cancelled")
        #expect(try box.db.scalar("SELECT count(*) FROM reviews WHERE status = 'trashed'")?.int64 == Int64(600 - moved))
        #expect(paths.filter(box.exists).count == 600 - moved)
    }

    @Test func interruptedUndoLeavesTheRestInTheTrash() throws {
        let box = try Sandbox("sigint-undo")
        let paths = (0..<1000).map { Array("u\($0 / 100)/IMG_\($0).jpg".utf8) }
        try box.stageFiles(paths)
        #expect(try box.cull(["commit", "--yes"]).status == 0)
        let extra = ["CULL_COMMIT_CHUNK": "25", "CULL_TEST_STEP_DELAY_US": "300"]
        let running = try Subprocess.start([Subprocess.cullBinary, "undo"],
                                           environment: box.environment.merging(extra) { $1 }, directory: box.library.root)
        while running.process.isRunning && paths.filter(box.exists).count < 100 { usleep(2_000) }
        kill(running.process.processIdentifier, SIGINT)
        let out = String(decoding: running.stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        running.process.waitUntilExit()
        #expect(running.process.terminationReason == .exit && running.process.terminationStatus == 130, "\(out)")
        let back = paths.filter(box.exists).count
        #expect(back >= 100 && back < 1000)
        #expect(out.contains("cancelled") && out.contains("put back \(back) files"), "\(out)")
        #expect(box.trashEntries().count == 1000 - back)
        #expect(try box.db.scalar("SELECT count(*) FROM assets")?.int64 == Int64(back))
        #expect(try box.db.scalar("SELECT count(*) FROM reviews WHERE status = 'kept'")?.int64 == Int64(back))
        #expect(try box.db.scalar("SELECT state FROM commits WHERE id = 1")?.string == "done")
        #expect(try box.db.scalar("SELECT count(*) FROM undo_items WHERE state = 'pending'")?.int64 == 0, "a cancelled undo keeps no pending rows")
        let look = try box.cull(["trash"])
        #expect(!look.stderr.contains("unfinished") && box.trashEntries().count == 1000 - back)
        let rest = try box.cull(["undo"])
        #expect(rest.status == 0 && rest.stdout.contains("put back \(1000 - back) files"), "\(rest.stdout)\(rest.stderr)")
        #expect(paths.allSatisfy(box.exists) && box.trashEntries().isEmpty)
    }

    /// A real crash leaves the batch open: read-only commands say so in one line and leave it;
    /// the next writing command finishes it and says so.
    @Test func onlyAWritingCommandFinishesACrashedCommit() throws {
        let box = try Sandbox("crash-readonly")
        let paths = (0..<6).map { Array("c/IMG_\($0).jpg".utf8) }
        try box.stageFiles(paths)
        let rules = box.base + "/c.yaml"
        try "version: 1\nrules:\n  - name: c\n    match: {path: \"c/**\"}\n".write(toFile: rules, atomically: true, encoding: .utf8)
        #expect(try box.cull(["commit", "--yes"], extra: ["CULL_TEST_CRASH_AFTER": "4"]).status != 0)
        let pending = try box.db.scalar("SELECT count(*) FROM commit_items WHERE state = 'pending'")?.int64 ?? 0
        #expect(pending == 6)
        let onDisk = paths.filter(box.exists).count
        #expect(onDisk > 0 && onDisk < 6)
        for command in [["trash"], ["find", "kind: photo"], ["plan", rules, "--ceiling", "100"], ["explain", rules]] {
            let result = try box.cull(command)
            let notices = result.stderr.split(separator: "\n").filter { $0.contains("unfinished") }
            #expect(notices.count == 1, "\(command): \(result.stderr)")
            #expect(notices.first?.contains("next writing command") == true, "\(command): \(result.stderr)")
            #expect(paths.filter(box.exists).count == onDisk, "\(command) moved files")
            #expect(try box.db.scalar("SELECT state FROM commits WHERE id = 1")?.string == "open", "\(command)")
        }
        // `check` needs no library and opens none, even inside one (CI runs it on rule files alone).
        let check = try box.cull(["check", rules])
        #expect(check.status == 0 && !check.stderr.contains("unfinished"), "\(check.stderr)")
        let keep = try box.cull(["keep", "c/IMG_5.jpg"])
        #expect(keep.stderr.contains("finished commit 1"), "\(keep.stdout)\(keep.stderr)")
        #expect(try box.db.scalar("SELECT state FROM commits WHERE id = 1")?.string == "done")
        #expect(paths.filter(box.exists).isEmpty && box.trashEntries().count == 6)
        #expect(!(try box.cull(["trash"])).stderr.contains("unfinished"))
    }
}
