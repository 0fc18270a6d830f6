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

    func staged(_ box: Sandbox) throws -> [String] {
        try StagedSet.load(box.db).map { PathBytes.display($0.path) }.sorted()
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
        try box.db.forEachRow("SELECT path, live_id FROM assets") { liveIDs[$0.string(0) ?? ""] = $0.string(1) ?? "" }
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
}
