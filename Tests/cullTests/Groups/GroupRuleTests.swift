import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import CullKit

/// Group rules end to end: `cull scan`, `plan`, `stage`, `commit` and `undo` on real files.
@Suite struct GroupRuleTests {
    /// `count` deterministic bytes (seeded), so copies are byte-identical and others are not.
    static func bytes(_ count: Int, seed: UInt8) -> [UInt8] {
        var state = UInt32(seed) &* 2_654_435_761 &+ 1
        return (0..<count).map { _ in
            state = state &* 1_103_515_245 &+ 12_345
            return UInt8(truncatingIfNeeded: state >> 16)
        }
    }

    static let duplicates = """
        version: 1
        rules:
          - name: exact-duplicates
            match: {duplicate: true}
            keep: [favorite, {path: "Originals/**"}, {not_path: "Downloads/**"}, shortest_path]
        """

    func staged(_ box: Sandbox) throws -> [String] {
        try StagedSet.load(box.db).map { PathBytes.display($0.path) }
    }

    @Test func theRankingPicksTheKeeperAndThePlanSaysWhy() throws {
        let box = try Sandbox("groups-rank")
        let photo = Self.bytes(60_000, seed: 1)
        box.write("Downloads/a.jpg", bytes: photo)
        box.write("Originals/2020/long-name-of-the-original.jpg", bytes: photo)
        box.write("b.jpg", bytes: photo)
        let rules = try box.rules("dup.yaml", Self.duplicates)
        #expect(try box.cull(["scan"]).status == 0)
        let plan = try box.cull(["plan", rules, "--ceiling", "100"])
        #expect(plan.status == 0, "\(plan.stderr)")
        #expect(plan.stdout.contains("1 duplicate group: 2 twins to stage"), "\(plan.stdout)")
        #expect(plan.stdout.contains("keep Originals/2020/long-name-of-the-original.jpg ({path: \"Originals/**\"})"), "\(plan.stdout)")
        let json = try box.cull(["plan", rules, "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let group = try #require(((object["rules"] as? [[String: Any]])?.first?["groups"] as? [[String: Any]])?.first)
        #expect(group["keeper"] as? String == "Originals/2020/long-name-of-the-original.jpg")
        #expect(group["staged"] as? [String] == ["Downloads/a.jpg", "b.jpg"])
        #expect(group["bytes"] as? Int == 120_000)
        let explain = try box.cull(["plan", rules, "--explain", "Downloads/a.jpg"])
        #expect(explain.stdout.contains("keeper Originals/2020/long-name-of-the-original.jpg ({path: \"Originals/**\"})"), "\(explain.stdout)")
        let keeper = try box.cull(["plan", rules, "--explain", "Originals/2020/long-name-of-the-original.jpg"])
        #expect(keeper.stdout.contains("not staged: the keeper of its duplicate group"), "\(keeper.stdout)")
        // The same index always gives the same plan.
        #expect(try box.cull(["plan", rules, "--ceiling", "100"]).stdout == plan.stdout)
    }

    /// A favorite carried by an XMP sidecar wins over the path preferences.
    @Test func aFavoriteFromASidecarIsTheKeeper() throws {
        let box = try Sandbox("groups-fav")
        let photo = Self.bytes(60_000, seed: 2)
        box.write("Originals/x.jpg", bytes: photo)
        box.write("Downloads/starred.jpg", bytes: photo)
        box.write("Downloads/starred.xmp", Media.xmp(rating: 5))
        let rules = try box.rules("dup.yaml", Self.duplicates)
        #expect(try box.cull(["scan"]).status == 0)
        #expect(try box.cull(["stage", rules, "--ceiling", "100"]).status == 0)
        #expect(try staged(box) == ["Originals/x.jpg"])
    }

    /// Two duplicate rules ranking the other way round, then a plain rule over files in no group:
    /// one member of each group always stays, and nothing staged before changes that.
    @Test func rulesThatDisagreeNeverStageAWholeGroup() throws {
        let box = try Sandbox("groups-inv")
        for (index, folder) in ["a", "bb", "ccc"].enumerated() {
            box.write("\(folder)/one.jpg", bytes: Self.bytes(40_000, seed: 3))
            box.write("\(folder)/two.jpg", bytes: Self.bytes(40_000 + index, seed: 9))  // not twins
        }
        box.write("zz/pair1.jpg", bytes: Self.bytes(50_000, seed: 4))
        box.write("zz/pair2.jpg", bytes: Self.bytes(50_000, seed: 4))
        let rules = try box.rules("disagree.yaml", """
            version: 1
            rules:
              - name: keep-shortest
                match: {duplicate: true}
                keep: [shortest_path]
              - name: keep-longest
                match: {duplicate: true}
                keep: [longest_path]
              - name: every-second
                match: {name: two.jpg}
            """)
        #expect(try box.cull(["scan"]).status == 0)
        let result = try box.cull(["stage", rules, "--ceiling", "100"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let staged = Set(try staged(box))
        #expect(!staged.contains("a/one.jpg"), "the first rule's keeper stays: \(staged)")
        #expect(staged.isSuperset(of: ["bb/one.jpg", "ccc/one.jpg", "a/two.jpg", "bb/two.jpg", "ccc/two.jpg"]))
        #expect(!staged.contains("zz/pair1.jpg") && staged.contains("zz/pair2.jpg"))
        // A later run finds nothing more to take: every group keeps its one unstaged copy.
        let again = try box.cull(["stage", rules, "--ceiling", "100"])
        #expect(again.status == 0)
        #expect(Set(try self.staged(box)) == staged)
    }

    /// A plain rule first, matching every copy: it stages them all (the plan says every copy
    /// leaves), and the group rule after it, with no unstaged copy left, stages nothing.
    @Test func aPlainRuleBeforeTheGroupRuleTakesEveryCopyItMatches() throws {
        let box = try Sandbox("groups-plain")
        box.write("x/1.jpg", bytes: Self.bytes(40_000, seed: 5))
        box.write("x/2.jpg", bytes: Self.bytes(40_000, seed: 5))
        box.write("x/3.jpg", bytes: Self.bytes(40_000, seed: 5))
        let rules = try box.rules("plain.yaml", """
            version: 1
            rules:
              - name: all-of-x
                match: {path: "x/**"}
              - name: exact-duplicates
                match: {duplicate: true}
                keep: [largest]
            """)
        #expect(try box.cull(["scan"]).status == 0)
        let plan = try box.cull(["plan", rules, "--ceiling", "100"])
        #expect(plan.stdout.contains("all 3 copies of this picture leave"), "\(plan.stdout)")
        #expect(!plan.stdout.contains("last unstaged copy"), "\(plan.stdout)")
        #expect(try box.cull(["stage", rules, "--ceiling", "100"]).status == 0)
        #expect(try staged(box) == ["x/1.jpg", "x/2.jpg", "x/3.jpg"])
    }

    /// A keeper already staged by an earlier run: the group picks its keeper among the rest.
    @Test func aStagedKeeperIsReplacedByAnUnstagedMember() throws {
        let box = try Sandbox("groups-prestaged")
        box.write("a.jpg", bytes: Self.bytes(40_000, seed: 6))
        box.write("bb.jpg", bytes: Self.bytes(40_000, seed: 6))
        box.write("ccc.jpg", bytes: Self.bytes(40_000, seed: 6))
        #expect(try box.cull(["scan"]).status == 0)
        let first = try box.rules("first.yaml", "version: 1\nrules:\n  - name: a\n    match: {name: \"a.jpg\"}\n")
        #expect(try box.cull(["stage", first, "--ceiling", "100"]).status == 0)
        let rules = try box.rules("dup.yaml", "version: 1\nrules:\n  - name: d\n    match: {duplicate: true}\n    keep: shortest_path\n")
        #expect(try box.cull(["stage", rules, "--ceiling", "100"]).status == 0)
        #expect(try staged(box) == ["a.jpg", "ccc.jpg"])
    }

    /// A user's keep and a protect guard make a member the keeper.
    @Test func keepsAndGuardsMakeAKeeper() throws {
        let box = try Sandbox("groups-guard")
        box.write("a.jpg", bytes: Self.bytes(40_000, seed: 7))
        box.write("b.jpg", bytes: Self.bytes(40_000, seed: 7))
        box.write("p/c.jpg", bytes: Self.bytes(30_000, seed: 8))
        box.write("p/d.jpg", bytes: Self.bytes(30_000, seed: 8))
        #expect(try box.cull(["scan"]).status == 0)
        #expect(try box.cull(["keep", "b.jpg"]).status == 0)
        let rules = try box.rules("dup.yaml", """
            version: 1
            protect:
              - path: "p/d.jpg"
            rules:
              - name: d
                match: {duplicate: true}
                keep: shortest_path
            """)
        let plan = try box.cull(["plan", rules, "--ceiling", "100"])
        #expect(plan.stdout.contains("keep b.jpg (kept by you)"), "\(plan.stdout)")
        #expect(try box.cull(["stage", rules, "--ceiling", "100"]).status == 0)
        #expect(try staged(box) == ["a.jpg", "p/c.jpg"])
    }

    @Test func badRankingsAreMarkedWithASuggestion() throws {
        let box = try Sandbox("groups-bad")
        let rules = try box.rules("bad.yaml", """
            version: 1
            rules:
              - name: d
                match: {duplicate: true}
                keep: [favorite, shortest-path, {paht: "a/**"}]
            """)
        let result = try box.cull(["check", rules])
        #expect(result.status != 0)
        let output = result.stdout + result.stderr
        #expect(output.contains("bad.yaml:5:22: error: unknown keeper ranking 'shortest-path'"), "\(output)")
        #expect(output.contains("did you mean 'shortest_path'?"), "\(output)")
        #expect(output.contains("bad.yaml:5:38: error: unknown key 'paht' in a keeper ranking"), "\(output)")
    }
}

extension GroupRuleTests {
    /// `cull scan --hash` precomputes what a duplicate plan needs: the plan then reads nothing.
    @Test func scanHashPrecomputesTheHashes() throws {
        let box = try Sandbox("groups-scan-hash")
        box.write("a.jpg", bytes: Self.bytes(70_000, seed: 12))
        box.write("b.jpg", bytes: Self.bytes(70_000, seed: 12))
        box.write("c.jpg", bytes: Self.bytes(70_000, seed: 13))
        let scan = try box.cull(["scan", "--hash"])
        #expect(scan.stdout.contains("hashed 5 files"), "\(scan.stdout)")  // three partial, two full
        #expect(try box.db.scalar("SELECT count(*) FROM hashes WHERE full IS NOT NULL")?.int64 == 2)
        #expect(try HashCache(db: box.db, root: box.library.root).refresh() == HashCache.Report())
    }
}

extension GroupRuleTests {
    /// Groups span the whole index; the rule's other conditions only narrow what it stages.
    @Test func otherConditionsOnlyNarrowWhatIsStaged() throws {
        let box = try Sandbox("groups-narrow")
        let photo = Self.bytes(45_000, seed: 14)
        box.write("Downloads/b.jpg", bytes: photo)
        box.write("Downloads/c.jpg", bytes: photo)
        box.write("Photos/2020/a.jpg", bytes: photo)
        let rules = try box.rules("narrow.yaml", """
            version: 1
            rules:
              - name: downloaded-copies
                match: {duplicate: true, path: "Downloads/**"}
                keep: [shortest_path]
            """)
        #expect(try box.cull(["scan"]).status == 0)
        let plan = try box.cull(["plan", rules, "--ceiling", "100"])
        #expect(plan.stdout.contains("keep Downloads/b.jpg (path order); stage Downloads/c.jpg"), "\(plan.stdout)")
        #expect(try box.cull(["stage", rules, "--ceiling", "100"]).status == 0)
        #expect(try staged(box) == ["Downloads/c.jpg"])
    }
}
