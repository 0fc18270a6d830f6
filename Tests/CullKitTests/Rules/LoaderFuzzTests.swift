@testable import CullKit
import Foundation
import Testing

/// Random edits of the stock rule files must never crash the loader or the compiler, and every
/// diagnostic must point inside the file.
@Suite struct LoaderFuzzTests {
    static let fragments = [" ", ":", "{", "}", "[", "]", "-", "#", "\t", "\n", "\"", "'", "*", "&a", "*a", "!", "|", ">",
                            "%", "@", "`", ",", "?", "~", "null", "1e9", "-1", "2020-02-30", "5MB", "30x", "not:",
                            "any: []", "all:", "gt", "matches: \"(\"", "\u{FEFF}", "é", "\u{0}", "---", "...", "<<: *a"]

    @Test func randomEditsNeverCrash() throws {
        let directory = repositoryRoot + "/rules"
        let sources = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".yaml") }.sorted()
            .map { try String(contentsOfFile: directory + "/" + $0, encoding: .utf8) }
        #expect(sources.count >= 6)
        var random = SplitMix64(state: 0xC011)
        var loaded = 0
        for round in 0..<3000 {
            var text = Array(sources[round % sources.count])
            for _ in 0...Int.random(in: 0..<4, using: &random) {
                mutate(&text, &random)
            }
            let source = String(text)
            let load = RuleLoader.load(source: source, path: "fuzz.yaml")
            let lineCount = source.split(separator: "\n", omittingEmptySubsequences: false).count
            for diagnostic in load.diagnostics {
                #expect(diagnostic.mark.line >= 1 && diagnostic.mark.line <= lineCount + 1, "seed round \(round)")
                #expect(diagnostic.mark.column >= 1, "seed round \(round)")
            }
            _ = DiagnosticFormat.text.render([load])
            if let file = load.ruleFile {
                loaded += 1
                _ = RuleCompiler.compile([file], CompileContext(now: 1_700_000_000))
            }
        }
        #expect(loaded > 100)
    }

    private func mutate(_ text: inout [Character], _ random: inout SplitMix64) {
        guard !text.isEmpty else { text = ["{"]; return }
        let position = Int.random(in: 0..<text.count, using: &random)
        switch Int.random(in: 0..<6, using: &random) {
        case 0:
            text.remove(at: position)
        case 1:
            text.insert(contentsOf: Self.fragments.randomElement(using: &random)!, at: position)
        case 2:
            let end = min(text.count, position + Int.random(in: 1..<12, using: &random))
            text.removeSubrange(position..<end)
        case 3:
            text = Array(text[..<position])
        case 4:
            var lines = String(text).split(separator: "\n", omittingEmptySubsequences: false)
            let line = Int.random(in: 0..<lines.count, using: &random)
            lines.insert(lines[line], at: Int.random(in: 0...lines.count, using: &random))
            text = Array(lines.joined(separator: "\n"))
        default:
            var lines = String(text).split(separator: "\n", omittingEmptySubsequences: false)
            let a = Int.random(in: 0..<lines.count, using: &random), b = Int.random(in: 0..<lines.count, using: &random)
            lines.swapAt(a, b)
            text = Array(lines.joined(separator: "\n"))
        }
    }
}
