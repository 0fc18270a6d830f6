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
}
