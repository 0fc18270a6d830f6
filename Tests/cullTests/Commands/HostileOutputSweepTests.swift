import Foundation
import Testing
@testable import CullKit

/// Every output of every command over one library made of the hostile corpus: names on disk and a
/// hostile folder, EXIF make, model, software and lens, XMP labels, tags and people, an exact
/// duplicate whose keeper has a hostile name, rule files whose names, rule names, descriptions,
/// keys and values are hostile. Text, JSON, GitHub and SARIF are read as raw bytes (see
/// ``HostileCorpus/violations(_:_:)``); `--format paths` is the one raw format (for `xargs -0`) and
/// is checked to be exact instead. The terminal's own modes are in ``HostileTerminalTests``.
@Suite(.serialized, .enabled(if: HostileCorpus.toolsAvailable, "needs ImageMagick (convert) and exiftool"))
struct HostileOutputSweepTests {
    static let folder = "In\u{1B}]0;T\u{07}sid\u{9B}e\u{202E}"

    static func library(_ name: String) throws -> (box: Sandbox, rules: [String]) {
        let box = try EscapeReproductionTests.burstLibrary(name)
        for (index, path) in HostileCorpus.paths(in: "Hostile").enumerated() { try HostileCorpus.photo(box, path, hue: 11 + index * 23) }
        try HostileCorpus.photo(box, Array((folder + "/x.jpg").utf8), hue: 300)
        // An exact copy of a hostile name: a duplicate group whose keeper and twin are hostile.
        let original = box.root + HostileCorpus.entries[0].name
        try HostileCorpus.photo(box, HostileCorpus.entries[0].name, hue: 7)
        let copy = box.root + Array("Hostile/".utf8) + HostileCorpus.entries[0].name
        _ = FileOps.unlink(copy)
        #expect(FileOps.createExclusive(copy, contents: FileOps.read(original) ?? [], mode: 0o644) == 0)
        // A sidecar with hostile labels, tags and people (XML allows C1 and bidi, not ESC).
        let hostileXML = "\u{9B}31m\u{202E}gpj x&#10;::error::XMP ##[error]xmp"
        box.write(Array("DCIM/frame1.jpg.xmp".utf8), """
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
            <rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/"
              xmp:Rating="2" xmp:Label="\(hostileXML)"><dc:subject><rdf:Bag><rdf:li>\(hostileXML)</rdf:li></rdf:Bag></dc:subject>
            </rdf:Description></rdf:RDF></x:xmpmeta>
            """)
        let scan = try RawRun.cull(box, ["scan"])
        try #require(scan.status == 0, "\(scan.err)")
        let rules = try box.rules("\u{1B}]52;c;RklMRQ==\u{07}\u{9B}\u{202E}rules.yaml", """
            version: 1
            description: "\\e]52;c;REVTQw==\\a\\u009b\\u202e"
            protect:
              - path: "\\e]0;PROTECT\\aDCIM/nothing/**"
            rules:
              - name: dupes
                match: {duplicate: true}
                keep: [shortest_path]
              - name: all
                description: "\\e]8;;https://evil.example/\\e\\\\"
                match: {path: "Hostile/**"}
              - name: keeper
                action: keep
                match: {name: "\\e]0;NAME\\a*"}
            """)
        return (box, [rules, EscapeReproductionTests.bursts])
    }

    static func expectClean(_ run: RawRun, _ mode: HostileCorpus.Mode = .plain, _ label: String,
                            sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(run.violations(mode).isEmpty, "\(label): \(run.violations(mode))", sourceLocation: sourceLocation)
    }

