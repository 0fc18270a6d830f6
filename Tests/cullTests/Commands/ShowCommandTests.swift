import CullKit
import Foundation
import Testing

/// `cull show FILE…` (issue 38, 3.3): every field Cull knows of a file with its source, what the
/// pixels measured (measured on the spot after a plain scan), its copies, its staging and the
/// commits and undos it went through, in text and JSON.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/convert")
                && FileManager.default.isExecutableFile(atPath: "/usr/bin/exiftool"), "needs ImageMagick and exiftool"))
struct ShowCommandTests {
    /// A tagged photo (sharp edges) with a rating in its sidecar, an exact copy of it, and a black frame.
    func library() throws -> Sandbox {
        let box = try Sandbox("show")
        try box.tool(["convert", "-size", "640x480", "pattern:checkerboard", "-seed", "3", "-attenuate", "0.3", "+noise", "Uniform", "photo.jpg"])
        try box.tool(["exiftool", "-q", "-overwrite_original", "-XMP-dc:Subject=Beach", "-XMP-xmp:Label=Red",
                      "-DateTimeOriginal=2019:07:01 12:00:00", "photo.jpg"])
        try box.tool(["mkdir", "-p", "copy"])
        try box.tool(["cp", "photo.jpg", "copy/photo.jpg"])
        box.write("photo.jpg.xmp", """
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
            <rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmp:Rating="2"/></rdf:RDF></x:xmpmeta>
            """)
        try box.tool(["convert", "-size", "640x480", "xc:black", "black.jpg"])
        #expect(try box.cull(["scan"]).status == 0)
        return box
    }

    func lines(_ text: String, containing part: String) -> [Substring] {
        text.split(separator: "\n").filter { $0.contains(part) }
    }

    @Test func showGivesFieldsSourcesMeasuresAndCopies() throws {
        let box = try library()
        let show = try box.cull(["show", "photo.jpg", "black.jpg"])
        #expect(show.status == 0, "\(show.stderr)")
        let text = show.stdout
        #expect(text.hasPrefix("photo.jpg\n"), "\(text)")
        #expect(!lines(text, containing: "    tags: Beach").isEmpty, "\(text)")
        #expect(!lines(text, containing: "    label: red").isEmpty, "\(text)")
        #expect(!lines(text, containing: "    taken: 2019-07-01T12:00:00").isEmpty, "\(text)")
        // The rating is the sidecar's, and says so.
        #expect(!lines(text, containing: "rating 2 from photo.jpg.xmp").isEmpty, "\(text)")
        // Measured now although only `scan` ran: sharpness, and the black frame featureless.
        #expect(!lines(text, containing: "  image: sharpness ").isEmpty, "\(text)")
        #expect(!lines(text, containing: "  image: featureless, never blurry").isEmpty, "\(text)")
        #expect(text.contains("  copies (the same bytes): copy/photo.jpg\n"), "\(text)")
        #expect(!lines(text, containing: "  travels with: photo.jpg.xmp (xmp)").isEmpty, "\(text)")
        #expect(lines(text, containing: "  staging: not staged").count == 2, "\(text)")
        // The black frame has no copy and no tags.
        let black = try #require(text.range(of: "\nblack.jpg\n")).upperBound
        #expect(text[black...].contains("  copies: none with the same bytes"), "\(text)")
        #expect(!text[black...].contains("tags: Beach"), "\(text)")
    }

    @Test func showFollowsStagingCommitAndUndo() throws {
        let box = try library()
        let rules = try box.rules("d.yaml", "version: 1\nrules:\n  - name: twins\n    match: {duplicate: true}\n    keep: shortest_path\n")
        #expect(try box.cull(["stage", rules, "--ceiling", "100"]).status == 0)
        let staged = try box.cull(["show", "copy/photo.jpg"]).stdout
        #expect(staged.contains("  staging: staged on ") && staged.contains(" by rule twins (") && staged.contains(" as a copy of photo.jpg, its keeper"),
                "\(staged)")
        #expect(try box.cull(["show", "photo.jpg"]).stdout.contains("  staging: not staged"))
        #expect(try box.cull(["commit", "--yes"]).status == 0)
        let moved = try box.cull(["show", "copy/photo.jpg"])
        #expect(moved.status == 0, "\(moved.stderr)")
        #expect(moved.stdout.contains("  not in the index any more"), "\(moved.stdout)")
        #expect(!lines(moved.stdout, containing: "commit 1 on ").filter { $0.contains(": moved out of the library to ") && $0.contains("/Trash/files/") }.isEmpty,
                "\(moved.stdout)")
        #expect(try box.cull(["undo"]).status == 0)
        let back = try box.cull(["show", "copy/photo.jpg"]).stdout
        #expect(!lines(back, containing: "undo of commit 1 on ").filter { $0.hasSuffix(": put back") }.isEmpty, "\(back)")
        #expect(back.contains("  staging: kept on ") && back.contains("'cull unkeep' undoes that"), "\(back)")
        let json = try box.cull(["show", "copy/photo.jpg", "--format", "json"])
        let reports = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]]
        let report = try #require(reports?.first, "\(json.stdout)\(json.stderr)")
        #expect((report["staging"] as? [String: Any])?["status"] as? String == "kept", "\(report)")
        let history = report["history"] as? [[String: Any]] ?? []
        #expect(history.map { $0["action"] as? String } == ["committed", "undone"], "\(history)")
        #expect(history.map { $0["outcome"] as? String } == ["restored", "restored"], "\(history)")
        let groups = report["groups"] as? [[String: Any]] ?? []
        #expect(groups.first { $0["kind"] as? String == "copies" }?["others"] as? [String] == ["photo.jpg"], "\(groups)")
        #expect((report["fields"] as? [String: Any])?["tags"] as? [String] == ["Beach"], "\(report)")
    }

    @Test func aFileCullDoesNotKnowIsAnError() throws {
        let box = try library()
        let missing = try box.cull(["show", "photo.jpg", "nothing.jpg"])
        #expect(missing.status == 2 && missing.stdout.isEmpty, "\(missing.stdout)")
        #expect(missing.stderr.contains("nothing.jpg: not in the index"), "\(missing.stderr)")
    }
}
