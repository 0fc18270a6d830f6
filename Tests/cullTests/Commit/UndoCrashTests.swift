import Foundation
import Testing
@testable import CullKit

/// kill -9 and Ctrl-C of a real `cull undo` at many instants. Every file ends exactly once: back in
/// the library, indexed and kept, or still in the trash with its `.trashinfo`; no orphan
/// `.trashinfo` once the next writing command has rolled a killed undo forward.
@Suite struct UndoCrashTests {
    static let files = 32
    /// `CULL_CRASH_RUNS` / `CULL_CRASH_SEED` run a longer soak.
    static let runs = ProcessInfo.processInfo.environment["CULL_CRASH_RUNS"].flatMap(Int.init) ?? 30

    /// Runs are independent cases (so they run in parallel): SIGKILL at a journaled step, SIGINT at
    /// one, then SIGKILL and SIGINT after a random delay.
    @Test(arguments: 0..<runs)
    func killedOrInterruptedUndoLosesNothing(run: Int) throws {
        let seed = ProcessInfo.processInfo.environment["CULL_CRASH_SEED"].flatMap(UInt64.init) ?? 0xDEC0DE
        var random = SeededRandom(seed: seed &+ UInt64(run))
        do {
            let box = try Sandbox("undo-crash")
            let paths = (0..<Self.files).map { Array("d\($0 % 6)/IMG_\($0).jpg".utf8) }
            var expected = paths.map { ($0, "content of " + PathBytes.display($0)) }
            // Sidecars before indexing: one that appears after staging stops its file's commit.
            for index in stride(from: 0, to: Self.files, by: 8) {
                let sidecar = paths[index] + Array(".xmp".utf8)
                box.write(sidecar, "sidecar")
                expected.append((sidecar, "sidecar"))
            }
            let ids = try box.stageFiles(paths)
            let commit = try box.cull(["commit", "--yes"])
            #expect(commit.status == 0, "\(commit.stderr)")

            // Steps of an undo: one after journaling, one per file moved back, one per .trashinfo
            // removed, one per chunk booked.
            var extra = ["CULL_COMMIT_CHUNK": "8"]
            let steps = 1 + 2 * expected.count + expected.count / 8   // chunks hold at least 8
            let mode = run % 4
            switch mode {
            case 0: extra["CULL_TEST_CRASH_AFTER"] = String(random.next(upTo: steps))
            case 1: extra["CULL_TEST_INTERRUPT_AFTER"] = String(random.next(upTo: steps))
            default: extra["CULL_TEST_STEP_DELAY_US"] = "300"
            }
            let running = try Subprocess.start([Subprocess.cullBinary, "undo"],
                                               environment: box.environment.merging(extra) { $1 }, directory: box.library.root)
            if mode >= 2 {
                usleep(UInt32(5_000 + random.next(upTo: 60_000)))
                kill(running.process.processIdentifier, mode == 2 ? SIGKILL : SIGINT)
            }
            running.process.waitUntilExit()
            let killed = running.process.terminationReason == .uncaughtSignal
            let status = running.process.terminationStatus
            if mode == 0 { #expect(killed, "run \(run): the crash hook fires within the undo") }
            if mode == 1 { #expect(!killed && status == 130, "run \(run): exit \(status): Ctrl-C stops, it does not kill") }
            #expect(killed || status == 0 || status == 130, "run \(run): exit \(status)")
            if !killed && status == 130 {
                #expect(try box.db.scalar("SELECT count(*) FROM undos WHERE state = 'open'")?.int64 == 0, "an interrupted undo is closed")
            }

            // Right after: every file is here or in the trash (a killed run may leave a .trashinfo behind).
            try CrashTests.assertNothingLost(box, expected: expected, allowOrphanInfo: killed)
            if killed {
                // A read-only command reports the unfinished undo and leaves it alone.
                let openBefore = try box.db.scalar("SELECT count(*) FROM undos WHERE state = 'open'")?.int64 ?? 0
                let look = try box.cull(["trash"])
                #expect(look.status == 0, "\(look.stderr)")
                if openBefore > 0 {
                    #expect(look.stderr.contains("unfinished"), "\(look.stderr)")
                    #expect(try box.db.scalar("SELECT count(*) FROM undos WHERE state = 'open'")?.int64 == openBefore)
                }
                // The next writing command rolls it forward, saying so.
                let next = try box.cull(["commit", "--yes"])
                #expect(next.status == 0, "\(next.stderr)")
                if openBefore > 0 { #expect(next.stderr.contains("finished undo"), "\(next.stderr)") }
                try CrashTests.assertNothingLost(box, expected: expected, allowOrphanInfo: false)
                #expect(try box.db.scalar("SELECT count(*) FROM undos WHERE state = 'open'")?.int64 == 0)
            }
            try Self.assertBackIsIndexed(box, paths: paths)

            // Whatever is left comes back with one more undo; then nothing is in the trash.
            if try box.db.scalar("SELECT state FROM commits WHERE id = 1")?.string != "undone" {
                let rest = try box.cull(["undo"])
                #expect(rest.status == 0, "run \(run): \(rest.stdout)\(rest.stderr)")
            }
            try CrashTests.assertNothingLost(box, expected: expected, allowOrphanInfo: false)
            for (path, _) in expected { #expect(box.exists(path), "run \(run): \(PathBytes.display(path)) not back") }
            try Self.assertBackIsIndexed(box, paths: paths)
            #expect(try box.db.scalar("SELECT count(*) FROM assets")?.int64 == Int64(ids.count))
            let listing = try Subprocess.run(["/usr/bin/trash-list"], environment: box.environment)
            #expect(listing.stdout.isEmpty && listing.stderr.isEmpty, "run \(run): \(listing.stdout)\(listing.stderr)")
        }
    }

    /// Every primary back in the library is indexed and kept; every one in the trash is not indexed.
    static func assertBackIsIndexed(_ box: Sandbox, paths: [[UInt8]]) throws {
        let store = StagingStore(db: box.db)
        for path in paths {
            let id = try store.assetID(path: path)
            #expect((id != nil) == box.exists(path), "index and disk disagree on \(PathBytes.display(path))")
            if let id { #expect(try store.status(of: id) == .kept, "\(PathBytes.display(path)) back but not kept") }
        }
    }
}
