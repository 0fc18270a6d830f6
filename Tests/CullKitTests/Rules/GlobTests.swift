@testable import CullKit
import Testing

@Suite struct GlobTests {
    @Test func globSemantics() {
        #expect(GlobMatcher.matches("*.jpg", "a.jpg"))
        #expect(!GlobMatcher.matches("*.jpg", "x/a.jpg"))
        #expect(GlobMatcher.matches("**/*.jpg", "a.jpg"))
        #expect(GlobMatcher.matches("**/*.jpg", "x/y/a.jpg"))
        #expect(GlobMatcher.matches("a/**/b", "a/b"))
        #expect(GlobMatcher.matches("a/**/b", "a/x/y/b"))
        #expect(GlobMatcher.matches("a/**", "a/x/y"))
        #expect(GlobMatcher.matches("?.png", "é.png"))
        #expect(!GlobMatcher.matches("?", "/"))
        #expect(GlobMatcher.matches("[!a-c]x", "dx"))
        #expect(!GlobMatcher.matches("[!a-c]x", "bx"))
        #expect(GlobMatcher.matches("\\*", "*"))
        #expect(GlobMatcher.matches("CANON*", "canon eos", foldCase: true))
        #expect(GlobMatcher.matches("*50mm*", "EF 50mm f/1.8", foldCase: true, pathAware: false))
        #expect(!GlobMatcher.matches("*a*a*a*a*a*b", String(repeating: "a", count: 200)))
    }

    /// Wherever a glob is rewritten for SQLite, SQLite's GLOB must agree with Cull's matcher.
    @Test func nativeTranslationAgreesWithTheMatcher() throws {
        let database = try Database(path: ":memory:")
        let patterns = ["**/WhatsApp/**", "Family/**", "**", "**/*.jpg", "a**b", "x/**/y", "IMG_*.PNG", "*.jp?g", "plain.jpg"]
        let paths = ["WhatsApp/a.jpg", "x/WhatsApp/b/c.jpg", "WhatsAppX/a", "Family/a/b.heic", "Family", "a.jpg",
                     "ab", "a/x/b", "x/y", "x/z/y", "IMG_1.PNG", "photo.jpeg", "plain.jpg", "d/plain.jpg"]
        for pattern in patterns {
            let slashFree = !pattern.contains("/")
            guard let translation = NativeGlob.translate(pattern, slashFree: false) else { continue }
            for path in paths where !slashFree || !path.contains("/") {
                let native: Bool
                switch translation {
                case let .equals(value): native = value == path
                case let .globs(globs):
                    native = try globs.contains {
                        try database.scalar("SELECT ? GLOB ?", [.text(path), .text($0)])?.int64 == 1
                    }
                }
                #expect(native == GlobMatcher.matches(pattern, path), "\(pattern) vs \(path)")
            }
        }
        #expect(NativeGlob.translate("x/**/y", slashFree: false) == nil)
        #expect(NativeGlob.translate("Family/*", slashFree: false) == nil)
    }

    /// Two GLOBs or more are tested behind one GLOB of the text they all need: the longest
    /// (3 to 32 characters) that each pattern holds in one literal run, none when they share less.
    @Test func sharedLiteralIsWhatEveryPatternNeeds() {
        let whatsapp = ["WhatsApp/*", "*/WhatsApp/*", "WhatsApp Images/*", "*/WhatsApp Images/*", "WhatsApp Video/*"]
        #expect(NativeGlob.sharedLiteral(whatsapp) == "WhatsApp")
        #expect(NativeGlob.sharedLiteral(["Family/*", "*/Family/*"]) == "Family/")
        #expect(NativeGlob.sharedLiteral(["a/*", "*/a/*"]) == nil, "a character and the slash are too common")
        #expect(NativeGlob.sharedLiteral(["x*Signal*y", "*Telegram*"]) == nil)
        #expect(NativeGlob.sharedLiteral(["IMG_*.PNG", "*/IMG_*.PNG"]) == "IMG_", "the first of the longest")
        #expect(NativeGlob.sharedLiteral(["Family/*"]) == nil, "one GLOB needs no test before it")
        #expect(NativeGlob.sharedLiteral(Array(repeating: "Family/*", count: 65)) == nil, "a long list is not searched")
    }

    /// The test before the GLOBs changes no match: lists and single patterns, native and not,
    /// find exactly what Cull's matcher finds.
    @Test func globsBehindTheirSharedTextFindWhatTheMatcherFinds() throws {
        let folders = ["WhatsApp", "Phone/WhatsApp/Media/WhatsApp Images", "WhatsApp Video", "WhatsAppX", "x/WhatsApp",
                       "Telegram/Telegram Video", "Signal", "a/Signal/b", "SignalFamily", "Family/2019", "Camera/2019/05", ""]
        let paths = folders.enumerated().flatMap { index, folder in
            ["IMG_\(index).jpg", "Signal_\(index).PNG"].map { folder.isEmpty ? $0 : folder + "/" + $0 }
        }
        let index = try TestIndex(paths.map { TestAsset(path: $0) })
        let lists = [["**/WhatsApp/**", "**/WhatsApp Images/**", "**/WhatsApp Video/**"], ["**/Signal/**"], ["**/Family/**"],
                     ["**/Telegram/**", "**/Telegram Video/**"], ["**/Signal/**", "**/*.PNG", "Camera/**"], ["**/Signal/**", "IMG_11.jpg"]]
        for patterns in lists {
            let expected = paths.filter { path in patterns.contains { GlobMatcher.matches($0, path) } }
                .map { String($0.split(separator: "/").last!) }.sorted()
            let written = patterns.map { "\"\($0)\"" }.joined(separator: ", ")
            #expect(try index.names("path: {in: [\(written)]}", clock: OperatorRoundTripTests.clock) == expected, "\(patterns)")
            if patterns.count == 1 {
                #expect(try index.names("path: \(written)", clock: OperatorRoundTripTests.clock) == expected, "\(patterns)")
                #expect(try index.names("not: {path: \(written)}", clock: OperatorRoundTripTests.clock)
                    == paths.map { String($0.split(separator: "/").last!) }.filter { !expected.contains($0) }.sorted())
            }
        }
    }
}
