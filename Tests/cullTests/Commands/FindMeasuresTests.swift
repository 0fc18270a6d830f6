import Foundation
import Testing
@testable import CullKit

/// `cull find` measures what its predicates read, as a plan does (after a plain `cull scan`
/// nothing is analysed yet), prints the list fields, and `--explain` says what a file measured
/// for the clause it fails.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/convert")
                && FileManager.default.isExecutableFile(atPath: "/usr/bin/exiftool"), "needs ImageMagick and exiftool"))
struct FindMeasuresTests {
    /// A photo, a copy of it, a half-size copy, a black frame, another photo.
    func library() throws -> Sandbox {
        let box = try Sandbox("find-measures")
        try box.tool(["convert", "-seed", "3", "-size", "640x480", "plasma:fractal", "photo.jpg"])
        try box.tool(["exiftool", "-q", "-overwrite_original", "-XMP-dc:Subject=Family", "-XMP-dc:Subject=Beach",
                      "-XMP-xmp:Label=Red", "photo.jpg"])
        try box.tool(["cp", "photo.jpg", "copy.jpg"])
        try box.tool(["convert", "photo.jpg", "-resize", "50%", "small.jpg"])
        try box.tool(["convert", "-size", "640x480", "xc:black", "black.jpg"])
        try box.tool(["convert", "-seed", "11", "-size", "640x480", "plasma:fractal", "-flop", "other.jpg"])
        #expect(try box.cull(["scan"]).status == 0)
        return box
    }

    func paths(_ box: Sandbox, _ predicate: String) throws -> Set<String> {
        let found = try box.cull(["find", predicate, "--format", "paths"])
        #expect(found.status == 0, "\(found.stderr)")
        return Set(found.stdout.split(separator: "\n").map(String.init))
    }

    @Test func findMeasuresWhatItsPredicatesRead() throws {
        let box = try library()
        #expect(try paths(box, "exposure: {lt: 0.05}") == ["black.jpg"])
        #expect(try paths(box, "duplicate: true") == ["photo.jpg", "copy.jpg"])
        #expect(try paths(box, "similar: true").isSuperset(of: ["copy.jpg", "small.jpg"]))
    }

    @Test func findsJSONHasTheListFields() throws {
        let box = try library()
        let found = try box.cull(["find", "name: photo.jpg", "--format", "json"])
        let objects = try JSONSerialization.jsonObject(with: Data(found.stdout.utf8)) as? [[String: Any]]
        let photo = try #require(objects?.first, "\(found.stdout)\(found.stderr)")
        #expect(Set(photo["tags"] as? [String] ?? []) == ["Family", "Beach"], "\(photo)")
        #expect(photo["label"] as? [String] == ["red"], "\(photo)")
        #expect(photo["people"] as? [String] == [], "\(photo)")
    }

    @Test func explainSaysWhatTheFileMeasured() throws {
        let box = try library()
        let rules = try box.rules("r.yaml", "version: 1\nrules:\n  - name: dark\n    match: {exposure: {lt: 0.05}}\n"
                                  + "  - name: look-alikes\n    match: {similar: {distance: 0}}\n")
        let explain = try box.cull(["plan", rules, "--explain", "small.jpg"])
        #expect(explain.status == 0, "\(explain.stderr)")
        let dark = try #require(explain.stdout.split(separator: "\n").first { $0.contains("dark (") }, "\(explain.stdout)")
        #expect(dark.contains("fails exposure lt 0.05 [this file: exposure 0."), "\(dark)")
        let black = try box.cull(["plan", rules, "--explain", "other.jpg"])
        let similar = try #require(black.stdout.split(separator: "\n").first { $0.contains("look-alikes (") }, "\(black.stdout)")
        #expect(similar.contains("[this file: nearest look-alike ") && similar.contains("apart]"), "\(similar)")
    }

    /// A date a clause fails on reads as a date, not as seconds since 1970.
    @Test func explainShowsDatesAsDates() throws {
        let box = try library()
        let rules = try box.rules("r.yaml", "version: 1\nrules:\n  - name: aged\n    match: {added: {older_than: 7d}}\n")
        let explain = try box.cull(["plan", rules, "--explain", "photo.jpg"])
        let line = try #require(explain.stdout.split(separator: "\n").first { $0.contains("aged (") }, "\(explain.stdout)")
        #expect(line.range(of: #"\[this file: added \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ\]"#, options: .regularExpression) != nil, "\(line)")
    }

    /// `--explain` takes several files; a photo given where rules go points at `--explain`.
    @Test func explainTakesSeveralFilesAndAPhotoIsNotARuleFile() throws {
        let box = try library()
        let rules = try box.rules("r.yaml", "version: 1\nrules:\n  - name: dark\n    match: {exposure: {lt: 0.05}}\n")
        let both = try box.cull(["plan", rules, "--explain", "small.jpg", "--explain", "black.jpg"])
        #expect(both.status == 0 && both.stdout.contains("small.jpg  (status") && both.stdout.contains("black.jpg  (status"), "\(both.stdout)\(both.stderr)")
        let photo = try box.cull(["explain", "photo.jpg"])
        #expect(photo.status != 0 && photo.stderr.contains("cull plan RULES --explain photo.jpg"), "\(photo.stderr)")
    }
}
