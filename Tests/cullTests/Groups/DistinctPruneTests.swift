import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import CullKit

/// A set marked distinct is forgotten once none of its pictures can come back: no asset of the
/// index has any of its content hashes, and no commit that undo could still bring back holds one.
@Suite struct DistinctPruneTests {
    func pairs(_ box: Sandbox) throws -> Int64 { try box.db.scalar("SELECT count(*) FROM distinct_sets")?.int64 ?? -1 }

    /// `x.jpg` and `y.jpg` (different bytes) marked distinct, and `z.jpg` besides.
    func marked(_ name: String) throws -> Sandbox {
        let box = try Sandbox(name)
        box.write("x.jpg", bytes: GroupRuleTests.bytes(30_000, seed: 31))
        box.write("y.jpg", bytes: GroupRuleTests.bytes(30_000, seed: 32))
        box.write("z.jpg", bytes: GroupRuleTests.bytes(30_000, seed: 33))
        #expect(try box.cull(["scan"]).status == 0)
        let distinct = try box.cull(["distinct", "x.jpg", "y.jpg"])
        #expect(distinct.status == 0, "\(distinct.stdout)\(distinct.stderr)")
        #expect(try pairs(box) == 1)
        return box
    }

    @Test func aPairWhosePicturesAreBothGoneIsForgottenByTheNextScan() throws {
        let box = try marked("distinct-prune-gone")
        _ = FileOps.unlink(box.root + Array("x.jpg".utf8))
        #expect(try box.cull(["scan"]).status == 0)
        // One picture left: the pair stays (the other may come back under its old content).
        #expect(try pairs(box) == 1)
        _ = FileOps.unlink(box.root + Array("y.jpg".utf8))
        #expect(try box.cull(["scan"]).status == 0)
        #expect(try pairs(box) == 0)
    }

    /// `cull run` scans as `cull scan` does (issue 39 item 1: it scanned without pruning).
    @Test func theScheduledRunPrunesAsTheScanDoes() throws {
        let box = try marked("distinct-prune-run")
        _ = FileOps.unlink(box.root + Array("x.jpg".utf8))
        _ = FileOps.unlink(box.root + Array("y.jpg".utf8))
        let rules = try box.rules("none.yaml", "version: 1\nrules:\n  - name: none\n    match: {name: nothing.jpg}\n")
        let run = try box.cull(["run", rules])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(try pairs(box) == 0)
    }

    @Test func aPairUndoCanBringBackSurvivesTheScanAndTheUndo() throws {
        let box = try marked("distinct-prune-undo")
        let rules = try box.rules("xy.yaml", "version: 1\nrules:\n  - name: xy\n    match: {name: [\"x.jpg\", \"y.jpg\"]}\n")
        #expect(try box.cull(["stage", rules, "--ceiling", "100"]).status == 0)
        let commit = try box.cull(["commit", "--yes"])
        #expect(commit.status == 0, "\(commit.stdout)\(commit.stderr)")
        #expect(!box.exists("x.jpg") && !box.exists("y.jpg"))
        #expect(try box.cull(["scan"]).status == 0)
        // Marking other pictures distinct prunes too: still nothing lost.
        box.write("w.jpg", bytes: GroupRuleTests.bytes(30_000, seed: 34))
        #expect(try box.cull(["scan"]).status == 0)
        #expect(try box.cull(["distinct", "z.jpg", "w.jpg"]).status == 0)
        #expect(try pairs(box) == 2)
        let undo = try box.cull(["undo"])
        #expect(undo.status == 0, "\(undo.stdout)\(undo.stderr)")
        #expect(box.exists("x.jpg") && box.exists("y.jpg"))
        #expect(try box.cull(["scan"]).status == 0)
        #expect(try pairs(box) == 2)
        // Undone, the commit holds nothing any more: gone again outside Cull, the pair goes.
        _ = FileOps.unlink(box.root + Array("x.jpg".utf8))
        _ = FileOps.unlink(box.root + Array("y.jpg".utf8))
        #expect(try box.cull(["scan"]).status == 0)
        #expect(try pairs(box) == 1)
    }
}
