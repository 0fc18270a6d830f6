import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import CullKit

/// The invariant of groups where users step on it: across runs, with members gone from disk, and
/// with a Live Photo copied beside its keeper. Whatever a plan stages, the commit moves (nothing is
/// held back on the plan's own word), and every group keeps a present member.
@Suite struct GroupInvariantTests {
    static let duplicates = "version: 1\nrules:\n  - name: d\n    match: {duplicate: true}\n    keep: shortest_path\n"
    static let everyJPEG = "version: 1\nrules:\n  - name: every-jpeg\n    match: {extension: jpg}\n"

    func staged(_ box: Sandbox) throws -> [String] {
        try StagedSet.load(box.db).map { PathBytes.display($0.path) }.sorted()
    }

    /// a.jpg, bb.jpg, c/ccc.jpg are copies; a rule over `c/**` staged c/ccc.jpg against a.jpg.
    static func narrowTwinStaged(_ name: String, seed: UInt8) throws -> (Sandbox, String) {
        let box = try Sandbox(name)
        let photo = GroupRuleTests.bytes(50_000, seed: seed)
        for name in ["a.jpg", "bb.jpg", "c/ccc.jpg"] { box.write(name, bytes: photo) }
        #expect(try box.cull(["scan"]).status == 0)
        let rules = try box.rules("narrow.yaml", """
            version: 1
            rules:
              - name: d
                match: {duplicate: true, path: "c/**"}
                keep: shortest_path
            """)
        #expect(try box.cull(["stage", rules, "--ceiling", "100"]).status == 0)
        #expect(try StagedSet.load(box.db).map { PathBytes.display($0.path) } == ["c/ccc.jpg"])
        return (box, rules)
    }

    /// A copy deleted outside Cull after it was hashed (no rescan since) is no keeper: the plan
    /// keeps a copy that is there, and the commit moves what the plan staged.
    @Test func aMemberGoneFromDiskIsNeverTheKeeper() throws {
        let box = try Sandbox("groups-gone-member")
        let photo = GroupRuleTests.bytes(50_000, seed: 33)
        for name in ["a.jpg", "bb.jpg", "ccc.jpg"] { box.write(name, bytes: photo) }
        #expect(try box.cull(["scan"]).status == 0)
        let rules = try box.rules("dup.yaml", Self.duplicates)
        #expect(try box.cull(["plan", rules, "--ceiling", "100"]).status == 0)  // hashes all three
        _ = FileOps.unlink(box.root + Array("a.jpg".utf8))
        let plan = try box.cull(["plan", rules, "--ceiling", "100"])
        #expect(plan.stdout.contains("keep bb.jpg"), "\(plan.stdout)")
        #expect(try box.cull(["stage", rules, "--ceiling", "100"]).status == 0)
        // a.jpg may be staged too: gone already, it counts as done at the commit.
        let staged = try staged(box)
        #expect(staged.contains("ccc.jpg") && !staged.contains("bb.jpg"), "\(staged)")
        let commit = try box.cull(["commit", "--yes"])
        #expect(commit.status == 0, "\(commit.stdout)\(commit.stderr)")
        #expect(box.exists("bb.jpg") && !box.exists("ccc.jpg"))
    }

    /// A Live Photo copied elsewhere keeps its ContentIdentifier, so the copy shares its `live_id`
    /// with the original pair. Staging the copy as a twin must not take the keeper's video with it.
    @Test func aTwinNeverTakesItsKeepersLiveVideo() throws {
        let box = try Sandbox("groups-live-twin")
        let still = Media.jpeg(taken: "2019:05:05 12:00:00", contentID: "6F1F6C3A-LIVE")
        box.write("live/IMG_1.JPG", bytes: still)
        box.write("live/IMG_1.MOV", bytes: Media.movie(seconds: 2, created: Media.utc("2019-05-05T12:00:01Z")))
        box.write("backup/IMG_1.JPG", bytes: still)
        #expect(try box.cull(["scan"]).status == 0)
        var liveIDs: [String: String] = [:]
        try box.db.forEachRow("SELECT path, live_id FROM assets") { liveIDs[$0.string("path") ?? ""] = $0.string("live_id") ?? "" }
        try #require(Set(liveIDs.values) == ["6F1F6C3A-LIVE"] && liveIDs.count == 3, "\(liveIDs)")
        let rules = try box.rules("dup.yaml", Self.duplicates)
        let plan = try box.cull(["plan", rules, "--ceiling", "100"])
        #expect(plan.stdout.contains("its Live Photo pair"), "\(plan.stdout)")
        #expect(try box.cull(["stage", rules, "--ceiling", "100"]).status == 0)
        let staged = try staged(box)
        #expect(!staged.contains("live/IMG_1.MOV"), "\(staged)")
        let listing = try box.cull(["trash"])
        #expect(!listing.stdout.contains("held back"), "\(listing.stdout)")
        _ = try box.cull(["commit", "--yes"])
        #expect(box.exists("live/IMG_1.JPG") && box.exists("live/IMG_1.MOV"))
    }

    /// A twin that is a Live Photo still leaves with its video (a copy too); when the still's keeper
    /// goes before the commit, the commit unstages the twin and the video staged with it, so no half
    /// is left staged alone (held back at every commit after).
    @Test func aClearedTwinTakesItsLiveVideoOutOfTheTrashToo() throws {
        let box = try Sandbox("groups-live-cleared")
        let still = Media.jpeg(taken: "2019:05:05 12:00:00")
        let movie = Media.movie(seconds: 2, created: Media.utc("2019-05-05T12:00:01Z"))
        box.write("k/IMG_1.JPG", bytes: still)
        box.write("k/IMG_1.MOV", bytes: movie)
        box.write("t/IMG_1.JPG", bytes: still)
        box.write("t/IMG_1.MOV", bytes: movie)
        #expect(try box.cull(["scan"]).status == 0)
        let rules = try box.rules("dup.yaml", """
            version: 1
            rules:
              - name: d
                match: {duplicate: true}
                keep: [{path: "k/**"}]
            """)
        #expect(try box.cull(["stage", rules, "--ceiling", "100"]).status == 0)
        #expect(try staged(box) == ["t/IMG_1.JPG", "t/IMG_1.MOV"])
        _ = FileOps.unlink(box.root + Array("k/IMG_1.JPG".utf8))
        let commit = try box.cull(["commit", "--yes"])
        #expect(commit.stdout.contains("its keeper changed"), "\(commit.stdout)\(commit.stderr)")
        #expect(box.exists("t/IMG_1.JPG") && box.exists("t/IMG_1.MOV"))
        let staged = try staged(box)
        #expect(staged.isEmpty, "\(staged)")
    }
}
