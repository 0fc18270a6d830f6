import Foundation
import Testing
@testable import CullKit

/// `similar: {distance: N}` as a group rule, and `cull distinct` keeping a pair apart for good.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/convert"), "ImageMagick's /usr/bin/convert is absent"))
struct SimilarRuleTests {
    static let rules = "version: 1\nrules:\n  - name: near\n    match: {similar: {distance: 6}, kind: photo}\n    keep: [highest_resolution]\n"

    /// big.jpg, its half-size and recompressed copies, and a different picture.
    func library(_ name: String) throws -> Sandbox {
        let box = try Sandbox(name)
        try ImageRuleTests.convert(box, "big.jpg", ImageRuleTests.detail)
        let big = box.library.root + "/big.jpg"
        try ImageRuleTests.convert(box, "small.jpg", [big, "-resize", "50%"])
        try ImageRuleTests.convert(box, "q40.jpg", [big, "-quality", "40"])
        try ImageRuleTests.convert(box, "other.jpg", ["-seed", "99", "-size", "640x480", "plasma:fractal", "-blur", "0x1"])
        #expect(try box.cull(["scan"]).status == 0)
        return box
    }

    func similarGroups(_ box: Sandbox) throws -> [[String]] {
        try GroupSet.load(box.db, specs: [.similar(distance: 6)]).groups.map { $0.members.map { PathBytes.display($0.path) } }
    }

    @Test func copiesOfAPictureAreOneGroupAndTheLargestIsKept() throws {
        let box = try library("similar-stage")
        let stage = try box.cull(["stage", try box.rules("near.yaml", Self.rules), "--ceiling", "100"])
        #expect(stage.status == 0, "\(stage.stdout)\(stage.stderr)")
        #expect(try StagedSet.load(box.db).map { PathBytes.display($0.path) }.sorted() == ["q40.jpg", "small.jpg"])
        #expect(try similarGroups(box) == [["big.jpg", "q40.jpg", "small.jpg"]])
    }

    /// Pictures of one colour each (a lens cap, a blank screenshot, a test card) are not similar to
    /// one another: they have no structure to hash, so a similar rule never stages them.
    @Test func flatPicturesOfOtherColoursAreNeverSimilar() throws {
        let box = try Sandbox("similar-flat")
        for (name, fill) in [("red.jpg", "xc:red"), ("blue.jpg", "xc:blue"), ("grey.png", "xc:gray50"), ("ramp.jpg", "gradient:white-black")] {
            try ImageRuleTests.convert(box, name, ["-size", "800x600", fill])
        }
        #expect(try box.cull(["scan"]).status == 0)
        let stage = try box.cull(["stage", try box.rules("near.yaml", Self.rules), "--ceiling", "100"])
        #expect(stage.status == 0, "\(stage.stdout)\(stage.stderr)")
        #expect(try StagedSet.load(box.db).isEmpty)
        #expect(try similarGroups(box).isEmpty)
        #expect(try box.db.scalar("SELECT count(*) FROM image_features WHERE phash IS NULL AND failure IS NULL")?.int64 == 4)
    }

    @Test func distinctPhotosAreNeverGroupedAgainAfterARename() throws {
        let box = try library("similar-distinct")
        #expect(try box.cull(["plan", try box.rules("near.yaml", Self.rules), "--ceiling", "100"]).status == 0)
        let distinct = try box.cull(["distinct", "big.jpg", "small.jpg"])
        #expect(distinct.status == 0 && distinct.stdout.contains("Marked 2 photos"), "\(distinct.stdout)\(distinct.stderr)")
        func together(_ a: String, _ b: String) throws -> Bool { try similarGroups(box).contains { $0.contains(a) && $0.contains(b) } }
        #expect(try !together("big.jpg", "small.jpg"))
        #expect(rename(box.library.root + "/small.jpg", box.library.root + "/renamed.jpg") == 0)
        #expect(try box.cull(["scan"]).status == 0)
        #expect(try box.cull(["plan", try box.rules("near2.yaml", Self.rules), "--ceiling", "100"]).status == 0)
        #expect(try !together("big.jpg", "renamed.jpg"))
        #expect(try similarGroups(box).contains { $0.contains("q40.jpg") })
        // The same content twice is one picture, not two distinct ones.
        let copy = try box.cull(["distinct", "big.jpg", "big.jpg"])
        #expect(copy.status != 0)
    }

    /// A twin staged as a near-duplicate of its keeper, then marked distinct from it: the user
    /// says the likeness it was staged on is not there, so it is unstaged, never committed on it.
    @Test func aTwinMarkedDistinctFromItsKeeperIsUnstaged() throws {
        let box = try library("similar-distinct-staged")
        #expect(try box.cull(["stage", try box.rules("near.yaml", Self.rules), "--ceiling", "100"]).status == 0)
        #expect(try StagedSet.load(box.db).map { PathBytes.display($0.path) }.sorted() == ["q40.jpg", "small.jpg"])
        let distinct = try box.cull(["distinct", "big.jpg", "small.jpg"])
        #expect(distinct.status == 0 && distinct.stdout.contains("unstaged 1"), "\(distinct.stdout)\(distinct.stderr)")
        #expect(try StagedSet.load(box.db).map { PathBytes.display($0.path) } == ["q40.jpg"])
        let commit = try box.cull(["commit", "--yes"])
        #expect(commit.status == 0, "\(commit.stdout)\(commit.stderr)")
        #expect(box.exists("small.jpg") && box.exists("big.jpg") && !box.exists("q40.jpg"))
    }
}
