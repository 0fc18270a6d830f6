@testable import CullKit
import Foundation
import Testing

/// Hostile rule files are rejected at their line:col or compile to SQL that SQLite runs: never a
/// crash, a raw SQLite error at plan time, or work that grows faster than the file.
@Suite struct BoundedRuleTests {
    static let clock = RunClock(now: epoch("2026-01-01T00:00:00"), localOffset: 0)

    static func rule(_ match: String, protect: String? = nil) -> String {
        (protect.map { "version: 1\nprotect:\n\($0)\nrules:\n" } ?? "version: 1\nrules:\n")
            + "  - name: r\n    match: \(match)\n"
    }

    static func errors(_ source: String) -> [Diagnostic] {
        RuleLoader.load(source: source, path: "h.yaml").diagnostics.filter { $0.severity == .error }
    }

    @Test func unknownKeysOnOneLineEchoAWindowNotTheLine() {
        let keys = (0..<10_000).map { "k\($0): 1" }.joined(separator: ", ")
        let load = RuleLoader.load(source: "version: 1\nrules:\n  - {name: r, match: {kind: video}, \(keys)}\n", path: "h.yaml")
        #expect(load.hasErrors)
        #expect(load.diagnostics.first?.code == .unknownKey)
        #expect(load.diagnostics.first?.mark == Mark(line: 3, column: 37))
        let text = DiagnosticFormat.text.render([load])
        #expect(text.utf8.count < 100_000, "printed \(text.utf8.count) bytes")
        let lines = text.split(separator: "\n")
        #expect(lines.allSatisfy { $0.count < 400 })
        #expect(text.contains("…"))
    }

