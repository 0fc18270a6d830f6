import Foundation
import Testing
@testable import CullKit

/// The review page as a new user meets it, in headless Chromium at a desktop's 1440×900 and a
/// phone's 390×844 (touch): review_page.py walks one plan of every group kind (review_library.sh)
/// through staging a section, a keep, the large view, "stage all", the confirmation, the commit, a
/// reload and a stopped server, and reports what each control said. One walk per window size;
/// each test reads its part. Skipped (reported as such) without Chromium, Selenium, ImageMagick, ExifTool or the RAW corpus.
@Suite(.serialized, .enabled(if: ReviewPageNeeds.missingTools == nil, "needs chromium, chromium-driver, python3-selenium, imagemagick and exiftool"),
        .enabled(if: ReviewPageNeeds.hasRawCorpus, "needs ../shared/corpus/raw (beside the package)"))
struct ReviewPageTests {
    enum Window: String, CaseIterable, CustomTestStringConvertible, Sendable {
        case desktop, phone

        var size: (width: Int, height: Int) { self == .desktop ? (1440, 900) : (390, 844) }
        var testDescription: String { "\(size.width)×\(size.height)" }
    }

    static let shots = NSTemporaryDirectory() + "cull-review-shots"
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let rawCorpus = folder.appendingPathComponent("../../../../shared/corpus/raw").standardizedFileURL.path

    /// The library of review_library.sh, scanned (hashes and features too), and its rule file.
    static func library(_ name: String) throws -> (Sandbox, rules: String) {
        let box = try Sandbox(name)
        let rules = box.base + "/rules.yaml"
        let made = try Subprocess.run(["/bin/bash", folder.appendingPathComponent("review_library.sh").path, box.library.root, rules, rawCorpus],
                                      environment: box.environment)
        try #require(made.status == 0, "\(made.stderr)")
        try #require(try box.cull(["scan", "--hash"]).status == 0)
        return (box, rules)
    }

