import Foundation
import Testing
@testable import CullKit

/// The companion registry's rules: which sidecars a file owns, and who else owns them.
@Suite struct CompanionRulesTests {
    @Test func sidecarNamesInEveryCaseAndShape() {
        #expect(Companions.sidecarRole(bytes: Array("IMG_1.XMP".utf8)) == .xmp)
        #expect(Companions.sidecarRole(bytes: Array("a.jpg.Json".utf8)) == .json)
        #expect(Companions.sidecarRole(bytes: Array("IMG_1.aae".utf8)) == .aae)
        #expect(Companions.sidecarRole(bytes: Array(".xmp".utf8)) == nil)
        #expect(Companions.sidecarRole(bytes: Array("IMG_1.JPG".utf8)) == nil)
        for name in ["IMG_1.xmp", "IMG_1.JPG.xmp", "IMG_1.XMP", "IMG_1.jpg.supplemental-metadata.json", "IMG_1.JPG.json",
                     "IMG_1.AAE", "IMG_1.JPG.aae", "IMG_1.Json"] {
            #expect(Companions.sidecarRole(bytes: Array(name.utf8)) == Companions.sidecarRole(Array(name.utf8)), "\(name)")
        }
        let names = Companions.candidates("img_1.jpg").map(\.name)
        #expect(names == ["img_1.jpg.xmp", "img_1.xmp", "img_1.aae", "img_1.jpg.json",
                          "img_1.jpg.supplemental-metadata.json", "img_1.json", "img_1.jpg.aae"])
    }

    /// A sidecar travels only when every file that owns it leaves, indexed or not, whatever its case.
    @Test func aSidecarTravelsWithTheLastOfItsOwners() throws {
        let directory = TemporaryDirectory()
        for name in ["IMG_1.JPG", "IMG_1.CR3", "IMG_1.XMP", "IMG_1.JPG.xmp", "IMG_2.HEIC", "IMG_2.MOV", "IMG_2.aae",
                     "IMG_3.jpg", "IMG_3.jpg.supplemental-metadata.json", "notes.txt"] {
            directory.write("f/" + name, "x")
        }
        var resolver = CompanionResolver(root: Array(directory.path.utf8))
        let one = resolver.plan([Array("f/IMG_1.JPG".utf8), Array("f/IMG_2.HEIC".utf8), Array("f/IMG_3.jpg".utf8)])
        #expect(Set(one.travelling.map { PathBytes.display($0.path) }) == ["f/IMG_1.JPG.xmp", "f/IMG_3.jpg.supplemental-metadata.json"])
        #expect(Set(one.staying.map { PathBytes.display($0.path) }) == ["f/IMG_1.XMP", "f/IMG_2.aae"])
        #expect(one.staying.first { PathBytes.display($0.path) == "f/IMG_1.XMP" }?.sharedWith.map(PathBytes.display) == ["f/IMG_1.CR3"])

        let both = resolver.plan([Array("f/IMG_2.HEIC".utf8), Array("f/IMG_2.MOV".utf8)])
        #expect(both.travelling.map { PathBytes.display($0.path) } == ["f/IMG_2.aae"])
        #expect(both.travelling.first.map { PathBytes.display($0.owner) } == "f/IMG_2.MOV", "it goes with the last owner")
        // A leaving co-owner that no longer is what was staged will be skipped: the shared sidecar stays.
        let changed = resolver.plan([Array("f/IMG_2.HEIC".utf8), Array("f/IMG_2.MOV".utf8)]) { PathBytes.display($0) != "f/IMG_2.MOV" }
        #expect(changed.travelling.isEmpty && changed.staying.count == 1)
    }

    /// darktable keeps a duplicate (a second edit) of `IMG_0001.CR3` in `IMG_0001_01.CR3.xmp`: the
    /// scanner records it as the file's, the commit moves it with the file, and its rating keeps the
    /// file (the value that stages less wins; a rejected version rejects nothing). A camera's
    /// `_0001`-style number is no version.
    @Test func darktableDuplicateSidecarsBelongToTheirFile() throws {
        let directory = TemporaryDirectory()
        for name in ["IMG_0001.CR3", "IMG_0001.CR3.xmp", "IMG_0001_01.CR3.xmp", "img_0001_02.cr3.XMP", "IMG_0002.CR3",
                     "IMG_0002_00.CR3.xmp", "IMG.CR3", "IMG_0003.CR3.xmp"] {
            directory.write("f/" + name, name.contains("_01") ? Fixtures.xmpSidecar(rating: 5) : "x")
        }
        var problems: [UnreadableFolder] = []
        let found = TreeWalker(root: directory.path).walk(problems: &problems)
        func sidecars(_ name: String) -> [String] {
            (found.first { PathBytes.display($0.relativePath) == "f/" + name }?.sidecars ?? []).map { PathBytes.display($0.relativePath) }
        }
        #expect(sidecars("IMG_0001.CR3") == ["f/IMG_0001.CR3.xmp", "f/IMG_0001_01.CR3.xmp", "f/img_0001_02.cr3.XMP"])
        #expect(sidecars("IMG_0002.CR3").isEmpty, "_00 is not a version")
        #expect(sidecars("IMG.CR3").isEmpty, "IMG_0003.CR3.xmp is not a duplicate of IMG.CR3")
        var resolver = CompanionResolver(root: Array(directory.path.utf8))
        let plan = resolver.plan([Array("f/IMG_0001.CR3".utf8)])
        #expect(Set(plan.travelling.map { PathBytes.display($0.path) }) == ["f/IMG_0001.CR3.xmp", "f/IMG_0001_01.CR3.xmp", "f/img_0001_02.cr3.XMP"])
        #expect(resolver.sidecars(of: Array("f/IMG_0001.CR3".utf8)).count == 3)
        let record = AssetRecord.read(try #require(found.first { PathBytes.display($0.relativePath) == "f/IMG_0001.CR3" }), root: directory.path)
        #expect(record.metadata.rating == 5, "a version rated 5 keeps the file it is made from")
        directory.write("f/IMG_0001_01.CR3.xmp", Fixtures.xmpSidecar(rating: -1))
        let rejected = AssetRecord.read(try #require(TreeWalker(root: directory.path).walk(problems: &problems)
            .first { PathBytes.display($0.relativePath) == "f/IMG_0001.CR3" }), root: directory.path)
        #expect(rejected.metadata.rating == nil, "rejecting a version is no decision about the file")
    }
}

