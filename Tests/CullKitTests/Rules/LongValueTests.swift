@testable import CullKit
import Testing

/// One long value (up to the 1 MiB file limit) costs a bounded message, not one the size of the
/// value: a diagnostic quoted it whole (twice for a unit), and "did you mean" compared it,
/// character by character, with every candidate (28 s for one keeper ranking).
@Suite struct LongValueTests {
    static let long = String(repeating: "a", count: 200_000)

    @Test(arguments: [
        "    match: {kind: \(long)}\n",
        "    match: {size: {gt: 1\(long)}}\n",
        "    match: {duplicate: true}\n    keep: [\(long)]\n",
        "    match: {kind: video}\n    action: \(long)\n",
        "    match: {taken: {before: \(long)}}\n",
        "    match: {\(long): 1}\n",
    ]) func aLongValueGetsAShortMessage(_ tail: String) {
        let load = RuleLoader.load(source: "version: 1\nrules:\n  - name: r\n" + tail, path: "long.yaml")
        #expect(load.hasErrors)
        let text = TextDiagnosticPrinter(color: false).render([load]).text
        #expect(text.utf8.count < 4_000, "\(text.utf8.count) bytes: \(text.prefix(300))")
        #expect(load.diagnostics.allSatisfy { $0.message.count <= RuleLimits.messageCharacters })
    }

    /// A rule's name is written into the index with every file it stages.
    @Test func aRuleNameHasALimit() {
        let name = String(repeating: "a", count: RuleLimits.ruleNameCharacters + 1)
        let load = RuleLoader.load(source: "version: 1\nrules:\n  - name: \(name)\n    match: {kind: video}\n    limit: {count: 1}\n",
                                   path: "name.yaml")
        #expect(load.ruleFile == nil)
        #expect(load.diagnostics.contains { $0.code == .limitExceeded && "\($0.mark)" == "3:11" }, "\(load.diagnostics.map(\.description))")
        let fine = String(repeating: "a", count: RuleLimits.ruleNameCharacters)
        #expect(RuleLoader.load(source: "version: 1\nrules:\n  - name: \(fine)\n    match: {kind: video}\n    limit: {count: 1}\n",
                                path: "name.yaml").ruleFile != nil)
    }

    @Test func suggestionsStillComeForNearMisses() {
        #expect(Suggestion.nearest(to: "oldset", in: ["oldest", "largest"]) == "oldest")
        #expect(Suggestion.nearest(to: Self.long, in: ["oldest", "largest"]) == nil)
    }
}
