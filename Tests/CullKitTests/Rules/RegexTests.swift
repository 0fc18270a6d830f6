@testable import CullKit
import Testing

/// PCRE2 under limits: what compiles, what is refused, and what a pathological match reports.
@Suite struct RegexTests {
    static func compiled(_ pattern: String, caseInsensitive: Bool = false) throws -> Regex {
        try Regex.compile(pattern, caseInsensitive: caseInsensitive).get()
    }

    @Test func matchesUnicodeAndIgnoresCaseOnRequest() throws {
        #expect(try Self.compiled("(?i)^img_\\d+\\.jpe?g$").test("IMG_0001.JPG") == .match)
        #expect(try Self.compiled("^img_").test("IMG_0001.JPG") == .noMatch)
        #expect(try Self.compiled("^img_", caseInsensitive: true).test("IMG_0001.JPG") == .match)
        #expect(try Self.compiled("^\\p{L}+$").test("Été") == .match)
        #expect(try Self.compiled("^.{3}$").test("Été") == .match, "a dot is a character, not a byte")
        #expect(try Self.compiled("x").test("") == .noMatch)
    }

    @Test func invalidUTF8ValuesAreTestedNotRejected() throws {
        let regex = try Self.compiled("^a.*b$")
        let bytes: [UInt8] = [0x61, 0xFF, 0xFE, 0x62]
        #expect(bytes.withUnsafeBufferPointer { regex.test($0) } != .limitHit)
    }

    @Test func hugeOrLongPatternsAreRefusedWhenCompiled() {
        #expect(Regex.problem(compiling: "(((a{1,100}){1,100}){1,100})")?.contains("too large") == true)
        #expect(Regex.problem(compiling: (0..<20_000).map { "a\($0)" }.joined(separator: "|")) != nil)
        #expect(Regex.problem(compiling: "(") != nil)
        #expect(Regex.problem(compiling: "^Downloads/.*\\.tmp$") == nil)
    }

    @Test func aPathologicalMatchStopsAtItsLimitInsteadOfRunningForSeconds() throws {
        let regex = try Self.compiled("^(([a-z/]+)+)+\\1[0-9]$")
        #expect(regex.test("aaaaaaaaaaaaaaaaaaaa/aaaaaaaaaaaaaaaaaaaaaaaaaaaa000.jpg") == .limitHit)
        #expect(try Self.compiled("(a|aa)+$").test(String(repeating: "a", count: 60) + "!") == .limitHit)
        // The same pattern is fine where it does not explode.
        #expect(regex.test("ab/ab/1") == .match)
    }

    @Test func moreThanAHundredDiagnosticsAreCountedNotKept() {
        let keys = (0..<500).map { "k\($0): 1" }.joined(separator: ", ")
        let load = RuleLoader.load(source: "version: 1\nrules:\n  - {name: r, match: {kind: video}, limit: {count: 1}, \(keys)}\n",
                                   path: "h.yaml")
        #expect(load.diagnostics.count == RuleLimits.printedDiagnostics + 1)
        #expect(load.diagnostics.last?.code == .tooManyDiagnostics)
        #expect(load.diagnostics.last?.message.hasPrefix("400 more diagnostics") == true)
        #expect(load.hasErrors)
    }
}
