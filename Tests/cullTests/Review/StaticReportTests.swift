import Foundation
import Testing
@testable import CullKit

/// `cull review --html DIR`: a report that shows every tile without JavaScript (Chromium with
/// scripts off), one self-contained file with `--inline`, and a folder written like a commit
/// writes: never through a symlink, never over anything but a previous report.
@Suite(.serialized) struct StaticReportTests {
    static func rules(_ box: Sandbox) throws -> String {
        try box.rules("trip.yaml", """
            version: 1
            rules:
              - name: trip
                match: {path: "trip/**"}
            """)
    }

    /// Two photos in `trip/`, scanned.
    static func library(_ name: String) throws -> Sandbox {
        let box = try Sandbox(name)
        box.write("trip/a.jpg", bytes: Media.jpeg(taken: "2015:07:01 10:00:00"))
        box.write("trip/b.jpg", bytes: Media.jpeg(taken: "2015:07:02 10:00:00"))
        #expect(try box.cull(["scan"]).status == 0)
        return box
    }

    static func walk(_ mode: String, _ file: String, _ window: ReviewPageTests.Window, environment: [String: String]) throws -> [String: Any] {
        let (width, height) = window.size
        let result = try Subprocess.run([Browser.python, ReviewPageTests.folder.appendingPathComponent("review_page.py").path, mode, file,
                                         "\(width)", "\(height)", ReviewPageTests.shots], environment: environment)
        // 3: Selenium or Chromium would not start although installed (the suite runs only when they are): a failure, not a skip.
        try #require(result.status != 3, "the browser did not start: \(result.stderr)")
        try #require(result.status == 0, "\(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    /// §3: with everything already staged, a plan's report still shows every file a commit takes
    /// (it said "Nothing to review"), as HTML that Chromium shows with JavaScript off; with it on,
    /// the script adds the filters and the large view.
    @Test(.enabled(if: ReviewPageNeeds.missingTools == nil, "needs chromium, chromium-driver, python3-selenium, imagemagick and exiftool"),
          .enabled(if: ReviewPageNeeds.hasRawCorpus, "needs ../shared/corpus/raw (beside the package)"))
    func theReportShowsEveryTileWithoutJavaScript() throws {
        let (box, rules) = try ReviewPageTests.library("report")
        #expect(try box.cull(["stage", "--ceiling", "100", rules]).status == 0)
        let staged = try box.cull(["trash", "--format", "paths"]).stdout.split(separator: "\n")
        #expect(staged.count == 12, "\(staged)")
        let folder = box.base + "/report"
        let wrote = try box.cull(["review", "--ceiling", "100", "--html", folder, rules])
        #expect(wrote.status == 0, "\(wrote.stderr)")
        let html = try String(contentsOfFile: folder + "/index.html", encoding: .utf8)
        #expect(!html.contains("<p class=\"empty\">"), "not \"Nothing to review\"")
        for window in ReviewPageTests.Window.allCases { try Self.expectEveryTile(folder, window, box: box, staged: staged) }
    }

    static func expectEveryTile(_ folder: String, _ window: ReviewPageTests.Window, box: Sandbox, staged: [Substring]) throws {
        let page = try Self.walk("nojs", folder + "/index.html", window, environment: box.environment)
        let tiles = page["tiles"] as? [[String: Any]] ?? []
        let names = Set(tiles.compactMap { $0["name"] as? String })
        for path in staged { #expect(names.contains(String(path.split(separator: "/").last!)), "\(path) has a tile") }
        #expect(tiles.filter { $0["state"] as? String == "staged" }.count == staged.count)
        #expect(tiles.allSatisfy { $0["displayed"] as? Bool == true && $0["thumbLoaded"] as? Bool == true }, "\(tiles)")
        #expect(tiles.allSatisfy { !($0["reason"] as? String ?? "").isEmpty && !($0["badge"] as? String ?? "").isEmpty })
        #expect(Set(page["groups"] as? [String] ?? []).isSuperset(of: ["Exact copies", "Burst"]), "\(page["groups"] ?? "")")
        #expect((page["empty"] as? [String] ?? ["?"]).isEmpty, "\(page["empty"] ?? "")")
        #expect(page["controls_shown"] as? Bool == false, "filters need the script: hidden without it")
        #expect((page["summary"] as? String ?? "").contains("staged: 12 files"), "\(page["summary"] ?? "")")
        let scripted = try Self.walk("static", folder + "/index.html", window, environment: box.environment)
        #expect((scripted["tiles"] as? [Any])?.count == tiles.count)
        #expect(scripted["controls_shown"] as? Bool == true)
        #expect((scripted["viewer"] as? [String: Any])?["open"] as? Bool == true)
        #expect(scripted["buttons"] as? Int == 0, "no actions in a static report")
    }

    /// §3: `--inline` is one file, its thumbnails `data:` URIs, shown with JavaScript off.
    @Test(.enabled(if: ReviewMedia.hasImageMagick, "ImageMagick (convert) is not installed"))
    func inlineIsOneFileThatShowsItsThumbnails() throws {
        let box = try Sandbox("inline")
        for (index, color) in ["red", "green", "blue", "orange"].enumerated() {
            box.write("trip/IMG_\(index).jpg", bytes: try ReviewMedia.photo(color, width: 1024, height: 768))
        }
        #expect(try box.cull(["scan"]).status == 0)
        let folder = box.base + "/mail"
        let wrote = try box.cull(["review", "--ceiling", "100", "--html", folder, "--inline", try Self.rules(box)])
        #expect(wrote.status == 0, "\(wrote.stderr)")
        let entries = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(entries == [".cull-report", "index.html"], "\(entries)")
        let html = try String(contentsOfFile: folder + "/index.html", encoding: .utf8)
        #expect(html.components(separatedBy: "src=\"data:image/jpeg;base64,").count == 5)
        let perTile = html.utf8.count / 4
        print("inline report: \(html.utf8.count) bytes for 4 tiles of 1024×768 photos (\(perTile) bytes a tile with the page's ~\(html.utf8.count - 4 * perTile) of its own)")
        #expect(perTile < 64_000, "a tile costs \(perTile) bytes")
        if Browser.missing == nil {
            let page = try Self.walk("nojs", folder + "/index.html", .desktop, environment: box.environment)
            let tiles = page["tiles"] as? [[String: Any]] ?? []
            #expect(tiles.count == 4 && tiles.allSatisfy { $0["thumbLoaded"] as? Bool == true }, "\(tiles)")
        }
        #expect(try box.cull(["review", "--inline", try Self.rules(box)]).status == 2, "--inline needs --html")
    }

    /// Issue 18 item 4: `DIR/thumbs` as a symlink to another folder is refused, and nothing is
    /// written through it (Foundation's atomic write followed it and overwrote `1.jpg` there).
    @Test func aSymlinkedThumbsFolderIsNeverWrittenThrough() throws {
        let box = try Self.library("report-link")
        let outside = box.base + "/outside"
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        let ids = try ["trip/a.jpg", "trip/b.jpg"].map { try #require(try StagingStore(db: box.db).assetID(path: Array($0.utf8))) }
        for id in ids { try "precious \(id)".write(toFile: outside + "/\(id).svg", atomically: false, encoding: .utf8) }
        let folder = box.base + "/report"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        #expect(symlink(outside, folder + "/thumbs") == 0)
        let wrote = try box.cull(["review", "--html", folder, try Self.rules(box)])
        #expect(wrote.status != 0, "refused: \(wrote.stdout)")
        #expect(wrote.stderr.contains("thumbs"), "\(wrote.stderr)")
        for id in ids { #expect(try String(contentsOfFile: outside + "/\(id).svg", encoding: .utf8) == "precious \(id)") }
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside).count == 2)
        #expect(!FileManager.default.fileExists(atPath: folder + "/index.html"))
        // The same link inside a previous report of Cull's is refused too.
        try "".write(toFile: folder + "/.cull-report", atomically: false, encoding: .utf8)
        #expect(try box.cull(["review", "--html", folder, try Self.rules(box)]).status != 0)
        for id in ids { #expect(try String(contentsOfFile: outside + "/\(id).svg", encoding: .utf8) == "precious \(id)") }
    }

    /// A folder holding anything but a previous report is refused unwritten; a previous report is
    /// replaced (its old thumbnails go); symlinks in place of the page or of DIR itself are refused.
    @Test func onlyAPreviousReportIsReplaced() throws {
        let box = try Self.library("report-replace")
        let rules = try Self.rules(box)
        let folder = box.base + "/report"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try "my notes".write(toFile: folder + "/notes.txt", atomically: false, encoding: .utf8)
        let refused = try box.cull(["review", "--html", folder, rules])
        #expect(refused.status != 0 && refused.stderr.contains("notes.txt"), "\(refused.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["notes.txt"])
        // A new folder, then the same folder again: the report is replaced.
        let fresh = box.base + "/fresh"
        #expect(try box.cull(["review", "--html", fresh, rules]).status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: fresh + "/thumbs").count == 2)
        _ = FileOps.unlink(box.root + Array("trip/b.jpg".utf8))
        #expect(try box.cull(["scan"]).status == 0)
        let again = try box.cull(["review", "--html", fresh, rules])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: fresh + "/thumbs").count == 1, "the old thumbnails went with the old report")
        #expect(try FileManager.default.contentsOfDirectory(atPath: fresh).sorted() == [".cull-report", "index.html", "thumbs"])
        // A stray file beside a previous report: refused.
        try "x".write(toFile: fresh + "/other.html", atomically: false, encoding: .utf8)
        #expect(try box.cull(["review", "--html", fresh, rules]).status != 0)
        _ = FileOps.unlink(Array((fresh + "/other.html").utf8))
        // index.html as a symlink to a file of the user's: refused, the file untouched.
        try "mine".write(toFile: box.base + "/mine.html", atomically: false, encoding: .utf8)
        _ = FileOps.unlink(Array((fresh + "/index.html").utf8))
        #expect(symlink(box.base + "/mine.html", fresh + "/index.html") == 0)
        #expect(try box.cull(["review", "--html", fresh, rules]).status != 0)
        #expect(try String(contentsOfFile: box.base + "/mine.html", encoding: .utf8) == "mine")
        // DIR itself a symlink: refused.
        #expect(symlink(box.base + "/elsewhere", box.base + "/linked") == 0)
        try FileManager.default.createDirectory(atPath: box.base + "/elsewhere", withIntermediateDirectories: true)
        #expect(try box.cull(["review", "--html", box.base + "/linked", rules]).status != 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: box.base + "/elsewhere").isEmpty)
    }
}
