import Foundation
import Testing
@testable import CullKit

/// A plain rule's match is the user's decision about each file it matches: every copy it matches is
/// staged (the plan says when every copy of a picture leaves), run after run, and so is every file
/// `stage --path` names. The guard belongs to group rules: a twin staged as a redundant copy leaves
/// only while its keeper stays.
@Suite struct PlainRuleCopiesTests {
    func staged(_ box: Sandbox) throws -> [String] {
        try StagedSet.load(box.db).map { PathBytes.display($0.path) }.sorted()
    }

    static let screenshots = ["Pictures/Screenshots/Screenshot_20200101-101010.png",
                              "Pictures/Screenshots/Screenshot_20200102-101010.png",
                              "Pictures/Screenshots/Screenshot_20200103-101010.png"]

    /// Three byte-identical Android screenshots and `{screenshot: true}`: all three are staged, the
    /// plan says every copy leaves, and a later run spares nothing.
    @Test func everyIdenticalScreenshotAPlainRuleMatchesIsStaged() throws {
        let box = try Sandbox("plain-copies-screens")
        for path in Self.screenshots { box.write(path, bytes: Media.png()) }
        box.write("other/keep.jpg", bytes: Media.jpeg(taken: "2019:05:05 12:00:00"))
        #expect(try box.cull(["scan"]).status == 0)
        let rules = try box.rules("shots.yaml", "version: 1\nrules:\n  - name: screens\n    match: {screenshot: true}\n")
        let plan = try box.cull(["plan", rules, "--ceiling", "100"])
        #expect(plan.status == 0, "\(plan.stdout)\(plan.stderr)")
        #expect(!plan.stdout.contains("last unstaged copy") && !plan.stdout.contains("spared"), "\(plan.stdout)")
        #expect(plan.stdout.contains("all 3 copies of this picture leave"), "\(plan.stdout)")
        let json = try box.cull(["plan", rules, "--ceiling", "100", "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let every = try #require(object["every_copy_leaves"] as? [[String: Any]], "\(json.stdout)")
        #expect(every.count == 1 && (every.first?["paths"] as? [String])?.sorted() == Self.screenshots, "\(every)")
        #expect(try box.cull(["stage", rules, "--ceiling", "100"]).status == 0)
        #expect(try staged(box) == Self.screenshots)
        let again = try box.cull(["plan", rules, "--ceiling", "100"])
        #expect(!again.stdout.contains("spared"), "\(again.stdout)")
        #expect(try box.cull(["commit", "--yes"]).status == 0)
        #expect(Self.screenshots.allSatisfy { !box.exists($0) } && box.exists("other/keep.jpg"))
    }

    /// Three identical camera JPEGs and `{extension: [jpg, jpeg]}`: all three; `stage --path` on all
    /// three stages all three and says every copy leaves.
    @Test func everyCopyAnExtensionRuleOrAHandStagingNamesIsStaged() throws {
        let box = try Sandbox("plain-copies-jpegs")
        let photo = GroupRuleTests.bytes(40_000, seed: 41)
        let names = ["DCIM/IMG_0.JPG", "Downloads/IMG_0.JPG", "Backup/IMG_0.jpeg"]
        for name in names { box.write(name, bytes: photo) }
        box.write("other/a.png", bytes: Media.png())
        #expect(try box.cull(["scan"]).status == 0)
        let rules = try box.rules("jpg.yaml", "version: 1\nrules:\n  - name: jpegs\n    match: {extension: [jpg, jpeg]}\n")
        let stage = try box.cull(["stage", rules, "--ceiling", "100"])
        #expect(stage.status == 0 && stage.stdout.contains("all 3 copies of this picture leave"), "\(stage.stdout)\(stage.stderr)")
        #expect(try staged(box) == names.sorted())
        #expect(try box.cull(["restore", "--all"]).status == 0)
        let hand = try box.cull(["stage", "--path"] + names)
        #expect(hand.status == 0, "\(hand.stdout)\(hand.stderr)")
        #expect(hand.stdout.contains("all 3 copies of this picture leave"), "\(hand.stdout)")
        #expect(try staged(box) == names.sorted())
    }

    /// A RAW+JPEG pair matched whole by a plain rule leaves whole; the plan says both halves go.
    @Test func aPlainRuleTakesBothHalvesOfAPairItMatches() throws {
        let kind = GroupSeamTests.Kind.all.first { $0.name == "pair" }!
        let box = try kind.library("plain-both")
        let plain = try box.rules("plain.yaml", "version: 1\nrules:\n  - name: everything\n    match: {kind: photo}\n")
        let plan = try box.cull(["plan", plain, "--ceiling", "100"])
        #expect(plan.stdout.contains("both halves of this RAW+JPEG pair leave"), "\(plan.stdout)\(plan.stderr)")
        #expect(try box.cull(["stage", plain, "--ceiling", "100"]).status == 0)
        #expect(try staged(box) == [kind.keeper, kind.twin].sorted())
    }

    /// A file a plain rule of the run matches leaves on that rule's word, even when a group rule of
    /// the run stages it first as a twin: it records no keeper, so the commit never holds it back
    /// for a keeper that leaves too, and the group rule never picks as keeper a file the run takes.
    @Test func aGroupRuleNeverKeepsWhatAPlainRuleOfTheRunTakes() throws {
        let box = try Sandbox("plain-copies-order")
        let photo = GroupRuleTests.bytes(40_000, seed: 42)
        for name in ["a.jpg", "Old/bb.jpg", "Old/ccc.jpg"] { box.write(name, bytes: photo) }
        #expect(try box.cull(["scan"]).status == 0)
        // The group rule alone would keep a.jpg (shortest path); the plain rule takes only Old/.
        let rules = try box.rules("both.yaml", """
            version: 1
            rules:
              - name: dups
                match: {duplicate: true}
                keep: [longest_path]
              - name: old
                match: {path: "Old/**"}
            """)
        #expect(try box.cull(["stage", rules, "--ceiling", "100"]).status == 0)
        #expect(try staged(box) == ["Old/bb.jpg", "Old/ccc.jpg"])
        let commit = try box.cull(["commit", "--yes"])
        #expect(commit.status == 0, "\(commit.stdout)\(commit.stderr)")
        #expect(box.exists("a.jpg") && !box.exists("Old/bb.jpg") && !box.exists("Old/ccc.jpg"))
    }

    /// Twins a group rule staged earlier, then a plain rule that matches every copy: all of them
    /// leave, the twins on the plain rule's word (no longer held for their keeper).
    @Test func aLaterPlainRuleMatchingEveryCopyTakesThemAll() throws {
        let box = try Sandbox("plain-copies-later")
        let photo = GroupRuleTests.bytes(50_000, seed: 43)
        for name in ["a.jpg", "bb.jpg", "Downloads/c.jpg"] { box.write(name, bytes: photo) }
        #expect(try box.cull(["scan"]).status == 0)
        #expect(try box.cull(["stage", try box.rules("dup.yaml", GroupInvariantTests.duplicates), "--ceiling", "100"]).status == 0)
        #expect(try staged(box) == ["Downloads/c.jpg", "bb.jpg"])
        let plain = try box.rules("plain.yaml", GroupInvariantTests.everyJPEG)
        let plan = try box.cull(["plan", plain, "--ceiling", "100"])
        #expect(plan.stdout.contains("all 3 copies of this picture leave"), "\(plan.stdout)")
        #expect(try box.cull(["stage", plain, "--ceiling", "100"]).status == 0)
        let commit = try box.cull(["commit", "--yes"])
        #expect(commit.status == 0, "\(commit.stdout)\(commit.stderr)")
        #expect(!box.exists("a.jpg") && !box.exists("bb.jpg") && !box.exists("Downloads/c.jpg"))
    }

    /// A twin staged against its keeper, and a later plain rule that takes only the keeper: the
    /// keeper leaves, the twin goes back to unstaged (a twin leaves only while its keeper stays), and
    /// the plan says so before anything moves; the commit moves what is staged, nothing held back.
    @Test func aTwinStaysWhenAPlainRuleTakesItsKeeper() throws {
        let box = try Sandbox("plain-copies-keeper")
        let photo = GroupRuleTests.bytes(50_000, seed: 44)
        for name in ["a.jpg", "bb.jpg"] { box.write(name, bytes: photo) }
        #expect(try box.cull(["scan"]).status == 0)
        #expect(try box.cull(["stage", try box.rules("dup.yaml", GroupInvariantTests.duplicates), "--ceiling", "100"]).status == 0)
        #expect(try staged(box) == ["bb.jpg"])
        let plain = try box.rules("a.yaml", "version: 1\nrules:\n  - name: just-a\n    match: {name: a.jpg}\n")
        let plan = try box.cull(["plan", plain, "--ceiling", "100"])
        #expect(plan.stdout.contains("bb.jpg goes back to unstaged: its keeper a.jpg leaves"), "\(plan.stdout)")
        #expect(!plan.stdout.contains("copies of this picture leave"), "the twin stays: \(plan.stdout)")
        #expect(try box.cull(["stage", plain, "--ceiling", "100"]).status == 0)
        #expect(try staged(box) == ["a.jpg"])
        let commit = try box.cull(["commit", "--yes"])
        #expect(commit.status == 0, "\(commit.stdout)\(commit.stderr)")
        #expect(!box.exists("a.jpg") && box.exists("bb.jpg"), "the picture keeps one copy")
    }

    /// `--explain` tells apart a match an earlier rule of the run staged and a group's keeper.
    @Test func explainSaysWhichOfTheTwoHappened() throws {
        let box = try Sandbox("plain-copies-explain")
        let photo = GroupRuleTests.bytes(40_000, seed: 45)
        for name in ["a.jpg", "bb.jpg"] { box.write(name, bytes: photo) }
        box.write("zz.jpg", bytes: GroupRuleTests.bytes(40_000, seed: 46))
        #expect(try box.cull(["scan"]).status == 0)
        let rules = try box.rules("r.yaml", """
            version: 1
            rules:
              - name: zeds
                match: {name: "zz*"}
              - name: dups
                match: {duplicate: true}
                keep: [shortest_path]
              - name: everything
                match: {extension: jpg, not: {name: "a.jpg"}}
            """)
        let zz = try box.cull(["plan", rules, "--ceiling", "100", "--explain", "zz.jpg"])
        #expect(zz.stdout.contains("everything (") && zz.stdout.contains("staged by rule zeds"), "\(zz.stdout)")
        let a = try box.cull(["plan", rules, "--ceiling", "100", "--explain", "a.jpg"])
        #expect(a.stdout.contains("the keeper of its duplicate group"), "\(a.stdout)")
        for out in [zz.stdout, a.stdout] { #expect(!out.contains(", or "), "\(out)") }
    }
}
