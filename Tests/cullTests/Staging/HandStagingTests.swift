import Foundation
import Testing
@testable import CullKit

/// `cull stage --path`: the row a rule would write, with the provenance "by hand", through the
/// same guards as a rule.
@Suite struct HandStagingTests {
    func staged(_ box: Sandbox) throws -> [String] {
        try StagedSet.load(box.db).map { PathBytes.display($0.path) }
    }

    /// Files and folders, relative to the working directory, as `cull keep` takes them.
    @Test func filesAndFoldersFromTheWorkingDirectory() throws {
        let box = try Sandbox("hand")
        box.write("DCIM/a.jpg", bytes: Media.jpeg(taken: "2020:01:01 10:00:00"))
        box.write("DCIM/Old/b.jpg", bytes: Media.jpeg(taken: "2020:01:02 10:00:00"))
        box.write("DCIM/Old/c.jpg", bytes: Media.jpeg(taken: "2020:01:03 10:00:00"))
        box.write("other.jpg", bytes: Media.jpeg(taken: "2020:01:04 10:00:00"))
        #expect(try box.cull(["scan"]).status == 0)
        let result = try Subprocess.run([Subprocess.cullBinary, "stage", "--path", "a.jpg", "Old"],
                                        environment: box.environment, directory: box.library.root + "/DCIM")
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("by hand: matched 3, new 3"), "\(result.stdout)")
        #expect(result.stdout.contains("staged 3"), "\(result.stdout)")
        #expect(try staged(box) == ["DCIM/Old/b.jpg", "DCIM/Old/c.jpg", "DCIM/a.jpg"])
        let rows = try StagedSet.load(box.db)
        #expect(rows.allSatisfy { $0.rule == HandStaging.rule && $0.ruleFile == nil })
        #expect(try box.cull(["trash"]).stdout.contains("by hand: 3 files"))
        // The same fingerprint a commit then accepts; and the rows unstage like any rule's.
        let fingerprint = try TrashListing(db: box.db).fingerprint
        #expect(result.stdout.contains("--fingerprint \(fingerprint)"))
        #expect(try box.cull(["restore", "--rule", "by hand"]).status == 0)
        #expect(try staged(box).isEmpty)
    }

    @Test func aPathNotIndexedOrOutsideIsAnError() throws {
        let box = try Sandbox("hand-missing")
        box.write("a.jpg", bytes: Media.jpeg(taken: "2020:01:01 10:00:00"))
        #expect(try box.cull(["scan"]).status == 0)
        let missing = try box.cull(["stage", "--path", "a.jpg", "nope.jpg"])
        #expect(missing.status == 2 && missing.stderr.contains("nope.jpg: not in the index"), "\(missing.stderr)")
        #expect(try staged(box).isEmpty, "nothing is staged when one path is wrong")
        let rulesOnly = try box.cull(["stage", "--path", "a.jpg", "--ceiling", "50"])
        #expect(rulesOnly.status == 2 && rulesOnly.stderr.contains("--ceiling applies to rules"), "\(rulesOnly.stderr)")
    }

    /// A keep wins over a hand stage too, and a folder stages the rest of it.
    @Test func aKeepWins() throws {
        let box = try Sandbox("hand-keep")
        box.write("f/a.jpg", bytes: Media.jpeg(taken: "2020:01:01 10:00:00"))
        box.write("f/b.jpg", bytes: Media.jpeg(taken: "2020:01:02 10:00:00"))
        #expect(try box.cull(["scan"]).status == 0)
        #expect(try box.cull(["keep", "f/a.jpg"]).status == 0)
        let result = try box.cull(["stage", "--path", "f"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("spared 1"), "\(result.stdout)")
        #expect(try staged(box) == ["f/b.jpg"])
        #expect(try StagingStore(db: box.db).status(of: try #require(try StagingStore(db: box.db).assetID(path: Array("f/a.jpg".utf8)))) == .kept)
    }

    /// A Live Photo goes whole: naming the photo stages its video as a row of its own; when the
    /// video is kept, neither is staged.
    @Test func aLivePhotoGoesWholeOrNotAtAll() throws {
        let box = try Sandbox("hand-live")
        box.write("live/IMG_1.JPG", bytes: Media.jpeg(taken: "2019:05:05 12:00:00"))
        box.write("live/IMG_1.MOV", bytes: Media.movie(seconds: 2, created: Media.utc("2019-05-05T12:00:01Z")))
        box.write("live/IMG_2.JPG", bytes: Media.jpeg(taken: "2019:05:06 12:00:00"))
        box.write("live/IMG_2.MOV", bytes: Media.movie(seconds: 2, created: Media.utc("2019-05-06T12:00:00Z")))
        #expect(try box.cull(["scan"]).status == 0)
        #expect(try box.cull(["keep", "live/IMG_2.MOV"]).status == 0)
        let result = try box.cull(["stage", "--path", "live/IMG_1.JPG", "live/IMG_2.JPG"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try staged(box) == ["live/IMG_1.JPG", "live/IMG_1.MOV"], "\(result.stdout)")
        let video = try #require(try StagedSet.load(box.db).first { PathBytes.display($0.path) == "live/IMG_1.MOV" })
        #expect(video.livePairOf.map(PathBytes.display) == "live/IMG_1.JPG")
        #expect(result.stdout.contains("its Live Photo pair: kept by you"), "\(result.stdout)")
    }

    /// Naming every copy of a duplicate group stages every one: the user named each file. The plan
    /// says that every copy of the picture leaves, even when no group rule ever hashed the files.
    @Test func everyCopyNamedIsStagedAndThePlanSaysSo() throws {
        let box = try Sandbox("hand-group")
        let photo = GroupRuleTests.bytes(50_000, seed: 7)
        box.write("a.jpg", bytes: photo)
        box.write("b.jpg", bytes: photo)
        box.write("c.jpg", bytes: GroupRuleTests.bytes(50_000, seed: 8))
        #expect(try box.cull(["scan"]).status == 0)
        let result = try box.cull(["stage", "--path", "a.jpg", "b.jpg", "c.jpg"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try staged(box) == ["a.jpg", "b.jpg", "c.jpg"], "\(result.stdout)")
        #expect(result.stdout.contains("all 2 copies of this picture leave: a.jpg, b.jpg"), "\(result.stdout)")
    }
}
