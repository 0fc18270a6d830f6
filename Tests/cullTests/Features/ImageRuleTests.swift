import Foundation
import Testing
@testable import CullKit

/// `blurry`, `sharpness` and `exposure` rules end to end: the plan analyses the photos it needs,
/// stages what the rules say, and undo brings the feature rows back with the assets.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/convert"), "ImageMagick's /usr/bin/convert is absent"))
struct ImageRuleTests {
    static func convert(_ box: Sandbox, _ name: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/convert")
        process.arguments = arguments + [box.library.root + "/" + name]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }

    static let detail = ["-seed", "5", "-size", "640x480", "plasma:fractal", "-stroke", "black", "-strokewidth", "2",
                         "-draw", "line 0,160 640,160", "-draw", "line 0,320 640,320", "-draw", "line 320,0 320,480"]

    /// sharp.jpg, its blurred copy soft.jpg, and a black frame.
    func library(_ name: String) throws -> Sandbox {
        let box = try Sandbox(name)
        try Self.convert(box, "sharp.jpg", Self.detail)
        try Self.convert(box, "soft.jpg", Self.detail + ["-blur", "0x4"])
        try Self.convert(box, "pocket.jpg", ["-size", "640x480", "xc:gray3"])
        #expect(try box.cull(["scan"]).status == 0)
        #expect(try box.db.scalar("SELECT count(*) FROM image_features")?.int64 == 0, "a plain scan never decodes")
        return box
    }

    func planned(_ box: Sandbox, _ match: String) throws -> [String] {
        let rules = try box.rules("r.yaml", "version: 1\nrules:\n  - name: r\n    match: \(match)\n")
        let plan = try box.cull(["plan", rules, "--ceiling", "100", "--format", "json"])
        #expect(plan.status == 0, "\(plan.stdout)\(plan.stderr)")
        return ["sharp.jpg", "soft.jpg", "pocket.jpg"].filter { plan.stdout.contains("\"\($0)\"") }
    }

    @Test func imageFieldsSelectBlurryDarkAndSharpPhotos() throws {
        let box = try library("image-fields")
        // The black frame has nothing to judge: featureless, never blurry.
        #expect(try planned(box, "{blurry: true}") == ["soft.jpg"])
        #expect(try planned(box, "{featureless: true}") == ["pocket.jpg"])
        #expect(try box.db.scalar("SELECT count(*) FROM image_features WHERE failure IS NULL")?.int64 == 3, "all three analysed")
        // The black frame has no structure to hash: it is never similar to anything.
        #expect(try box.db.scalar("SELECT count(*) FROM image_features WHERE phash IS NOT NULL")?.int64 == 2)
        #expect(try planned(box, "{exposure: {lt: 0.05}}") == ["pocket.jpg"])
        #expect(try planned(box, "{sharpness: {gt: 50}}") == ["sharp.jpg"])
        #expect(try planned(box, "{blurry: false, kind: photo}") == ["sharp.jpg", "pocket.jpg"])
        #expect(try planned(box, "{blurry: false, featureless: false, kind: photo}") == ["sharp.jpg"])
    }

    @Test func undoRestoresTheFeatureRows() throws {
        let box = try library("image-undo")
        let rules = try box.rules("dark.yaml", "version: 1\nrules:\n  - name: dark\n    match: {exposure: {lt: 0.05}}\n")
        #expect(try box.cull(["stage", rules, "--ceiling", "100"]).status == 0)
        func row() throws -> [SQLValue] {
            var values: [SQLValue] = []
            try box.db.forEachRow("""
                SELECT f.device, f.inode, f.size, f.mtime_ns, f.phash, f.sharpness, f.exposure, f.edges
                FROM image_features f JOIN assets a ON a.id = f.asset_id WHERE a.path = 'pocket.jpg'
                """) { row in values = row.values }
            return values
        }
        let before = try row()
        #expect(!before.isEmpty)
        let commit = try box.cull(["commit", "--yes"])
        #expect(commit.status == 0, "\(commit.stdout)\(commit.stderr)")
        let gone = try row()
        #expect(!box.exists("pocket.jpg") && gone.isEmpty)
        let undo = try box.cull(["undo"])
        #expect(undo.status == 0, "\(undo.stdout)\(undo.stderr)")
        #expect(box.exists("pocket.jpg"))
        #expect(try row() == before)
    }
}
