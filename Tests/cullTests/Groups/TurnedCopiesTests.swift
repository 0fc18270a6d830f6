import Foundation
import Testing
@testable import CullKit

/// Copies turned by 90°, 180° or 270° in their pixels, or mirrored, are the same picture: `similar`
/// groups them with their original, whose camera copy stays the keeper; other pictures do not join.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/convert")
                && FileManager.default.isExecutableFile(atPath: "/usr/bin/exiftool"), "needs ImageMagick and exiftool"))
struct TurnedCopiesTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../..").standardizedFileURL.path
    static let corpus = repository + "/../shared/corpus/exif-samples/jpg"

    /// ImageMagick's operator for each of the seven turns and mirrors, with a name for the copy.
    static let turns: [(name: String, operation: [String])] = [
        ("rot90", ["-rotate", "90"]), ("rot180", ["-rotate", "180"]), ("rot270", ["-rotate", "270"]),
        ("mirror", ["-flop"]), ("flip", ["-flip"]), ("transpose", ["-transpose"]), ("transverse", ["-transverse"]),
    ]

    static let similar = "version: 1\nrules:\n  - name: near\n    match: {similar: true}\n"

    func convert(_ box: Sandbox, _ arguments: [String], to name: String) throws {
        _ = FileOps.makeDirectories(box.root + Array((name as NSString).deletingLastPathComponent.utf8))
        try box.tool(["convert"] + arguments + [name])
    }

    func staged(_ box: Sandbox) throws -> [String] {
        let stage = try box.cull(["stage", try box.rules("near.yaml", Self.similar), "--ceiling", "100"])
        #expect(stage.status == 0, "\(stage.stdout)\(stage.stderr)")
        return try StagedSet.load(box.db).map { PathBytes.display($0.path) }.sorted()
    }

    /// A camera photo and an exported copy of it turned or mirrored each way (re-encoded, its metadata
    /// stripped, as an editor or a chat app saves it): one group, the camera photo its keeper. Another
    /// picture and its own turned copy are a second group; a third picture stays alone.
    @Test func everyTurnAndMirrorOfAPhotoIsTheSamePicture() throws {
        let box = try Sandbox("turned-copies")
        try convert(box, ImageRuleTests.detail + ["-quality", "90"], to: "DCIM/IMG_1.jpg")
        try KeeperOriginalTests.exiftool(box, ["-Make=Google", "-Model=Pixel 7", "-DateTimeOriginal=2023:06:15 12:13:14", "DCIM/IMG_1.jpg"])
        for turn in Self.turns {
            try convert(box, ["DCIM/IMG_1.jpg"] + turn.operation + ["-strip", "-quality", "80"], to: "Edited/IMG_1-\(turn.name).jpg")
        }
        try convert(box, ["-seed", "9", "-size", "800x600", "plasma:fractal", "-quality", "90"], to: "Other/b.jpg")
        try convert(box, ["Other/b.jpg", "-rotate", "270", "-quality", "85"], to: "Other/b-turned.jpg")
        try convert(box, ["-seed", "11", "-size", "800x600", "plasma:fractal", "-quality", "90"], to: "Other/c.jpg")
        #expect(try box.cull(["scan"]).status == 0)

        let found = try box.cull(["find", "similar: true", "--format", "paths"])
        #expect(found.stdout.split(separator: "\n").sorted() == (["DCIM/IMG_1.jpg", "Other/b-turned.jpg", "Other/b.jpg"]
            + Self.turns.map { "Edited/IMG_1-\($0.name).jpg" }).sorted(), "\(found.stdout)\(found.stderr)")
        // Every turned copy leaves against the camera photo; one of the other pair leaves against the other.
        #expect(try staged(box) == (Self.turns.map { "Edited/IMG_1-\($0.name).jpg" } + ["Other/b.jpg"]).sorted())
        let keepers = try box.db.scalar("""
            SELECT group_concat(DISTINCT k.path) FROM reviews r JOIN assets k ON k.id = r.keeper_id WHERE r.status = 'trashed'
            """)
        #expect(keepers?.string?.split(separator: ",").sorted() == ["DCIM/IMG_1.jpg", "Other/b-turned.jpg"])
        // --explain says which way each copy was turned (ImageMagick's -rotate turns clockwise).
        let rules = try box.rules("near-explain.yaml", Self.similar)
        for (name, said) in [("rot90", "turned 90° clockwise"), ("rot180", "turned 180°"), ("rot270", "turned 90° counterclockwise"),
                             ("mirror", "mirrored"), ("flip", "mirrored top to bottom")] {
            let explain = try box.cull(["plan", rules, "--ceiling", "100", "--explain", box.library.root + "/Edited/IMG_1-\(name).jpg"])
            #expect(explain.stdout.contains("  turned: DCIM/IMG_1.jpg \(said), "), "\(explain.stdout)")
        }
        // The review says it beside the copy too.
        let folder = box.base + "/report"
        let review = try box.cull(["review", rules, "--ceiling", "100", "--html", folder])
        #expect(review.status == 0, "\(review.stderr)")
        let page = try String(contentsOfFile: folder + "/index.html", encoding: .utf8)
        #expect(page.contains("in its similar group, staged already: its keeper turned 90° clockwise"), "\(page)")
    }

    /// A copy turned by a tool that kept the camera's metadata (ImageMagick's -rotate, jpegtran -copy all)
    /// is a camera original by its metadata and sorts first by path; the camera's photo, written
    /// before it, is still the keeper: the upright original.
    @Test func theUprightCameraPhotoIsTheKeeper() throws {
        let box = try Sandbox("turned-keeper")
        try convert(box, ImageRuleTests.detail + ["-quality", "90"], to: "DCIM/IMG_1.jpg")
        try KeeperOriginalTests.exiftool(box, ["-Make=Google", "-Model=Pixel 7", "-DateTimeOriginal=2023:06:15 12:13:14", "DCIM/IMG_1.jpg"])
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -86_400)],
                                              ofItemAtPath: box.library.root + "/DCIM/IMG_1.jpg")
        try convert(box, ["DCIM/IMG_1.jpg", "-rotate", "90", "-quality", "90"], to: "DCIM/IMG_1-1.jpg")
        try convert(box, ["DCIM/IMG_1.jpg", "-flop", "-quality", "90"], to: "DCIM/IMG_0-mirror.jpg")
        #expect(try box.cull(["scan"]).status == 0)
        #expect(try box.db.scalar("SELECT count(*) FROM assets WHERE camera_model = 'Pixel 7' AND taken IS NOT NULL")?.int64 == 3,
                "the copies kept the camera's metadata")
        let explain = try box.cull(["plan", try box.rules("near-keeper.yaml", Self.similar), "--ceiling", "100",
                                    "--explain", box.library.root + "/DCIM/IMG_1.jpg"])
        #expect(explain.stdout.contains("keeper DCIM/IMG_1.jpg (original)"), "\(explain.stdout)")
        #expect(try staged(box) == ["DCIM/IMG_0-mirror.jpg", "DCIM/IMG_1-1.jpg"])
    }

    /// An index measured before turn prints existed (its rows have the layout, not the print) finds
    /// the turned copies too, without decoding a photo again.
    @Test func anIndexMeasuredBeforeFindsThemWithoutDecodingAgain() throws {
        let box = try Sandbox("turned-fill")
        try convert(box, ImageRuleTests.detail + ["-quality", "90"], to: "a.jpg")
        try convert(box, ["a.jpg", "-rotate", "90", "-quality", "85"], to: "a-turned.jpg")
        #expect(try box.cull(["scan"]).status == 0)
        #expect(try box.cull(["find", "similar: true", "--format", "paths"]).stdout == "a-turned.jpg\na.jpg\n")
        let measured = try box.db.scalar("SELECT group_concat(turns) FROM image_features")
        try box.db.execute("UPDATE image_features SET turn_signs = NULL, turns = NULL")
        #expect(try box.cull(["find", "similar: true", "--format", "paths"]).stdout == "a-turned.jpg\na.jpg\n")
        // Filled from the layouts, to what the measure wrote.
        #expect(try box.db.scalar("SELECT group_concat(turns) FROM image_features") == measured)
        #expect(try box.db.scalar("SELECT count(*) FROM image_features WHERE turns IS NULL")?.int64 == 0)
    }

    /// Real camera photographs, each with a copy turned or mirrored a different way and re-encoded:
    /// every copy groups with its original and with nothing else.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: corpus + "/gps/DSCN0010.jpg"), "needs ../shared/corpus (beside the package)"))
    func realPhotographsTurnedEachWay() throws {
        let box = try Sandbox("turned-real")
        // Photographs of 640 pixels and more (the corpus's camera thumbnails, 100 pixels wide, hold too little picture).
        let photos = ["gps/DSCN0010.jpg", "gps/DSCN0040.jpg", "exif-org/nikon-e950.jpg", "exif-org/fujifilm-dx10.jpg",
                      "tests/22-canon_tags.jpg", "Reconyx_HC500_Hyperfire.jpg", "exif-org/ricoh-rdc5300.jpg"]
        var expected: [String] = []
        for (photo, turn) in zip(photos, Self.turns) {
            let name = (photo as NSString).lastPathComponent
            let original = "DCIM/" + name
            try convert(box, [Self.corpus + "/" + photo], to: original)
            let copy = "Edited/" + turn.name + "-" + name
            try convert(box, [original, "-auto-orient"] + turn.operation + ["-strip", "-quality", "85"], to: copy)
            expected.append(copy)
        }
        #expect(try box.cull(["scan"]).status == 0)
        let staged = try staged(box)
        #expect(staged == expected.sorted(), "\(staged)")
    }
}
