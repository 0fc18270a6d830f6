import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import CullKit

/// A scan converges on what it saw, whatever another program does to the names meanwhile: it
/// never fails on a path two files claim.
@Suite struct ScanRaceTests {
    /// A file moved out of the library and another renamed onto its name: the renamed file keeps
    /// its asset (and its review), the one that left is forgotten; the scan used to die with
    /// "UNIQUE constraint failed: assets.path" (exit 6).
    @Test func aFileRenamedOntoTheNameOfOneThatLeftKeepsItsAsset() throws {
        let box = try Sandbox("scan-displaced")
        box.write("p.jpg", bytes: Media.jpeg(taken: "2019:05:05 12:00:00"))
        box.write("q.jpg", bytes: Media.jpeg(taken: "2020:05:05 12:00:00"))
        #expect(try box.cull(["scan"]).status == 0)
        let q = try #require(try StagingStore(db: box.db).assetID(path: Array("q.jpg".utf8)))
        #expect(try box.cull(["stage", "--path", "q.jpg"]).status == 0)
        #expect(rename(box.library.root + "/p.jpg", box.base + "/p-outside.jpg") == 0)
        #expect(rename(box.library.root + "/q.jpg", box.library.root + "/p.jpg") == 0)
        let scan = try box.cull(["scan"])
        #expect(scan.status == 0, "\(scan.stdout)\(scan.stderr)")
        #expect(try StagingStore(db: box.db).assetID(path: Array("p.jpg".utf8)) == q)
        #expect(try StagingStore(db: box.db).status(of: q) == .trashed, "the renamed file kept its staging")
        #expect(try box.db.scalar("SELECT count(*) FROM assets")?.int64 == 1)
    }

    /// Two indexed files swapping names over and over while scans run: every scan succeeds, and
    /// once the renaming stops one more scan finds both files where they are, each once.
    @Test func scansUnderHeavyRenamingNeverFail() throws {
        let box = try Sandbox("scan-swaps")
        for index in 0..<300 { box.write("other/\(index).jpg", bytes: Media.jpeg(taken: "2019:05:05 12:00:00") + [UInt8(index % 250)]) }
        box.write("a/x.jpg", bytes: Media.jpeg(taken: "2019:01:01 00:00:00"))
        box.write("a/y.jpg", bytes: Media.jpeg(taken: "2019:01:02 00:00:00") + [1])
        #expect(try box.cull(["scan"]).status == 0)
        let stop = Flag()
        let root = box.library.root + "/a/"
        let renamer = Thread {
            while !stop.isSet {
                _ = rename(root + "x.jpg", root + "t.jpg")
                _ = rename(root + "y.jpg", root + "x.jpg")
                _ = rename(root + "t.jpg", root + "y.jpg")
            }
        }
        renamer.start()
        var failures: [String] = []
        for _ in 0..<60 {
            let scan = try box.cull(["scan"])
            if scan.status != 0 { failures.append(scan.stderr) }
        }
        stop.set()
        while !renamer.isFinished { usleep(1_000) }
        // The renamer may have stopped between its renames: put both names back.
        if !FileManager.default.fileExists(atPath: root + "x.jpg") { _ = rename(root + "t.jpg", root + "x.jpg") }
        if !FileManager.default.fileExists(atPath: root + "y.jpg") { _ = rename(root + "t.jpg", root + "y.jpg") }
        #expect(failures.isEmpty, "\(failures.count) of 60 scans failed: \(failures.first ?? "")")
        #expect(try box.cull(["scan"]).status == 0)
        let paths = try box.db.scalar("SELECT group_concat(path, ',') FROM (SELECT path FROM assets WHERE path LIKE 'a/%' ORDER BY path)")?.string
        #expect(paths == "a/x.jpg,a/y.jpg")
        #expect(try box.db.scalar("SELECT count(*) FROM assets WHERE typeof(path) <> 'text'")?.int64 == 0, "a placeholder path was left")
    }

    final class Flag: @unchecked Sendable {
        private let lock = NSLock()
        private var value = false
        var isSet: Bool { lock.withLock { value } }
        func set() { lock.withLock { value = true } }
    }
}