    @Test func everyCommandEveryFormat() throws {
        let (box, rules) = try Self.library("sweep")
        // The bursts' limit trips in so small a library: they are planned and checked, the others staged too.
        let ruleArguments = [rules[0], "--ceiling", "100"]
        let hostilePaths = HostileCorpus.paths(in: "Hostile").map { String(decoding: $0, as: UTF8.self) }.filter { !$0.contains("\u{FFFD}") }
        var runs: [(label: String, arguments: [String], mode: HostileCorpus.Mode)] = []
        func add(_ arguments: [String], _ formats: [String] = ["text", "json"]) {
            for format in formats {
                let mode: HostileCorpus.Mode = format == "json" || format == "sarif" ? .json : format == "github" ? .github : .plain
                runs.append((arguments.joined(separator: " ") + " [\(format)]", arguments + (format == "text" ? [] : ["--format", format]), mode))
            }
        }
        add(["status"])
        add(["scan"])
        // Names every ignored entry: the hostile names of the files that are not media among them.
        add(["scan", "-v"], ["text"])
        add(["scan", "--hash"])
        // Rule names must be kebab-case and keys known: these are refused, and the refusals quote them.
        let refused = try box.rules("\u{1B}]52;c;QkFE\u{07}\u{202E}bad.yaml", """
            version: 1
            rules:
              - name: "\\e]52;c;UlVMRQ==\\a\\u009b31m\\u202Eall\\n::error::RULE"
                "x\\n::error::KEY ##[error]k\\e]0;T\\a": 1
                match: {kind: "\\e[2J\\u2066video", name: {matches: "(\\e]52"}}
            """)
        add(["check"] + rules + [refused], ["text", "json", "github", "sarif"])
        add(["plan", refused], ["text", "json"])
        add(["explain", refused], ["text", "json"])
        add(["explain"] + rules)
        add(["plan"] + ruleArguments)
        add(["plan", rules[1]])
        add(["plan", "--preview"] + ruleArguments, ["text"])
        for path in hostilePaths + ["DCIM/frame1.jpg", Self.folder + "/x.jpg"] { add(["plan", "--explain", path] + ruleArguments, ["text"]) }
        add(["find"])
        add(["find", "--preview"], ["text"])
        add(["find", "rating: {gte: 1}"])
        add(["find", "duplicate: true"])
        add(["schema"], ["text"])
        add(["show", "DCIM/frame1.jpg", Self.folder + "/x.jpg"] + hostilePaths)
        for (label, arguments, mode) in runs {
            let run = try RawRun.cull(box, arguments)
            #expect([0, 1, 4].contains(run.status), "\(label): \(run.status) \(run.err)")
            #expect(run.status != 1 || arguments.contains(refused) || arguments.first == "check", "\(label): \(run.err)")
            Self.expectClean(run, mode, label)
        }
        runs = []
        add(["stage"] + ruleArguments)
        add(["trash"])
        add(["trash", "--rule", "dupes"])
        add(["trash", "--preview"], ["text"])
        add(["keep"] + hostilePaths.prefix(3))
        add(["unkeep"] + hostilePaths.prefix(3))
        add(["restore"] + hostilePaths.prefix(2))
        add(["stage", "--path"] + hostilePaths.prefix(2))
        add(["distinct"] + hostilePaths.suffix(2))
        add(["review", "--html", box.base + "/\u{1B}]52;c;UkVQ\u{07}report-\(UUID().uuidString)"] + rules, ["text"])
        add(["review", "--html", box.base + "/\u{1B}]52;c;UkVQ\u{07}staged-\(UUID().uuidString)", "--inline"], ["text"])
        for (label, arguments, mode) in runs {
            let run = try RawRun.cull(box, arguments)
            #expect([0, 4].contains(run.status), "\(label): \(run.status) \(run.err)")
            Self.expectClean(run, mode, label)
        }
        // A commit that skips files (changed since staging) and moves the rest; its undo; a run; the log.
        #expect(try RawRun.cull(box, ["stage"] + ruleArguments).status == 0)
        for path in HostileCorpus.paths(in: "Hostile").prefix(5) { box.write(path, "changed") }
        let commit = try RawRun.cull(box, ["commit", "--yes"])
        #expect(commit.status == 3, "\(commit.out)\(commit.err)")
        Self.expectClean(commit, .plain, "commit")
        let commitID = try #require(try box.db.scalar("SELECT max(id) FROM commits")?.int64)
        Self.expectClean(try RawRun.cull(box, ["undo", String(commitID)]), .plain, "undo")
        #expect(try RawRun.cull(box, ["stage"] + ruleArguments).status == 0)
        Self.expectClean(try RawRun.cull(box, ["commit", "--yes", "--format", "json"]), .json, "commit json")
        let undone = try RawRun.cull(box, ["undo", "--format", "json"])
        Self.expectClean(undone, .json, "undo json")
        // What `show` says of files a commit moved and an undo put back (their history, the trash's names).
        for format in ["text", "json"] {
            let show = try RawRun.cull(box, ["show"] + hostilePaths + (format == "text" ? [] : ["--format", format]))
            #expect(show.status == 0, "\(show.err)")
            Self.expectClean(show, format == "json" ? .json : .plain, "show after undo \(format)")
        }
        for format in ["text", "json"] {
            let run = try RawRun.cull(box, ["run"] + ruleArguments + (format == "text" ? [] : ["--format", format]))
            Self.expectClean(run, format == "json" ? .json : .plain, "run \(format)")
            Self.expectClean(try RawRun.cull(box, ["log"] + (format == "text" ? [] : ["--format", format])), format == "json" ? .json : .plain, "log \(format)")
        }
    }

