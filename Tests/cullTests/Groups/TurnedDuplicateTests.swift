import Foundation
import Testing
@testable import CullKit

/// `duplicate: image` finds a copy whose pixels are another's turned or mirrored (a lossless turn,
/// a PNG of a turned photo, an orientation baked into the pixels): the same picture, though its
/// image data differs. A re-encoded turned copy is not the same pixels (`similar` finds it), and
/// copies of one orientation that only look alike are never joined.
@Suite(.enabled(if: ["/usr/bin/convert", "/usr/bin/exiftool", "/usr/bin/jpegtran"].allSatisfy(FileManager.default.isExecutableFile(atPath:)),
                "needs ImageMagick, exiftool and jpegtran"))
struct TurnedDuplicateTests {
    static let sameImage = "version: 1\nrules:\n  - name: same\n    match: {duplicate: image}\n"

    /// jpegtran's lossless operation for each turn and mirror (`-perfect`: the photo's sides are whole blocks).
    static let losslessTurns: [(name: String, operation: [String])] = [
        ("rot90", ["-rotate", "90"]), ("rot180", ["-rotate", "180"]), ("rot270", ["-rotate", "270"]),
        ("mirror", ["-flip", "horizontal"]), ("flip", ["-flip", "vertical"]), ("transpose", ["-transpose"]),
        ("transverse", ["-transverse"]),
    ]

    func sameImage(_ box: Sandbox) throws -> [String] {
        let found = try box.cull(["find", "duplicate: image", "--format", "paths"])
        #expect(found.status == 0, "\(found.stderr)")
        return found.stdout.split(separator: "\n").map(String.init).sorted()
    }

