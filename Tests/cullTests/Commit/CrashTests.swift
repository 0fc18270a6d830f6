import Foundation
import Testing
@testable import CullKit

/// kill -9 a real `cull commit --yes` at many instants; no file may be lost, and the next command
/// must finish the batch and leave no orphan.
@Suite struct CrashTests {
    static let files = 150
    /// `CULL_CRASH_RUNS` / `CULL_CRASH_SEED` run a longer soak with other crash points.
    static let runs = ProcessInfo.processInfo.environment["CULL_CRASH_RUNS"].flatMap(Int.init) ?? 50

    @Test func killedCommitLosesNothingAndRecovers() throws {
        var random = SeededRandom(seed: ProcessInfo.processInfo.environment["CULL_CRASH_SEED"].flatMap(UInt64.init) ?? 0xC0FFEE)
        var outcomes: [String: Int] = [:]
        for run in 0..<Self.runs {
            let box = try Sandbox("crash")
            let paths = (0..<Self.files).map { Array("d\($0)/IMG_\($0 % 10).jpg".utf8) }
            var expected = paths.map { ($0, "content of " + PathBytes.display($0)) }
            for index in stride(from: 0, to: Self.files, by: 10) {
                let sidecar = Array("d\(index)/IMG_0.jpg.xmp".utf8)
                box.write(sidecar, "sidecar")
                expected.append((sidecar, "sidecar"))
            }
            try box.stageFiles(paths)   // after the sidecars: they were there when the photos were indexed
            // Deterministic crash points (2 steps per item, 1 per chunk of 40) for most runs; a random delay for the rest.
            var extra = ["CULL_COMMIT_CHUNK": "40"]
            let deterministic = run % 3 != 2
            if deterministic { extra["CULL_TEST_CRASH_AFTER"] = String(random.next(upTo: 2 * (Self.files + 15) + 8)) }
            let running = try Subprocess.start([Subprocess.cullBinary, "commit", "--yes"],
                                               environment: box.environment.merging(extra) { $1 }, directory: box.library.root)
            if !deterministic {
                usleep(UInt32(random.next(upTo: 120_000)))
                kill(running.process.processIdentifier, SIGKILL)
            }
            running.process.waitUntilExit()
            outcomes[running.process.terminationReason == .uncaughtSignal ? "killed" : "finished", default: 0] += 1

            // Right after the kill: every file is at its original path or in the trash with a valid .trashinfo.
            try Self.assertNothingLost(box, expected: expected, allowOrphanInfo: true)
            // The next writing command rolls the batch forward (a read-only one only reports it).
            let next = try box.cull(["commit", "--yes"])
            #expect(next.status == 0, "\(next.stderr)")
            try Self.assertNothingLost(box, expected: expected, allowOrphanInfo: false)
            #expect(try box.db.scalar("SELECT count(*) FROM commits WHERE state = 'open'")?.int64 == 0)
            let committed = try box.db.scalar("SELECT count(*) FROM commits")?.int64 ?? 0
            for (path, _) in expected where committed > 0 {
                #expect(!box.exists(path), "a journaled batch was not finished")
            }
            for path in paths {
                let indexed = try StagingStore(db: box.db).assetID(path: path) != nil
                #expect(indexed == box.exists(path), "index and disk disagree on \(PathBytes.display(path))")
            }
        }
        #expect(outcomes["killed", default: 0] >= Self.runs / 2, "\(outcomes)")
    }

    static func assertNothingLost(_ box: Sandbox, expected: [([UInt8], String)], allowOrphanInfo: Bool) throws {
        let location = TrashLocation(directory: Array(box.trash.utf8), topdir: nil)
        var inTrash: [[UInt8]: [UInt8]] = [:]
        let files = FileOps.listDirectory(location.filesDirectory) ?? []
        for name in files {
            let info = try #require(FileOps.read(location.infoPath(name)), "trashed file without .trashinfo")
            let original = try #require(FreeDesktopTrash.originalPath(ofInfo: info, location: location))
            inTrash[original] = name
        }
        let infos = FileOps.listDirectory(location.infoDirectory) ?? []
        if !allowOrphanInfo { #expect(infos.count == files.count, "orphan .trashinfo left") }
        for (path, content) in expected {
            let here = box.exists(path) && FileOps.read(box.root + path) == Array(content.utf8)
            let there = inTrash[box.root + path].map { FileOps.read(location.filePath($0)) == Array(content.utf8) } ?? false
            #expect(here != there, "\(PathBytes.display(path)): here \(here), in trash \(there)")
        }
        let stray = (FileOps.listDirectory(Array(box.library.root.utf8)) ?? []).filter { $0.starts(with: Array(".cull-".utf8)) }
        #expect(stray.isEmpty)
    }
}

/// SplitMix64: reproducible crash points.
struct SeededRandom {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next(upTo bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }
}
