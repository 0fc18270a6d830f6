import Foundation
import Testing
@testable import CullKit

/// Issue 37, items 4–7: escapes into the user's terminal and into CI, each as it was reported.
/// Every output is read as the raw bytes `cull` wrote (``RawRun``).
@Suite(.enabled(if: HostileCorpus.toolsAvailable, "needs ImageMagick (convert) and exiftool"))
struct EscapeReproductionTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path
    static let bursts = repository + "/rules/bursts.yaml"

    /// The OSC 52 of the issue as Cull shows it.
    static let shownOSC52 = #"\x1b]52;c;QlVSU1Q=\x07"#

    /// Three frames of one second whose camera model is `ESC ] 52 ; c ; QlVSU1Q= BEL`.
    static func burstLibrary(_ name: String) throws -> Sandbox {
        let box = try Sandbox(name)
        for (index, subsecond) in ["10", "40", "70"].enumerated() {
            try HostileCorpus.photo(box, Array("DCIM/frame\(index + 1).jpg".utf8), hue: index * 120, exif: [
                "-Make=Evil\u{9B}2J", "-Model=" + HostileCorpus.osc52, "-DateTimeOriginal=2020:01:01 10:00:00",
                "-SubSecTimeOriginal=" + subsecond, "-Software=\u{202E}gpj.exe", "-LensModel=\u{1B}]8;;https://evil.example/\u{1B}\\lens",
            ])
        }
        let scan = try RawRun.cull(box, ["scan"])
        try #require(scan.status == 0, "\(scan.err)")
        return box
    }

    // MARK: - 4. From a photo's metadata

    @Test func aBurstLabelFromEXIFIsEscapedInThePlanTheExplanationAndThePreview() throws {
        let box = try Self.burstLibrary("escape-burst")
        let plan = try RawRun.cull(box, ["plan", Self.bursts])
        #expect([0, 4].contains(plan.status), "\(plan.err)")
        #expect(plan.out.contains("burst"), "\(plan.out)")
        #expect(plan.out.contains(Self.shownOSC52), "the label is shown, escaped: \(plan.out)")
        #expect(plan.violations().isEmpty, "\(plan.violations())")

        let explained = try RawRun.cull(box, ["plan", Self.bursts, "--explain", "DCIM/frame2.jpg"])
        #expect(explained.out.contains(Self.shownOSC52), "\(explained.out)")
        #expect(explained.violations().isEmpty, "\(explained.violations())")

        let preview = try RawRun.cull(box, ["plan", Self.bursts, "--preview"])
        #expect(preview.violations().isEmpty, "\(preview.violations())")
        for mode in PreviewMode.allCases {
            let forced = try RawRun.cull(box, ["plan", Self.bursts, "--preview=\(mode.rawValue)"])
            #expect(forced.violations(.terminal).isEmpty, "\(mode): \(forced.violations(.terminal))")
        }

        let json = try RawRun.cull(box, ["plan", Self.bursts, "--format", "json"])
        #expect(json.violations(.json).isEmpty, "\(json.violations(.json))")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout)) as? [String: Any])
        let groups = (document["rules"] as? [[String: Any]])?.first?["groups"] as? [[String: Any]]
        #expect(groups?.first?["key"] as? String == "Evil\u{9B}2J " + HostileCorpus.osc52 + " 2020-01-01T10:00:00",
                "JSON keeps the exact label: \(String(describing: groups))")
    }

    @Test func findJSONAndTextCarryHostileMetadataSafely() throws {
        let box = try Self.burstLibrary("escape-find-meta")
        let json = try RawRun.cull(box, ["find", "camera: '*'", "--format", "json"])
        #expect(json.status == 0, "\(json.err)")
        #expect(json.violations(.json).isEmpty, "\(json.violations(.json))")
        let items = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout)) as? [[String: Any]])
        #expect(items.count == 3)
        #expect(items.allSatisfy { ($0["camera_model"] as? String) == HostileCorpus.osc52 }, "\(items.first ?? [:])")
    }

    // MARK: - 5. From arguments and stored paths

    static let hostileArgument = Array("\u{1B}]52;c;QVJHVg==\u{07}nope.jpg".utf8)
    static let shownArgument = #"\x1b]52;c;QVJHVg==\x07nope.jpg"#

    @Test func anArgumentIsEchoedEscapedByEveryCommand() throws {
        let box = try Self.burstLibrary("escape-arguments")
        let rules = try box.rules("r.yaml", "version: 1\nrules:\n  - name: r\n    match: {kind: photo}\n")
        let argument = Self.hostileArgument
        let runs: [(String, [[UInt8]])] = [
            ("keep", [Array("keep".utf8), argument]),
            ("restore", [Array("restore".utf8), argument]),
            ("unkeep", [Array("unkeep".utf8), argument]),
            ("stage --path", [Array("stage".utf8), Array("--path".utf8), argument]),
            ("distinct", [Array("distinct".utf8), Array("DCIM/frame1.jpg".utf8), argument]),
            ("plan --explain", [Array("plan".utf8), Array(rules.utf8), Array("--explain".utf8), argument]),
            ("--library", [Array("status".utf8), Array("--library".utf8), argument]),
            ("rule file", [Array("plan".utf8), argument]),
            ("check", [Array("check".utf8), argument]),
            ("trash --rule", [Array("trash".utf8), Array("--rule".utf8), argument]),
            ("unknown command", [argument]),
            ("usage", [Array("find".utf8), Array("--limit".utf8), argument]),
        ]
        for (label, arguments) in runs {
            let run = try RawRun.cull(box, arguments)
            #expect(run.status != 0, "\(label): \(run.out)")
            #expect((run.out + run.err).contains(Self.shownArgument), "\(label) does not name the argument: \(run.out)\(run.err)")
            #expect(run.violations().isEmpty, "\(label): \(run.violations())")
        }
    }

    @Test func aHostileFolderIsShownEscapedByInitAndTheStaticReport() throws {
        let box = try Self.burstLibrary("escape-folders")
        let folder = box.base + "/\u{1B}]52;c;SU5JVA==\u{07}lib"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let initialised = try RawRun.cull(box, ["init", folder])
        #expect(initialised.status == 0, "\(initialised.err)")
        #expect(initialised.out.contains(#"\x1b]52;c;SU5JVA==\x07lib"#), "\(initialised.out)")
        #expect(initialised.violations().isEmpty, "\(initialised.violations())")

        let report = box.base + "/\u{1B}]52;c;SFRNTA==\u{07}report"
        let written = try RawRun.cull(box, ["review", Self.bursts, "--html", report])
        #expect(written.status == 0, "\(written.err)")
        #expect(written.out.contains(#"\x1b]52;c;SFRNTA==\x07report"#), "\(written.out)")
        #expect(written.violations().isEmpty, "\(written.violations())")
        let page = try String(contentsOfFile: report + "/index.html", encoding: .utf8)
        #expect(!page.contains("\u{1B}") && !page.unicodeScalars.contains { (0x80 ... 0x9F).contains($0.value) || $0.value == 0x202E },
                "the report's text holds a raw control character")
    }

    @Test func aHostileRuleFileNameIsEscapedInThePlanLine() throws {
        let box = try Self.burstLibrary("escape-rule-file")
        let path = try box.rules("\u{1B}]52;c;UlVMRQ==\u{07}\u{202E}lmay.yaml",
                                 "version: 1\ndescription: \"\\e]52;c;REVTQw==\\a\"\nrules:\n  - name: all\n    match: {kind: photo}\n")
        for arguments in [["plan", path], ["stage", path], ["trash"], ["run", path], ["explain", path]] {
            let run = try RawRun.cull(box, arguments + (["plan", "stage", "run"].contains(arguments[0]) ? ["--ceiling", "100"] : []))
            #expect([0, 4].contains(run.status), "\(arguments): \(run.err)")
            #expect(run.violations().isEmpty, "\(arguments): \(run.violations())")
        }
        let plan = try RawRun.cull(box, ["plan", path, "--ceiling", "100"])
        #expect(plan.out.contains(#"all (\#(box.base)/\x1b]52;c;UlVMRQ==\x07\u{202e}lmay.yaml)"#), "\(plan.out)")
        // A rule name is kebab-case: a hostile one is refused, and the refusal quotes it escaped.
        let named = try box.rules("named.yaml", "version: 1\nrules:\n  - name: \"\\e]52;c;TkFNRQ==\\a\u{202E}name\\n::error::NAME\"\n    match: {kind: photo}\n")
        let refused = try RawRun.cull(box, ["plan", named])
        #expect(refused.status == 1)
        #expect(refused.err.contains(#"\x1b]52;c;TkFNRQ==\x07\u{202e}name\n::error::NAME"#), "\(refused.err)")
        #expect(refused.violations().isEmpty, "\(refused.violations())")
    }

    @Test(.enabled(if: CatalogFixtures.isAvailable, "needs ../shared/fixtures/catalogs"))
    func aHostileCatalogPathIsEscapedByEveryLaterCommand() throws {
        let box = try Sandbox("escape-catalog")
        let folder = box.base + "/\u{1B}]52;c;Q0FUQUxPRw==\u{07}\u{9B}2J\u{202E}cat"
        for name in ["library.db", "data.db"] { try CatalogFixtures.copy("darktable/" + name, to: folder + "/" + name) }
        for name in try FileManager.default.contentsOfDirectory(atPath: CatalogFixtures.root + "/darktable/photos") {
            try CatalogFixtures.copy("darktable/photos/" + name, to: box.library.root + "/" + name)
        }
        try CatalogFixtures.write(folder + "/library.db", "UPDATE film_rolls SET folder = ?", [.text(box.library.root)])
        #expect(try RawRun.cull(box, ["scan"]).status == 0)
        let rules = try box.rules("r.yaml", "version: 1\nrules:\n  - name: r\n    match: {name: 'IMG_0002*'}\n")
        let added = try RawRun.cull(box, ["catalog", "add", folder + "/library.db"])
        #expect(added.status == 0, "\(added.err)")
        #expect(added.out.contains(#"\x1b]52;c;Q0FUQUxPRw==\x07\u{9b}2J\u{202e}cat"#), "\(added.out)")
        for arguments in [["catalog", "list"], ["status"], ["plan", rules], ["plan", rules, "--explain", "IMG_0002.jpg"],
                          ["run", rules], ["trash"], ["commit", "--yes"], ["log"]] {
            let run = try RawRun.cull(box, arguments)
            #expect(run.status == 0 || run.status == 3, "\(arguments): \(run.err)")
            #expect(run.violations().isEmpty, "\(arguments): \(run.violations())")
        }
        // A catalog that can no longer be read is named in the error of every plan, run and commit.
        try Data("not a catalog".utf8).write(to: URL(fileURLWithPath: folder + "/library.db"))
        for arguments in [["plan", rules], ["run", rules], ["commit", "--yes"], ["catalog", "list"]] {
            let run = try RawRun.cull(box, arguments)
            #expect(run.violations().isEmpty, "\(arguments): \(run.violations())")
        }
    }

    // MARK: - 6. C1 controls and bidi overrides in names

    @Test func c1AndBidiNamesAreEscapedByFindTrashAndTheReceipt() throws {
        let box = try Sandbox("escape-c1")
        let paths = HostileCorpus.paths(in: "Hostile")
        for (index, path) in paths.enumerated() { try HostileCorpus.photo(box, path, hue: index * 23) }
        #expect(try RawRun.cull(box, ["scan"]).status == 0)
        let find = try RawRun.cull(box, ["find"])
        #expect(find.status == 0, "\(find.err)")
        #expect(find.out.contains(#"\u{9b}31mc1\u{9d}0;title\u{9c}.jpg"#) && find.out.contains(#"\x9b31mraw\x9d0;t\x9c.jpg"#)
                && find.out.contains(#"spoof\u{202e}fdp.jpg"#), "\(find.out)")
        #expect(find.violations().isEmpty, "\(find.violations())")
        #expect(try RawRun.cull(box, ["stage", "--path", "Hostile"]).violations().isEmpty)
        let trash = try RawRun.cull(box, ["trash"])
        #expect(trash.out.contains(#"spoof\u{202e}fdp.jpg"#), "\(trash.out)")
        #expect(trash.violations().isEmpty, "\(trash.violations())")
        // Each file changed after staging: the receipt names every one as skipped.
        for path in paths { box.write(path, "changed") }
        let commit = try RawRun.cull(box, ["commit", "--yes"])
        #expect(commit.status == 3, "\(commit.out)\(commit.err)")
        #expect(commit.out.contains(#"\u{2066}iso\u{2069}\u{200f}rlm\u{61c}alm.jpg"#), "\(commit.out)")
        #expect(commit.violations().isEmpty, "\(commit.violations())")
    }

    // MARK: - 7. CI

    @Test func checkNeverPrintsALineAWorkflowRunnerObeys() throws {
        let box = try Sandbox("escape-check")
        let key = try box.rules("key.yaml", "version: 1\nrules:\n  - name: r\n    \"x\\n::error::INJECTED\": 1\n    match: {kind: photo}\n")
        let named = try box.rules("bad\n::error::NAME.yaml", "version: 1\nrules:\n  - name: r\n    match: {kind: fhoto}\n")
        let leading = try box.rules("::error file=x::LEAD.yaml", "version: 1\nrules:\n  - name: r\n    match: {kind: fhoto}\n")
        let legacy = try box.rules("legacy.yaml", "version: 1\nrules:\n  - name: r\n    match: {kind: \"##[error]LEGACY\"}\n")
        let source = try box.rules("source.yaml", "version: 1\n::error::SOURCE: 1\nrules:\n  - name: r\n    match: {kind: photo}\n")
        let files = [key, named, leading, legacy, source]
        let text = try RawRun.cull(box, ["check"] + files)
        #expect(text.status == 1)
        #expect(text.out.contains(#"x\n::error::INJECTED"#), "the key is shown, escaped: \(text.out)")
        #expect(text.violations().isEmpty, "\(text.violations())")

        let github = try RawRun.cull(box, ["check", "--format", "github"] + files)
        #expect(github.violations(.github).isEmpty, "\(github.violations(.github))")
        let annotations = github.out.components(separatedBy: "::error file=").count + github.out.components(separatedBy: "::warning file=").count - 2
        #expect(github.out.split(separator: "\n").count == annotations, "one line per annotation: \(github.out)")

        let sarif = try RawRun.cull(box, ["check", "--format", "sarif"] + files)
        #expect(sarif.violations(.json).isEmpty, "\(sarif.violations(.json))")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(sarif.stdout)) as? [String: Any])
        let results = ((document["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]]) ?? []
        let uris = results.compactMap { result in
            (((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["artifactLocation"] as? [String: Any])?["uri"] as? String
        }
        #expect(uris.count == results.count && !uris.isEmpty)
        for uri in uris {
            #expect(uri.unicodeScalars.allSatisfy { CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~/%").contains($0) },
                    "not percent-encoded: \(uri.debugDescription)")
            #expect(files.contains(uri.removingPercentEncoding ?? ""), "\(uri) is not one of the files")
        }

        let json = try RawRun.cull(box, ["check", "--format", "json"] + files)
        #expect(json.violations(.json).isEmpty, "\(json.violations(.json))")
        let checked = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout)) as? [String: Any])
        #expect(Set(checked["files"] as? [String] ?? []) == Set(files), "JSON names the files exactly")
    }
}
