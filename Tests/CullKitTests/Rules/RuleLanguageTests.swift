@testable import CullKit
import Foundation
import Testing

/// The rule language's forms and units: bare lists, case-insensitive globs and regexes, calendar
/// ages, and one Unicode normal form for every text comparison.
@Suite struct RuleLanguageTests {
    static let clock = RunClock(now: epoch("2026-08-31T12:00:00"), localOffset: 0)
    static let nfd = "Vacances E\u{301}te\u{301}"   // as a folder synced from macOS spells it
    static let nfc = "Vacances \u{C9}t\u{E9}"

    static let assets: [TestAsset] = [
        TestAsset(path: "a/IMG_1.JPG", modified: epoch("2026-02-28T12:00:00")),
        TestAsset(path: "a/img_2.jpeg", modified: epoch("2026-03-01T12:00:00")),
        TestAsset(path: "b/clip.mov", kind: "video", modified: epoch("2025-08-31T12:00:00")),
        TestAsset(path: nfd + "/plage.jpg", modified: epoch("2024-08-31T12:00:00")),
        TestAsset(path: "Caf\u{E9}/nfc.jpg", modified: epoch("2020-01-01T00:00:00")),
    ]

    @Test func aBareListMeansIn() throws {
        let index = try TestIndex(Self.assets)
        #expect(try index.names("extension: [jpg, jpeg]", clock: Self.clock) == ["IMG_1.JPG", "img_2.jpeg", "nfc.jpg", "plage.jpg"])
        #expect(try index.names("kind: [video]", clock: Self.clock) == ["clip.mov"])
        #expect(try index.names("name: [\"IMG_*\", clip.mov]", clock: Self.clock) == ["IMG_1.JPG", "clip.mov"])
    }

    @Test func longListsBindAsOneArrayAndStillMatch() throws {
        let index = try TestIndex(Self.assets + [TestAsset(path: "w/wide.jpg", width: 4000)])
        let names = (0..<40).map { "\"n\($0).jpg\"" }.joined(separator: ", ")
        #expect(try index.names("name: [\(names), \"IMG_1.JPG\", \"img_*\", \"plag\u{E9}.jpg\", \"nfc.jpg\"]", clock: Self.clock)
                == ["IMG_1.JPG", "img_2.jpeg", "nfc.jpg"])
        let widths = (0..<40).map(String.init).joined(separator: ", ")
        #expect(try index.names("width: {in: [\(widths), 4000]}", clock: Self.clock) == ["wide.jpg"])
        #expect(try index.names("extension: [" + (0..<40).map { "x\($0)" }.joined(separator: ", ") + ", MOV]", clock: Self.clock)
                == ["clip.mov"])
    }

    @Test func regexesAreCaseInsensitiveWithTheInlineFlag() throws {
        let index = try TestIndex(Self.assets)
        #expect(try index.names("name: {matches: \"^img_\"}", clock: Self.clock) == ["img_2.jpeg"])
        #expect(try index.names("name: {matches: \"(?i)^img_\"}", clock: Self.clock) == ["IMG_1.JPG", "img_2.jpeg"])
        // PCRE2 syntax POSIX ERE lacks: \d and lazy quantifiers.
        #expect(try index.names("name: {matches: \"_\\\\d+?\\\\.\"}", clock: Self.clock) == ["IMG_1.JPG", "img_2.jpeg"])
    }

    @Test func caseInsensitiveGlobsForPathNameAndFolder() throws {
        let index = try TestIndex(Self.assets)
        #expect(try index.names("name: {imatch: \"img_*.jp*g\"}", clock: Self.clock) == ["IMG_1.JPG", "img_2.jpeg"])
        #expect(try index.names("path: {imatch: \"A/*\"}", clock: Self.clock) == ["IMG_1.JPG", "img_2.jpeg"])
        // Still path-aware: `*` stays within a folder.
        #expect(try index.names("path: {imatch: \"*\"}", clock: Self.clock) == [])
        #expect(try index.names("folder: {imatch: \"VACANCES \u{C9}T\u{C9}\"}", clock: Self.clock) == ["plage.jpg"])
    }

    @Test func monthsAndYearsAreCalendarUnits() throws {
        let index = try TestIndex(Self.assets)
        // 2026-08-31 minus 6 calendar months is 2026-02-28 (clamped), not 180 days (2026-03-04).
        #expect(try index.names("modified: {older_than: 6mo}", clock: Self.clock) == ["clip.mov", "nfc.jpg", "plage.jpg"])
        #expect(try index.names("modified: {newer_than: 6mo}", clock: Self.clock) == ["IMG_1.JPG", "img_2.jpeg"])
        // One calendar year before 2026-08-31T12:00 is exactly 2025-08-31T12:00, which is not older.
        #expect(try index.names("modified: {older_than: 1y}", clock: Self.clock) == ["nfc.jpg", "plage.jpg"])
        #expect(try index.names("modified: {older_than: 2y}", clock: Self.clock) == ["nfc.jpg"])
    }

    @Test func monthLikeUnitsSuggestMonthsNeverMinutes() {
        for written in ["6mon", "6month", "6months", "6mos", "6Mo"] {
            let load = RuleLoader.predicate(fragment: "modified: {older_than: \(written)}", label: "<t>").load
            let messages = load.diagnostics.map(\.message).joined(separator: "\n")
            #expect(messages.contains("did you mean 'mo'?"), "\(written): \(messages)")
            #expect(!messages.contains("did you mean 'm'?"), "\(written): \(messages)")
        }
        let years = RuleLoader.predicate(fragment: "modified: {older_than: 2years}", label: "<t>").load
        #expect(years.diagnostics.map(\.message).joined().contains("did you mean 'y'?"))
    }

    @Test func pathsCompareInOneNormalFormWhicheverWayTheyAreWritten() throws {
        let index = try TestIndex(Self.assets)
        // The index holds NFD; the rule is typed in NFC (and the other way round for Café).
        #expect(try index.names("path: \"\(Self.nfc)/**\"", clock: Self.clock) == ["plage.jpg"])
        #expect(try index.names("folder: \"\(Self.nfc)\"", clock: Self.clock) == ["plage.jpg"])
        #expect(try index.names("folder: {in: [\"\(Self.nfc)\", x]}", clock: Self.clock) == ["plage.jpg"])
        #expect(try index.names("path: {matches: \"^\(Self.nfc)/\"}", clock: Self.clock) == ["plage.jpg"])
        #expect(try index.names("path: \"\(Self.nfd)/*.jpg\"", clock: Self.clock) == ["plage.jpg"])
        #expect(try index.names("path: \"Cafe\u{301}/*\"", clock: Self.clock) == ["nfc.jpg"])
        #expect(try index.names("folder: \"Cafe\u{301}\"", clock: Self.clock) == ["nfc.jpg"])
        // `?` is one character in NFC, even where the index spells it with two code points.
        #expect(try index.names("folder: \"Vacances ?t?\"", clock: Self.clock) == ["plage.jpg"])
        #expect(try index.names("name: \"n?c.jpg\", folder: \"Caf?\"", clock: Self.clock) == ["nfc.jpg"])
        #expect(try index.names("name: {ne: plage.jpg}, path: \"\(Self.nfc)/**\"", clock: Self.clock) == [])
    }
}