    /// A camera photo and its copies turned and mirrored each way by jpegtran (losslessly), one
    /// turned by ImageMagick into a PNG, and one with the camera's orientation baked into the pixels:
    /// one same-picture group, the camera photo its keeper. A copy turned and re-encoded is not in it,
    /// nor is another picture and its PNG as it is (the same pixels, not turned: `duplicate: image` is the image data).
    @Test func copiesTurnedInTheirPixelsAreTheSamePicture() throws {
        let box = try Sandbox("turned-duplicates")
        try FileManager.default.createDirectory(atPath: box.library.root + "/DCIM", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: box.library.root + "/Edited", withIntermediateDirectories: true)
        try box.tool(["convert"] + ImageRuleTests.detail + ["-quality", "90", "DCIM/IMG_1.jpg"])
        try KeeperOriginalTests.exiftool(box, ["-Make=Google", "-Model=Pixel 7", "-DateTimeOriginal=2023:06:15 12:13:14", "DCIM/IMG_1.jpg"])
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -86_400)],
                                              ofItemAtPath: box.library.root + "/DCIM/IMG_1.jpg")
        var copies: [String] = []
        for turn in Self.losslessTurns {
            let copy = "Edited/IMG_1-\(turn.name).jpg"
            try box.tool(["jpegtran", "-perfect", "-copy", "none"] + turn.operation + ["-outfile", copy, "DCIM/IMG_1.jpg"])
            copies.append(copy)
        }
        try box.tool(["convert", "DCIM/IMG_1.jpg", "-rotate", "90", "Edited/IMG_1-turned.png"])
        copies.append("Edited/IMG_1-turned.png")
        // A phone's portrait photo (stored on its side, Orientation 6) and the copy an editor saved upright.
        try box.tool(["convert", "-seed", "3", "-size", "640x480", "plasma:fractal", "-quality", "92", "DCIM/IMG_2.jpg"])
        try KeeperOriginalTests.exiftool(box, ["-Orientation=6", "-n", "-Make=Apple", "-Model=iPhone 12", "DCIM/IMG_2.jpg"])
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -86_400)],
                                              ofItemAtPath: box.library.root + "/DCIM/IMG_2.jpg")
        try box.tool(["jpegtran", "-perfect", "-copy", "none", "-rotate", "90", "-outfile", "Edited/IMG_2-upright.jpg", "DCIM/IMG_2.jpg"])
        // Not the same pixels: turned and re-encoded; the photo as it is in another format; another picture.
        try box.tool(["convert", "DCIM/IMG_1.jpg", "-rotate", "90", "-quality", "80", "Edited/IMG_1-reencoded.jpg"])
        try box.tool(["convert", "-seed", "9", "-size", "640x480", "plasma:fractal", "-quality", "90", "DCIM/IMG_3.jpg"])
        try box.tool(["convert", "DCIM/IMG_3.jpg", "Edited/IMG_3-asis.png"])
        #expect(try box.cull(["scan"]).status == 0)

        let found = try sameImage(box)
        #expect(found == (["DCIM/IMG_1.jpg", "DCIM/IMG_2.jpg", "Edited/IMG_2-upright.jpg"] + copies).sorted(), "\(found)")
        let stage = try box.cull(["stage", try box.rules("same.yaml", Self.sameImage), "--ceiling", "100"])
        #expect(stage.status == 0, "\(stage.stdout)\(stage.stderr)")
        #expect(try StagedSet.load(box.db).map { PathBytes.display($0.path) }.sorted() == (copies + ["Edited/IMG_2-upright.jpg"]).sorted())
        let keepers = try box.db.scalar("""
            SELECT group_concat(DISTINCT k.path) FROM reviews r JOIN assets k ON k.id = r.keeper_id WHERE r.status = 'trashed'
            """)
        #expect(keepers?.string?.split(separator: ",").sorted() == ["DCIM/IMG_1.jpg", "DCIM/IMG_2.jpg"])
        // --explain says which way a copy was turned (jpegtran turns clockwise).
        let rules = try box.rules("same-explain.yaml", Self.sameImage)
        for (name, said) in [("rot90", "turned 90° clockwise"), ("rot180", "turned 180°"), ("mirror", "mirrored")] {
            let explain = try box.cull(["plan", rules, "--ceiling", "100", "--explain", box.library.root + "/Edited/IMG_1-\(name).jpg"])
            #expect(explain.stdout.contains("  turned: DCIM/IMG_1.jpg \(said), "), "\(explain.stdout)")
        }
    }

    /// A copy turned losslessly that is also a byte-for-byte copy's twin, and a turned copy whose
    /// original has a same-picture copy with other metadata: each picture is one group, not two.
    @Test func turnedCopiesJoinTheGroupOfTheirOriginal() throws {
        let box = try Sandbox("turned-duplicates-join")
        try box.tool(["convert"] + ImageRuleTests.detail + ["-quality", "90", "a.jpg"])
        try box.tool(["cp", "a.jpg", "a-tagged.jpg"])
        try KeeperOriginalTests.exiftool(box, ["-Artist=someone", "a-tagged.jpg"])
        try box.tool(["jpegtran", "-perfect", "-rotate", "180", "-outfile", "a-180.jpg", "a.jpg"])
        try box.tool(["jpegtran", "-perfect", "-rotate", "180", "-copy", "all", "-outfile", "a-180-tagged.jpg", "a-tagged.jpg"])
        #expect(try box.cull(["scan"]).status == 0)
        #expect(try sameImage(box) == ["a-180-tagged.jpg", "a-180.jpg", "a-tagged.jpg", "a.jpg"])
        let loaded = try GroupSet.load(box.db, specs: [.image], root: box.library.root)
        #expect(loaded.groups.filter { $0.spec == .image }.map(\.members.count) == [4], "\(loaded.groups.map(\.key))")
    }

    /// A pair is decoded and compared once while both its files stay as the index recorded them:
    /// a later plan (after any other change) believes the verdict kept, and a changed file is compared again.
    @Test func aPairIsComparedOnceWhileItsFilesStay() throws {
        let box = try Sandbox("turned-duplicates-verdicts")
        try box.tool(["convert"] + ImageRuleTests.detail + ["-quality", "90", "a.jpg"])
        try box.tool(["jpegtran", "-perfect", "-rotate", "90", "-outfile", "a-90.jpg", "a.jpg"])
        #expect(try box.cull(["scan"]).status == 0)
        #expect(try sameImage(box) == ["a-90.jpg", "a.jpg"])
        // Forged: the verdict kept says the two are not the same pixels.
        guard case let .blob(memo)? = try box.db.scalar("SELECT memo FROM cache_states WHERE name = 'turned_duplicates'") else {
            Issue.record("no verdicts kept")
            return
        }
        var reader = MemoReader(memo)
        var verdicts = reader.list() ?? []
        // a-90.jpg sorts first: a.jpg turned 90° clockwise is it.
        #expect(verdicts.count == 11 && verdicts[10] == Int64(Turn(index: 6).index), "\(verdicts)")
        verdicts[10] = -1
        var writer = MemoWriter()
        writer.append(list: verdicts)
        try box.db.execute("UPDATE cache_states SET memo = ? WHERE name = 'turned_duplicates'", [.blob(writer.bytes)])
        // Another photo comes: the groups are found again, and the pair is not decoded again.
        try box.tool(["convert", "-seed", "9", "-size", "640x480", "plasma:fractal", "b.jpg"])
        #expect(try box.cull(["scan"]).status == 0)
        #expect(try sameImage(box) == [])
        // The copy changes (its modification time): compared again.
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3_600)],
                                              ofItemAtPath: box.library.root + "/a-90.jpg")
        #expect(try box.cull(["scan"]).status == 0)
        #expect(try sameImage(box) == ["a-90.jpg", "a.jpg"])
    }

    /// Real camera photographs turned each way by jpegtran: every copy is its original's same picture, and
    /// different photographs never are.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: TurnedCopiesTests.corpus + "/gps/DSCN0010.jpg"), "needs ../shared/corpus (beside the package)"))
    func realPhotographsTurnedLosslessly() throws {
        let box = try Sandbox("turned-duplicates-real")
        try FileManager.default.createDirectory(atPath: box.library.root + "/Edited", withIntermediateDirectories: true)
        let photos = ["gps/DSCN0010.jpg", "gps/DSCN0021.jpg", "gps/DSCN0025.jpg", "gps/DSCN0027.jpg", "gps/DSCN0029.jpg",
                      "gps/DSCN0038.jpg", "gps/DSCN0040.jpg"]
        var expected: [String] = []
        for (photo, turn) in zip(photos, Self.losslessTurns) {
            let name = (photo as NSString).lastPathComponent
            try box.tool(["cp", TurnedCopiesTests.corpus + "/" + photo, name])
            let copy = "Edited/\(turn.name)-\(name)"
            try box.tool(["jpegtran", "-perfect", "-copy", "all"] + turn.operation + ["-outfile", copy, name])
            expected += [name, copy]
        }
        #expect(try box.cull(["scan"]).status == 0)
        #expect(try sameImage(box) == expected.sorted())
        let loaded = try GroupSet.load(box.db, specs: [.image], root: box.library.root)
        #expect(loaded.groups.filter { $0.spec == .image }.count == photos.count)
    }
}