    /// Whether `text` holds a character the browser would obey rather than show (a bidi override
    /// reverses a name there too) or a control character.
    static func actsInABrowser(_ text: String) -> Bool {
        text.unicodeScalars.contains { scalar in
            let value = scalar.value
            return value < 0x20 || (0x7F ... 0x9F).contains(value) || (0x2028 ... 0x202E).contains(value) || (0x2066 ... 0x2069).contains(value)
                || [0x061C, 0x200E, 0x200F].contains(value)
        }
    }

    /// The review page's document and the static report show every name, folder, rule file,
    /// reason and group title in the visible form: the page puts them in `textContent`, where a
    /// bidi override would still reverse them.
    @Test func theReviewPageAndTheReportShowTextVisibly() throws {
        let (box, rules) = try Self.library("sweep-review")
        #expect(try RawRun.cull(box, ["stage", rules[0], "--ceiling", "100"]).status == 0)
        let document = try ReviewModel.document(try ReviewScope.staged(db: box.db), db: box.db, interactive: true) { _ in "" }
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(document)) as? [String: Any])
        let items = parsed["items"] as? [[String: Any]] ?? []
        #expect(items.count >= 12, "\(items.count)")  // (a path glob does not match the two names that are not UTF-8)
        for item in items {
            for key in ["name", "folder", "reason", "broken"] {
                if let text = item[key] as? String { #expect(!Self.actsInABrowser(text), "\(key): \(text.debugDescription)") }
            }
        }
        for section in parsed["sections"] as? [[String: Any]] ?? [] {
            for key in ["rule", "ruleFile"] { #expect(!Self.actsInABrowser(section[key] as? String ?? ""), "\(key)") }
            for group in section["groups"] as? [[String: Any]] ?? [] {
                for key in ["title", "decidedBy"] { #expect(!Self.actsInABrowser(group[key] as? String ?? ""), "\(key)") }
            }
        }
        for inline in [false, true] {
            let folder = box.base + "/report-\(inline)"
            #expect(try RawRun.cull(box, ["review", "--html", folder, rules[0], "--ceiling", "100"] + (inline ? ["--inline"] : [])).status == 0)
            let page = try String(contentsOfFile: folder + "/index.html", encoding: .utf8)
            #expect(!Self.actsInABrowser(page.replacingOccurrences(of: "\n", with: " ")), "the report holds a character that acts")
            #expect(page.contains(#"spoof\u{202e}fdp.jpg"#))
        }
    }

    /// What a script reads is exact: every hostile name comes back from JSON as its bytes, and from
    /// `--format paths -0` (piped) as its bytes.
    @Test func jsonAndPathsAreExact() throws {
        let (box, _) = try Self.library("sweep-exact")
        let hostile = Set(HostileCorpus.paths(in: "Hostile"))
        let inFolder = { (path: [UInt8]) in path.starts(with: Array("Hostile/".utf8)) }
        let json = try RawRun.cull(box, ["find", "--format", "json"])
        Self.expectClean(json, .json, "find json")
        let items = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout)) as? [[String: Any]])
        let paths = Set(items.compactMap { JSONPathTests.path($0["path"]) }.filter(inFolder))
        #expect(paths == hostile, "\(paths.map(PathBytes.display))")
        let raw = try RawRun.cull(box, ["find", "--format", "paths", "-0"])
        #expect(Set(raw.stdout.split(separator: 0, omittingEmptySubsequences: true).map(Array.init).filter(inFolder)) == hostile)
    }
}