/// Live pairs need evidence beyond a shared name.
@Suite struct LivePairsTests {
    static func live(_ index: TestIndex, _ name: String) throws -> String? {
        try index.database.scalar("SELECT live_id FROM assets WHERE name = ?", [.text(name)])?.string
    }

    @Test func pairsByContentIdentifierOnEitherHalfOrByAShortVideoTakenWithThePhoto() throws {
        let noon = epoch("2020-05-05T12:00:00")
        let index = try TestIndex([
            TestAsset(path: "a/IMG_1.JPG", taken: noon),
            TestAsset(path: "a/IMG_1.MOV", kind: "video", duration: 2.5, taken: noon + 1),
            TestAsset(path: "a/IMG_2.JPG", taken: noon),
            TestAsset(path: "a/IMG_2.MOV", kind: "video", duration: 2, taken: noon, liveID: "ABC"),  // its HEIC became a JPEG
            TestAsset(path: "a/IMG_3.JPG", taken: noon),
            TestAsset(path: "a/IMG_3.MOV", kind: "video", duration: 10, taken: noon),              // a clip, not a Live half
            TestAsset(path: "a/IMG_4.JPG", taken: noon),
            TestAsset(path: "a/IMG_4.MOV", kind: "video", duration: 2, taken: noon + 600),           // taken later
            TestAsset(path: "a/IMG_5.JPG", taken: noon, liveID: "X"),
            TestAsset(path: "b/IMG_5.MOV", kind: "video", duration: 2, taken: noon, liveID: "X"),   // identifier on both
            TestAsset(path: "a/IMG_6.JPG", taken: noon, broken: true),
            TestAsset(path: "a/IMG_6.MOV", kind: "video", duration: 2, taken: noon),
        ])
        try LivePairs.pairByEvidence(index.database)
        #expect(try Self.live(index, "IMG_1.JPG") == "name:a/img_1" && Self.live(index, "IMG_1.MOV") == "name:a/img_1")
        #expect(try Self.live(index, "IMG_2.JPG") == "ABC")
        for name in ["IMG_3.JPG", "IMG_3.MOV", "IMG_4.JPG", "IMG_4.MOV", "IMG_6.JPG", "IMG_6.MOV"] {
            #expect(try Self.live(index, name) == nil, "\(name)")
        }
        #expect(try LivePairs.partners(index.database)[try index.id("IMG_5.JPG")] == [try index.id("IMG_5.MOV")])
        // Only the paired assets are read, never the whole table, and from the index alone (it
        // holds their kinds): not a seek into the table for each half.
        let plan = try index.database.queryPlan(LivePairs.partnersSQL, []).joined(separator: "\n")
        #expect(!plan.contains("SCAN a"), "\(plan)")
        #expect(plan.contains("SEARCH a USING COVERING INDEX") && plan.contains("SEARCH b USING COVERING INDEX"), "\(plan)")
        // Evidence lost (the video is now long): the name pair goes on the next pairing.
        try index.database.execute("UPDATE assets SET duration = 9 WHERE name = 'IMG_1.MOV'")
        try LivePairs.pairByEvidence(index.database)
        #expect(try Self.live(index, "IMG_1.JPG") == nil && Self.live(index, "IMG_1.MOV") == nil)
    }
}