    /// What the walk at `window` reported, made once per window size for every test of the suite.
    static func walk(_ window: Window) throws -> [String: Any] {
        lock.lock()
        defer { lock.unlock() }
        if let done = walks[window] { return done }
        let (box, rules) = try library("page-\(window)")
        let review = try ReviewProcess(box, ["--ceiling", "100", rules])
        let (width, height) = window.size
        let result = try Subprocess.run([Browser.python, folder.appendingPathComponent("review_page.py").path, "live", review.url,
                                         "\(width)", "\(height)", "\(review.running.process.processIdentifier)", shots],
                                        environment: box.environment)
        // 3: Selenium or Chromium would not start although installed (the suite runs only when they are): a failure, not a skip.
        try #require(result.status != 3, "the browser did not start: \(result.stderr)")
        try #require(result.status == 0, "\(result.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        // A step that could not be done (a control missing, a state never reached) fails the tests that read it.
        if let failed = report["failed"] as? [String: String], !failed.isEmpty { print("review_page.py at \(window): steps that failed: \(failed)") }
        walks[window] = report
        _ = withExtendedLifetime(box) { review.interrupt() }
        return report
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var walks: [Window: [String: Any]] = [:]

    static func sections(_ report: [String: Any], _ step: String) -> [[String: Any]] {
        ((report[step] as? [String: Any])?["sections"] as? [[String: Any]]) ?? []
    }

    static func buttons(_ report: [String: Any], _ step: String) -> [String: Any] {
        ((report[step] as? [String: Any])?["buttons"] as? [String: Any]) ?? (report[step] as? [String: Any]) ?? [:]
    }

    static func tiles(_ report: [String: Any], _ step: String = "initial") -> [[String: Any]] {
        ((report[step] as? [String: Any])?["tiles"] as? [[String: Any]]) ?? []
    }

    static func section(_ sections: [[String: Any]], _ rule: String) -> [String: Any] {
        sections.first { $0["rule"] as? String == rule } ?? [:]
    }

    /// §4.1: a section's "Stage these" goes once used; counts, badges and buttons follow every
    /// stage, keep and commit without a reload.
    @Test(arguments: Window.allCases) func everyCountAndButtonFollowsTheState(_ window: Window) throws {
        let report = try Self.walk(window)
        let before = Self.section(Self.sections(report, "initial"), "burst-extras")
        #expect(before["button"] as? String == "Stage these 4", "\(before)")
        let after = Self.section(Self.sections(report, "after_section"), "burst-extras")
        #expect(after["button"] == nil || after["button"] is NSNull, "the button goes once its section is staged: \(after)")
        #expect(Self.tiles(report, "after_section").filter { $0["section"] as? Int == 1 && $0["badge"] as? String == "staged" }.count == 4)
        #expect((Self.buttons(report, "after_section")["commit"] as? String ?? "").contains("4 staged files"), "\(Self.buttons(report, "after_section"))")
        let kept = Self.section(Self.sections(report, "after_keep"), "burst-extras")
        #expect((kept["totals"] as? String ?? "").hasPrefix("3 files to go"), "\(kept)")
        #expect((Self.buttons(report, "after_keep")["commit"] as? String ?? "").contains("3 staged files"))
        for section in Self.sections(report, "after_commit") {
            #expect(section["button"] == nil || section["button"] is NSNull, "\(section)")
            #expect((section["totals"] as? String ?? "").hasPrefix("nothing to go"), "\(section)")
        }
        #expect(Self.buttons(report, "after_commit")["commitEnabled"] as? Bool == false)
    }

    /// §4.2: a section's totals count what would leave, not its keepers or what stays.
    @Test(arguments: Window.allCases) func sectionTotalsCountOnlyWhatLeaves(_ window: Window) throws {
        let report = try Self.walk(window)
        for step in ["initial", "after_section", "after_keep", "after_stage_all"] {
            for section in Self.sections(report, step) {
                let going = section["going"] as? Int ?? -1, totals = section["totals"] as? String ?? ""
                let expected = going == 0 ? "nothing to go" : "\(going) file\(going == 1 ? "" : "s") to go"
                #expect(totals.hasPrefix(expected), "\(step): \(section)")
            }
        }
        #expect((Self.section(Self.sections(report, "initial"), "burst-extras")["totals"] as? String ?? "").hasPrefix("4 files to go"))
    }

    /// §4.3: with the server stopped, a click says so and how to start it again.
    @Test(arguments: Window.allCases) func aStoppedServerIsSaidWithTheCommandToRestartIt(_ window: Window) throws {
        let report = try Self.walk(window)
        let notice = report["gone_notice"] as? String ?? ""
        #expect(notice.contains("not answering") && notice.contains("cull review --ceiling 100") && notice.contains("rules.yaml"), "\(notice)")
        let errors = report["errors"] as? [String] ?? []
        #expect(!errors.contains { $0.contains("Uncaught") }, "\(errors)")
    }

    /// §4.4: groups are named by their kind, and each file has the reason the CLI gives.
    @Test(arguments: Window.allCases) func groupsAreNamedByKindWithTheCLIsReasons(_ window: Window) throws {
        let report = try Self.walk(window)
        let titles = Set((report["initial"] as? [String: Any])?["groups"] as? [String] ?? [])
        #expect(titles.isSuperset(of: ["Exact copies", "Burst", "Similar photos"]), "\(titles)")
        #expect(!titles.contains("Duplicate group"))
        let tiles = Self.tiles(report)
        let frames = tiles.filter { ($0["name"] as? String ?? "").contains("BURST") }
        #expect(frames.count == 5)
        for frame in frames {
            let reason = frame["reason"] as? String ?? ""
            #expect(reason.contains("its burst") && !reason.contains("duplicate"), "\(reason)")
        }
        for tile in tiles {
            let reason = tile["reason"] as? String ?? ""
            #expect(!reason.contains("not staged by this rule") && !reason.hasPrefix("protect["), "\(reason)")
        }
        // The rated copy the guard keeps: its reason says what protects it first.
        #expect(tiles.contains { ($0["reason"] as? String ?? "").hasPrefix("protected: rating gte 1") }, "\(tiles.map { $0["reason"] ?? "" })")
        #expect(tiles.contains { ($0["groupTitle"] as? String ?? "").contains("protected: rating gte 1") })
    }

    /// §4.7: the main button says it moves files into the trash; "stage all proposed" exists; the
    /// confirmation has its focus on Cancel, so Enter commits nothing.
    @Test(arguments: Window.allCases) func theMainButtonSaysWhatItDoesAndEnterDoesNotCommit(_ window: Window) throws {
        let report = try Self.walk(window)
        let initial = Self.buttons(report, "initial")
        #expect(!(initial["commit"] as? String ?? "").contains("Empty Trash"))
        #expect((initial["stageAll"] as? String ?? "").hasPrefix("Stage all proposed (12"), "\(initial)")
        let staged = Self.buttons(report, "after_stage_all")
        #expect((staged["commit"] as? String ?? "").hasPrefix("Move 11 staged files to the trash"), "\(staged)")
        #expect(staged["stageAll"] == nil || staged["stageAll"] is NSNull)
        #expect(report["confirm_focus"] as? String == "confirm-no")
        #expect(Self.buttons(report, "after_enter")["commit"] as? String == staged["commit"] as? String)
        #expect(report["receipt_after_enter"] as? Bool == false, "Enter in the confirmation committed")
    }

    /// §4.8: a name is shown whole (the part that tells files apart is the end), and the whole
    /// reason is one tap away.
    @Test(arguments: Window.allCases) func namesAreWholeAndReasonsOneTapAway(_ window: Window) throws {
        let report = try Self.walk(window)
        let tiles = Self.tiles(report)
        #expect(!tiles.isEmpty)
        for tile in tiles { #expect(tile["nameCut"] as? Bool == false, "\(tile["name"] ?? "")") }
        #expect(((report["reason_tapped"] as? [String: Any])?["whole"] as? Bool) == true, "\(report["reason_tapped"] ?? "")")
    }

    /// §4.9: the RAW that stays is shown beside the JPEG half a rule stages.
    @Test(arguments: Window.allCases) func theRAWIsShownBesideItsJPEG(_ window: Window) throws {
        let report = try Self.walk(window)
        let tiles = Self.tiles(report)
        for (raw, jpeg) in [("IMG_9000.CR2", "IMG_9000.JPG"), ("DSC_0042.NEF", "DSC_0042.JPG")] {
            let rawTile = try #require(tiles.first { $0["name"] as? String == raw }, "\(raw) is shown")
            let jpegTile = try #require(tiles.first { $0["name"] as? String == jpeg })
            #expect(rawTile["group"] as? Int == jpegTile["group"] as? Int && (rawTile["group"] as? Int ?? -1) >= 0, "\(rawTile) \(jpegTile)")
            #expect((rawTile["groupTitle"] as? String ?? "").hasPrefix("RAW+JPEG pair"))
        }
    }

    /// §4.10: the large view shows a twin beside its keeper, has the tile's buttons (a phone has
    /// no keys), and says what the tile says ("stays", not "not staged").
    @Test(arguments: Window.allCases) func theLargeViewComparesAndActs(_ window: Window) throws {
        let report = try Self.walk(window)
        let viewer = try #require(report["viewer"] as? [String: Any])
        #expect(viewer["figures"] as? Int == 2, "\(viewer)")
        let captions = viewer["captions"] as? [String] ?? []
        #expect(captions.count == 2 && captions[1].hasPrefix("keeper: IMG_20230612_101010_BURST001.JPG"), "\(captions)")
        #expect(Set(viewer["actions"] as? [String] ?? []).isSuperset(of: ["Keep", "Unstage", "Stage"]))
        #expect((report["viewer_after_unstage"] as? [String: Any])?["caption"].map { "\($0)" }?.contains("proposed") == true)
        let keeper = try #require(report["keeper_viewer"] as? [String: Any])
        let caption = keeper["caption"] as? String ?? ""
        #expect(caption.contains("\u{b7} \(report["keeper_badge"] as? String ?? "?") \u{b7}") && !caption.contains("not staged"), "\(caption)")
    }

    /// §4.11: after a commit, a reload still shows the receipt and its undo hint.
    @Test(arguments: Window.allCases) func theReceiptSurvivesAReload(_ window: Window) throws {
        let report = try Self.walk(window)
        let receipt = report["receipt"] as? String ?? ""
        #expect(receipt.contains("Moved 11 files") && receipt.contains("Undo with: cull undo"), "\(receipt)")
        #expect(report["receipt_after_reload"] as? String == receipt)
    }

    /// §4.12: roles and labels, a live notice, the large view a dialog that keeps the focus,
    /// text at 4.5:1 in light and dark mode, 44-pixel targets on a phone, little fixed chrome.
    @Test(arguments: Window.allCases) func theReviewPageIsAccessible(_ window: Window) throws {
        let report = try Self.walk(window)
        let a11y = try #require((report["initial"] as? [String: Any])?["a11y"] as? [String: Any])
        #expect(a11y["tilesWithoutRole"] as? Int == 0)
        #expect(a11y["notice"] as? String == "polite" && a11y["noticeRole"] as? String == "status", "\(a11y)")
        #expect(a11y["viewerRole"] as? String == "dialog" && a11y["viewerModal"] as? String == "true", "\(a11y)")
        #expect((report["viewer"] as? [String: Any])?["focusInside"] as? Bool == true, "the large view takes the focus")
        #expect(report["viewer_focus_after_tabs"] as? Bool == true, "Tab stays inside the large view")
        #expect(((report["viewer_after_unstage"] as? [String: Any])?["focusInside"] as? Bool) == true, "a button of the view keeps the focus in it")
        #expect(report["focus_after_close"] as? String != "BODY", "closing gives the focus back to the tile")
        let contrast = try #require(report["contrast"] as? [String: [[String: Any]]])
        for scheme in ["light", "dark"] {
            let measured = contrast[scheme] ?? []
            #expect(measured.count > 20, "\(scheme): \(measured.count) texts measured")
            for text in measured where (text["ratio"] as? Double ?? 0) < 4.5 { Issue.record("\(scheme): \(text)") }
        }
        let height = Double(window.size.height)
        let chrome = report["chrome"] as? Double ?? .infinity
        #expect(chrome <= height * (window == .phone ? 0.09 : 0.13), "fixed or sticky chrome covers \(chrome) of \(height) pixels")
        if window == .phone {
            let targets = (report["initial"] as? [String: Any])?["targets"] as? [[String: Any]] ?? []
            #expect(!targets.isEmpty)
            for target in targets where (target["height"] as? Int ?? 0) < 44 { Issue.record("tap target under 44 px: \(target)") }
        }
    }

    /// §4.13: the icon the browser asks for by itself (without the token) is served.
    @Test(arguments: Window.allCases) func theIconNeedsNoToken(_ window: Window) throws {
        let report = try Self.walk(window)
        #expect(report["favicon"] as? Int == 200)
        #expect(report["icon"] as? Int == 200)
    }
}

/// What the review page's walk needs (outside the suite, whose traits read it).
enum ReviewPageNeeds {
    /// The tools the walk needs (a skip for one of these fails CI, which installs them).
    static var missingTools: String? {
        if let missing = Browser.missing { return missing }
        if !ReviewMedia.hasImageMagick { return "ImageMagick (convert) is not installed" }
        return FileManager.default.isExecutableFile(atPath: "/usr/bin/exiftool") ? nil : "exiftool is not installed"
    }
    /// The library's RAW+JPEG pairs are the corpus's camera files: without them its counts are not the walk's.
    static var hasRawCorpus: Bool { FileManager.default.fileExists(atPath: ReviewPageTests.rawCorpus + "/CanonRaw.cr2") }
}
