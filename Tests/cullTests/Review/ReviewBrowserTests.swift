import Foundation
import Testing
@testable import CullKit

/// `cull review` in a real browser: headless Chromium driven by Selenium (review_browser.py).
/// Skipped (reported as such) when Chromium, its driver, Selenium or ImageMagick is missing.
/// Screenshots (two widths) go to `$TMPDIR/cull-review-shots/`, to look at.
@Suite(.serialized, .enabled(if: Browser.missing == nil && ReviewMedia.hasImageMagick, "needs chromium, chromium-driver, python3-selenium and imagemagick"))
struct ReviewBrowserTests {
    static let shots = NSTemporaryDirectory() + "cull-review-shots"

    /// Eight photos (EXIF thumbnails, one rotated), a movie and a damaged file in `trip/`, a keeper elsewhere.
    static func library() throws -> (Sandbox, rules: String) {
        let box = try Sandbox("browser")
        let colors = ["red", "orange", "gold", "green", "teal", "blue", "purple", "gray"]
        for (index, color) in colors.enumerated() {
            let bytes = try ReviewMedia.photo(color, width: 320 + index * 40, height: 240, thumbnail: color, orientation: index == 2 ? 6 : 1)
            box.write("trip/IMG_\(1000 + index).jpg", bytes: bytes)
        }
        box.write("trip/clip.mov", bytes: Media.movie(seconds: 75, created: Media.utc("2015-07-01T10:00:00Z")))
        box.write("trip/damaged.jpg", "not a jpeg")
        box.write("keep/other.jpg", bytes: try ReviewMedia.photo("white", thumbnail: "white"))
        #expect(try box.cull(["scan"]).status == 0)
        let rules = try box.rules("trip.yaml", """
            version: 1
            rules:
              - name: trip
                match:
                  path: {matches: "^trip/"}
                limit: {count: 20}
            """)
        return (box, rules)
    }

    static func browse(_ mode: String, _ target: String, environment: [String: String]) throws -> [String: Any] {
        let result = try Subprocess.run([Browser.python, Browser.script, mode, target, shots], environment: environment)
        // 3: Selenium or Chromium would not start although installed (the suite runs only when they are): a failure, not a skip.
        try #require(result.status != 3, "the browser did not start: \(result.stderr)")
        #expect(result.status == 0, "\(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    @Test func decideAndCommitFromThePage() throws {
        let (box, rules) = try Self.library()
        let planned = try box.cull(["plan", "--ceiling", "100", "--format", "paths", rules]).stdout.split(separator: "\n").map(String.init)
        #expect(planned.count == 10)
        let review = try ReviewProcess(box, ["--ceiling", "100", rules])
        let page = try Self.browse("live", review.url, environment: box.environment)
        #expect(page["tiles"] as? Int == planned.count, "one tile per planned file")
        #expect((page["initial"] as? [String: String])?.values.allSatisfy { $0 == "proposed" } == true, "nothing staged before acting")
        #expect(page["header"] as? String == "Nothing staged to move yet")
        #expect((page["after_t"] as? String ?? "").hasPrefix("Move 1 staged file to the trash ("), "t staged one: \(page["after_t"] ?? "")")
        #expect(page["after_u"] as? String == "Nothing staged to move yet", "u unstaged it")
        let kept = try #require(page["kept"] as? [String]).compactMap(Int64.init)
        #expect(kept.count == 2)
        for id in kept { #expect(try StagingStore(db: box.db).status(of: id) == .kept, "kept in the index: \(id)") }
        let confirmation = page["confirmation"] as? String ?? ""
        #expect(confirmation.contains("Move 8 files") && confirmation.contains(page["fingerprint"] as? String ?? "?"), "\(confirmation)")
        #expect((page["receipt"] as? String ?? "").contains("Moved 8 files"), "\(page["receipt"] ?? "")")
        #expect((page["viewer"] as? String ?? "").hasPrefix("IMG /original/"), "\(page["viewer"] ?? "")")
        #expect(page["dark_background"] as? String != page["light_background"] as? String, "dark mode is honoured")
        // What moved is in the sandbox's trash, as trash-cli sees it; what was kept is still here.
        let listed = try Subprocess.run(["/usr/bin/trash-list"], environment: box.environment).stdout
        let keptPaths = try planned.filter { path in try StagingStore(db: box.db).assetID(path: Array(path.utf8)).map(kept.contains) ?? false }
        #expect(keptPaths.count == 2)
        for path in planned {
            let inTrash = listed.contains(box.library.root + "/" + path)
            #expect(inTrash == !keptPaths.contains(path), "\(path) in the trash: \(inTrash)")
            #expect(box.exists(path) == keptPaths.contains(path), "\(path)")
        }
        #expect(box.exists("keep/other.jpg"))
        let stopped = review.interrupt()
        #expect(stopped.status == 0, "\(stopped)")
    }

    @Test func staticReportOpensFromDisk() throws {
        let (box, rules) = try Self.library()
        let folder = box.base + "/report"
        let wrote = try box.cull(["review", "--ceiling", "100", "--html", folder, rules])
        #expect(wrote.status == 0, "\(wrote.stderr)")
        let fingerprint = try #require(try box.cull(["plan", "--ceiling", "100", "--format", "json", rules]).stdout
            .range(of: #""fingerprint" *: *"[0-9a-f]+""#, options: .regularExpression).map { String(try box.cull(["plan", "--ceiling", "100", "--format", "json", rules]).stdout[$0]) })
        let hex = String(fingerprint.split(separator: "\"").last!)
        let html = try String(contentsOfFile: folder + "/index.html", encoding: .utf8)
        #expect(html.contains(hex), "the plan's fingerprint is in the report")
        #expect(!html.contains("http://") || !html.contains("<script src"), "nothing fetched from elsewhere")
        let thumbs = try FileManager.default.contentsOfDirectory(atPath: folder + "/thumbs")
        #expect(thumbs.count == 10 && thumbs.filter { $0.hasSuffix(".jpg") }.count == 8, "\(thumbs)")
        let page = try Self.browse("static", folder + "/index.html", environment: box.environment)
        #expect(page["tiles"] as? Int == 10)
        #expect(page["buttons"] as? Int == 0, "no actions in a static report")
        #expect(page["commit_visible"] as? Bool == false)
        #expect((page["summary"] as? String ?? "").contains(hex))
        // Nothing was staged by writing a report.
        #expect(try box.cull(["trash", "--format", "paths"]).stdout.isEmpty)
    }
}