    @Test func aLongLineIsCutAroundTheCaret() {
        let padding = String(repeating: "x", count: 5_000)
        let source = "version: 1\nrules:\n  - {name: r, description: \"\(padding)\", match: {sise: 1MB}}\n"
        let text = DiagnosticFormat.text.render([RuleLoader.load(source: source, path: "h.yaml")])
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count >= 3)
        let echoed = lines[1], caret = lines[2]
        #expect(echoed.count < 200 && echoed.hasPrefix("…"))
        // The caret sits under the 's' of 'sise' in the window.
        let column = caret.count - 1
        #expect(Array(echoed)[column] == "s", "\(echoed)\n\(caret)")
        #expect(String(Array(echoed)[column..<(column + 4)]) == "sise")
    }

    @Test func longGlobsAndRegexesAreRejectedAtTheirValue() {
        let starStar = Self.errors(Self.rule("{path: \"\(String(repeating: "**/", count: 40_000))x.jpg\"}"))
        #expect(starStar.map(\.mark) == [Mark(line: 4, column: 19)])
        let starA = Self.errors(Self.rule("{name: \"\(String(repeating: "*a", count: 100_000))\"}"))
        #expect(starA.map(\.mark) == [Mark(line: 4, column: 19)])
        let alternation = (0..<20_000).map { "a\($0)" }.joined(separator: "|")
        let alternated = Self.errors(Self.rule("{name: {matches: \"\(alternation)\"}}"))
        #expect(alternated.map(\.mark) == [Mark(line: 4, column: 29)])
        let nested = Self.errors(Self.rule("{name: {matches: \"(((a{1,100}){1,100}){1,100})\"}}"))
        #expect(nested.map(\.mark) == [Mark(line: 4, column: 29)])
        #expect(nested.first?.code == .badRegex)
    }

    @Test func repeatedGlobstarsCollapseAndMatchLikeOne() {
        let pattern = String(repeating: "**/", count: 300) + "x.jpg"
        #expect(GlobMatcher.matches(pattern, "x.jpg"))
        #expect(GlobMatcher.matches(pattern, "a/b/c/x.jpg"))
        #expect(!GlobMatcher.matches(pattern, "a/b/c/y.jpg"))
        let deep = String(repeating: "a/", count: 2_000) + "x.jpg"
        #expect(GlobMatcher.matches(String(repeating: "**/", count: 300) + "x.jpg", deep))
        #expect(!GlobMatcher.matches(String(repeating: "*a", count: 400) + "b", String(repeating: "a", count: 1_000)))
    }

    @Test func hugeAndDeepFilesAreRejectedWithAPosition() {
        let items = (0..<900_000).map { "x\($0)" }.joined(separator: ", ")
        let huge = Self.errors(Self.rule("{extension: {in: [\(items)]}}"))
        #expect(!huge.isEmpty && huge.allSatisfy { $0.mark.line >= 1 })
        let protect = (0..<40_000).map { "  - {name: \"p\($0)\"}" }.joined(separator: "\n")
        let guarded = Self.errors(Self.rule("{kind: video}", protect: protect))
        #expect(!guarded.isEmpty)
        #expect(guarded.count <= 101)
    }

    /// Property: whatever large or deep file the loader accepts compiles to SQL that SQLite prepares
    /// and runs; the rest are rejected with a position inside the file.
    @Test func everyAcceptedFilePlansWithoutAnSQLiteError() throws {
        let index = try TestIndex([TestAsset(path: "a/b.jpg"), TestAsset(path: "c/d.mov", kind: "video")])
        let evaluator = try RuleEvaluator(database: index.database, clock: Self.clock)
        var random = SplitMix64(state: 0x5EED)
        var accepted = 0, rejected = 0
        for round in 0..<24 {
            let source = Self.generated(&random, round: round)
            let load = RuleLoader.load(source: source, path: "g.yaml")
            let lineCount = source.split(separator: "\n", omittingEmptySubsequences: false).count
            for diagnostic in load.diagnostics {
                #expect(diagnostic.mark.line >= 1 && diagnostic.mark.line <= lineCount, "round \(round)")
            }
            guard let file = load.ruleFile else { rejected += 1; continue }
            accepted += 1
            do {
                _ = try evaluator.evaluate([file])
            } catch {
                Issue.record("round \(round): accepted by check but plan failed: \(String(describing: error).prefix(300))")
            }
        }
        #expect(accepted > 5 && rejected > 5, "accepted \(accepted), rejected \(rejected)")
    }

    /// A rule file with wide lists, long `in:` lists, deep `not`/`any` nesting and many rules and guards.
    static func generated(_ random: inout SplitMix64, round: Int) -> String {
        func pick(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }
        func predicate(_ depth: Int) -> String {
            switch depth > 0 ? pick(0...5) : pick(3...5) {
            case 0: return "{not: \(predicate(depth - 1))}"
            case 1: return "{any: [" + (0..<(depth > 3 ? 1 : pick(1...3))).map { _ in predicate(depth - 1) }.joined(separator: ", ") + "]}"
            case 2: return "{all: [" + (0..<(depth > 3 ? 1 : pick(1...3))).map { _ in predicate(depth - 1) }.joined(separator: ", ") + "]}"
            case 3:
                let count = [1, 10, 999, 1_001, 5_000, 12_000].randomElement(using: &random)!
                return "{name: {in: [" + (0..<count).map { "\"n\($0)\(pick(0...1) == 0 ? "*" : "")\"" }.joined(separator: ", ") + "]}}"
            case 4:
                let count = [2, 500, 1_500, 3_000].randomElement(using: &random)!
                return "{any: [" + (0..<count).map { "{size: {gt: \($0)KB}}" }.joined(separator: ", ") + "]}"
            default:
                let count = [1, 1_000, 20_000].randomElement(using: &random)!
                return "{width: {in: [" + (0..<count).map(String.init).joined(separator: ", ") + "]}}"
            }
        }
        let depth = [1, 4, 12, 30].randomElement(using: &random)!
        let ruleCount = [1, 3, 50].randomElement(using: &random)!
        var source = "version: 1\n"
        let guardCount = [0, 2, 400, 3_000].randomElement(using: &random)!
        if guardCount > 0 {
            source += "protect:\n" + (0..<guardCount).map { "  - {name: \"g\($0)\"}" }.joined(separator: "\n") + "\n"
        }
        source += "rules:\n"
        for rule in 0..<ruleCount {
            source += "  - name: r\(rule)\n    action: \(pick(0...4) == 0 ? "keep" : "trash")\n    match: \(predicate(depth))\n"
        }
        return source
    }
}
