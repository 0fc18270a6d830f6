import Foundation
import Testing
@testable import CullKit

/// A camera original is the keeper of its similar group, not a larger derived copy: the stock
/// similar ranking kept `Edited/IMG_0024_export.png` (a PNG re-encode, larger, with the same EXIF)
/// and staged the camera's `DCIM/Camera/IMG_0024.JPG`.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/convert")
                && FileManager.default.isExecutableFile(atPath: "/usr/bin/exiftool"), "ImageMagick or ExifTool is absent"))
struct KeeperOriginalTests {
    /// The stock `rules/similar.yaml` as shipped, without its limit (a few files would trip it).
    static func stockSimilar() throws -> String {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("rules/similar.yaml").path
        return try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.contains("limit:") }.joined(separator: "\n")
    }

    static func exiftool(_ box: Sandbox, _ arguments: [String]) throws {
        let result = try Subprocess.run(["/usr/bin/exiftool", "-q", "-overwrite_original"] + arguments, environment: box.environment,
                                        directory: box.library.root)
        #expect(result.status == 0, "\(result.stderr)")
    }

    /// The phone's JPEG and, under Edited/, its PNG export carrying the same camera and date.
    func library(_ name: String) throws -> Sandbox {
        let box = try Sandbox(name)
        for folder in ["DCIM/Camera", "Edited"] { _ = FileOps.makeDirectories(box.root + Array(folder.utf8)) }
        try ImageRuleTests.convert(box, "DCIM/Camera/IMG_0024.JPG", ImageRuleTests.detail + ["-quality", "85"])
        try Self.exiftool(box, ["-Make=Google", "-Model=Pixel 7", "-DateTimeOriginal=2023:06:15 12:13:14", "DCIM/Camera/IMG_0024.JPG"])
        try ImageRuleTests.convert(box, "Edited/IMG_0024_export.png", [box.library.root + "/DCIM/Camera/IMG_0024.JPG"])
        try Self.exiftool(box, ["-tagsFromFile", "DCIM/Camera/IMG_0024.JPG", "-Make", "-Model", "-DateTimeOriginal", "Edited/IMG_0024_export.png"])
        #expect(try box.cull(["scan"]).status == 0)
        return box
    }

    func staged(_ box: Sandbox, _ rules: String) throws -> [String] {
        let stage = try box.cull(["stage", try box.rules("r-\(UUID().uuidString).yaml", rules), "--ceiling", "100"])
        #expect(stage.status == 0, "\(stage.stdout)\(stage.stderr)")
        return try StagedSet.load(box.db).map { PathBytes.display($0.path) }
    }

    @Test func theStockSimilarRankingKeepsTheCameraOriginal() throws {
        let box = try library("keeper-original")
        // The export really is the larger file with the same metadata: only `original` tells them apart.
        let sizes = try box.db.scalar("SELECT group_concat(size || ':' || COALESCE(camera_model, '-'), ' ') FROM (SELECT * FROM assets ORDER BY path)")
        #expect(try box.db.scalar("SELECT count(*) FROM assets WHERE camera_model = 'Pixel 7' AND taken IS NOT NULL")?.int64 == 2, "\(String(describing: sizes))")
        #expect(try staged(box, Self.stockSimilar()) == ["Edited/IMG_0024_export.png"])
    }

    @Test func largestDoesNotPreferAPNGReencode() throws {
        let box = try library("keeper-largest")
        let rules = "version: 1\nrules:\n  - name: near\n    match: {similar: true}\n    keep: [largest]\n"
        #expect(try staged(box, rules) == ["Edited/IMG_0024_export.png"])
    }

    @Test func withoutACameraOriginalTheLargestFileStays() throws {
        // A drawing saved as PNG and a JPEG export of it: neither came from a camera.
        let box = try Sandbox("keeper-no-camera")
        try ImageRuleTests.convert(box, "drawing.png", ImageRuleTests.detail)
        try ImageRuleTests.convert(box, "drawing.jpg", [box.library.root + "/drawing.png", "-quality", "80"])
        #expect(try box.cull(["scan"]).status == 0)
        let rules = "version: 1\nrules:\n  - name: near\n    match: {similar: true}\n    keep: [largest]\n"
        #expect(try staged(box, rules) == ["drawing.jpg"])
    }

    /// An Orientation-only copy of a camera JPEG (a viewer's rotation, written later) is the same
    /// picture; the camera original ranks first, though the copy carries one tag more.
    @Test func anOrientationOnlyCopyNeverOutranksTheCameraOriginal() throws {
        let box = try Sandbox("keeper-rotated")
        try ImageRuleTests.convert(box, "b-original.jpg", ImageRuleTests.detail + ["-quality", "85"])
        try Self.exiftool(box, ["-Orientation=", "-Make=Canon", "-Model=Canon EOS R5", "-DateTimeOriginal=2023:06:15 12:13:14", "b-original.jpg"])
        let original = box.library.root + "/b-original.jpg"
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -86_400 * 30)], ofItemAtPath: original)
        let copy = try Subprocess.run(["/usr/bin/exiftool", "-q", "-n", "-Orientation=6", "-o", "a-rotated.jpg", "b-original.jpg"],
                                      environment: box.environment, directory: box.library.root)
        #expect(copy.status == 0, "\(copy.stderr)")
        #expect(try box.cull(["scan"]).status == 0)
        #expect(try staged(box, "version: 1\nrules:\n  - name: same\n    match: {duplicate: image}\n") == ["a-rotated.jpg"])
    }
}
