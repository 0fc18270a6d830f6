import Foundation
import Testing
@testable import CullKit

/// Issue 37, item 8: a FIFO (or any file that is not a regular file) named like a catalog's journal,
/// WAL or shared-memory file made every command hang in `open(2)` while holding the library lock.
/// Nothing that is not a regular file is opened; every wait is bounded.
@Suite struct CatalogHangTests {
    /// Runs `cull` killed after `seconds` (so a hang fails the test instead of stopping it).
    static func cull(_ box: Sandbox, _ arguments: [String], seconds: Int = 20) throws -> Subprocess.Result {
        try Subprocess.run(["/usr/bin/timeout", "-s", "KILL", String(seconds), Subprocess.cullBinary] + arguments,
                           environment: box.environment, directory: box.library.root)
    }

    @Test(.enabled(if: CatalogFixtures.isAvailable), arguments: ["library.db-journal", "library.db-wal", "library.db-shm", "data.db-journal", "data.db-wal"])
    func aFIFOBesideTheCatalogStopsNothingForGood(_ name: String) throws {
        let box = try Sandbox("dt-fifo")
        let catalog = try CatalogFixtures.darktable(in: box)
        #expect(try box.cull(["scan"]).status == 0)
        let rules = try box.rules("all.yaml", CatalogFailClosedTests.all)
        #expect(try box.cull(["stage", rules, "--ceiling", "100"]).status == 0)
        let fifo = (catalog as NSString).deletingLastPathComponent + "/" + name
        // darktable wrote a rating since: the catalog must be read again.
        try CatalogFixtures.write(catalog, "UPDATE images SET flags = (flags & ~7) | 4 WHERE filename = 'IMG_0004.jpg'")
        #expect(mkfifo(fifo, 0o644) == 0)
        let status = try Self.cull(box, ["status"])
        #expect(status.status == 0, "status: \(status.status) \(status.stderr)")
        #expect(status.stderr.contains("\(fifo) is not a regular file"), "\(status.stderr)")
        for arguments in [["plan", rules, "--ceiling", "100"], ["run", rules, "--ceiling", "100"], ["commit", "--yes"]] {
            let result = try Self.cull(box, arguments)
            #expect(result.status == 7, "\(arguments[0]): \(result.status) \(result.stderr)")
            #expect(result.stderr.contains("cannot read the darktable catalog \(catalog): cannot open it: \(fifo) is not a regular file"),
                    "\(arguments[0]): \(result.stderr)")
        }
        #expect(box.exists("IMG_0001.jpg"), "nothing moved")
        // Gone again: the catalog reads.
        #expect(unlink(fifo) == 0)
        #expect(try Self.cull(box, ["plan", rules, "--ceiling", "100"]).status == 0)
    }

    @Test(.enabled(if: CatalogFixtures.isAvailable))
    func aDeviceOrAFolderNamedLikeAJournalIsRefusedToo() throws {
        let box = try Sandbox("dt-dev")
        let catalog = try CatalogFixtures.darktable(in: box)
        #expect(try box.cull(["scan"]).status == 0)
        let rules = try box.rules("all.yaml", CatalogFailClosedTests.all)
        // A link to a terminal would block a read, a folder is no journal.
        try FileManager.default.createSymbolicLink(atPath: catalog + "-wal", withDestinationPath: "/dev/zero")
        let linked = try Self.cull(box, ["plan", rules, "--ceiling", "100"])
        #expect(linked.status == 7 && linked.stderr.contains("\(catalog)-wal is not a regular file"), "\(linked.stderr)")
        #expect(unlink(catalog + "-wal") == 0)
        try FileManager.default.createDirectory(atPath: catalog + "-journal", withIntermediateDirectories: false)
        let folder = try Self.cull(box, ["plan", rules, "--ceiling", "100"])
        #expect(folder.status == 7 && folder.stderr.contains("\(catalog)-journal is not a regular file"), "\(folder.stderr)")
    }

    /// Past the check (a FIFO made between the check and SQLite's own open): SQLite's open itself
    /// never waits on a file that is not a regular file.
    @Test(.enabled(if: CatalogFixtures.isAvailable))
    func sqliteItselfNeverOpensAFIFO() throws {
        let box = try Sandbox("dt-fifo-race")
        let catalog = try CatalogFixtures.darktable(in: box)
        #expect(mkfifo(catalog + "-journal", 0o644) == 0)
        #expect(mkfifo(box.base + "/fifo.db", 0o644) == 0)
        for (path, sql) in [(catalog, "SELECT count(*) FROM images"), (box.base + "/fifo.db", "SELECT 1 FROM sqlite_schema")] {
            let done = DispatchSemaphore(value: 0)
            let outcome = Outcome()
            Thread.detachNewThread {
                do {
                    let db = try Database(path: CatalogConnection.uri(path), create: false, readOnly: true, uri: true)
                    _ = try db.scalar(sql)
                    outcome.set("read")
                } catch {
                    outcome.set("refused: \(error)")
                }
                done.signal()
            }
            let finished = done.wait(timeout: .now() + 15) == .success
            if !finished {
                // Let the stuck open go (a writer appears), so the test process can end.
                for fifo in [catalog + "-journal", box.base + "/fifo.db"] {
                    let fd = open(fifo, O_WRONLY | O_NONBLOCK)
                    if fd >= 0 { close(fd) }
                }
                _ = done.wait(timeout: .now() + 15)
            }
            #expect(finished, "opening \(path) with a FIFO in the way hung")
            #expect(outcome.value.hasPrefix("refused"), "\(path): \(outcome.value)")
        }
    }

    final class Outcome: @unchecked Sendable {
        private let lock = NSLock()
        private var text = ""
        func set(_ value: String) { lock.lock(); text = value; lock.unlock() }
        var value: String { lock.lock(); defer { lock.unlock() }; return text }
    }
}
