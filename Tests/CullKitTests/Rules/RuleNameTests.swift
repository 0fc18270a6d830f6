@testable import CullKit
import Testing

/// Rule names are kebab-case, exactly as the JSON Schema's `pattern` says: the loader and the schema share one pattern.
@Suite struct RuleNameTests {
    static let accepted = ["a", "old-screenshots", "x2", "2024-backup", "a-b-c-d", "raw-jpeg-pairs"]
    static let refused = ["", "-a", "a-", "a--b", "Old", "a_b", "a b", "café", "ａ", "a\u{301}", "a.b", "a\tb", "\na"]

    @Test(arguments: accepted) func acceptsKebabCase(_ name: String) {
        #expect(RuleLoader.isRuleName(name))
        let load = RuleLoader.load(source: "version: 1\nrules:\n  - name: \(name)\n    match: {kind: video}\n", path: "r.yaml")
        #expect(load.ruleFile?.rules.first?.name == name, "got: \(load.diagnostics.map(\.description))")
    }

    @Test(arguments: refused) func refusesEverythingElse(_ name: String) {
        #expect(!RuleLoader.isRuleName(name))
        let quoted = name.unicodeScalars.map { $0.isASCII && $0.value >= 0x20 ? String($0) : String(format: "\\u%04X", $0.value) }.joined()
        let load = RuleLoader.load(source: "version: 1\nrules:\n  - name: \"\(quoted)\"\n    match: {kind: video}\n", path: "r.yaml")
        #expect(load.ruleFile == nil)
        #expect(load.diagnostics.contains { $0.code == .badRuleName && "\($0.mark)" == "3:11" },
                "got: \(load.diagnostics.map(\.description))")
    }
}
