@testable import CullKit
import Testing

/// A table of bad rule files, each with the exact position and code of the error it must produce.
@Suite struct BadRuleFileTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let source: String
        let position: String
        let code: DiagnosticCode
        var testDescription: String { "\(code.rawValue) at \(position)" }
    }

    static let header = "version: 1\nrules:\n  - name: r\n    match:\n"

    static let cases: [Case] = [
        Case(source: "version: 1\nversion: 1\nrules: []\n", position: "2:1", code: .duplicateKey),
        Case(source: header + "      size: {gt: 1MB, gt: 2MB}\n", position: "5:23", code: .duplicateKey),
        Case(source: header + "      sise: {gt: 1MB}\n", position: "5:7", code: .unknownField),
        Case(source: header + "      size: {greater: 1MB}\n", position: "5:14", code: .unknownOperator),
        Case(source: header + "      favorite: {gt: 3}\n", position: "5:18", code: .operatorNotAllowed),
        Case(source: header + "      rating: \"5\"\n", position: "5:15", code: .wrongType),
        Case(source: header + "      screenshot: yes\n", position: "5:19", code: .wrongType),
        Case(source: header + "      size: 500\n", position: "5:13", code: .badUnit),
        Case(source: header + "      size: {gt: 5mb}\n", position: "5:18", code: .badUnit),
        Case(source: header + "      taken: {older_than: 30}\n", position: "5:27", code: .badUnit),
        Case(source: header + "      taken: {before: 2020-13-01}\n", position: "5:23", code: .badDate),
        Case(source: header + "      name: {matches: \"a(b\"}\n", position: "5:23", code: .badRegex),
        Case(source: header + "      kind: vidoe\n", position: "5:13", code: .badValue),
        Case(source: header + "      rating: 6\n", position: "5:15", code: .badValue),
        Case(source: header + "      similar: false\n", position: "5:16", code: .wrongType),
        // Past 12 bits unrelated photos group (the corpus's first unrelated pair is 16 apart).
        Case(source: header + "      similar: {distance: 20}\n", position: "5:27", code: .badValue),
        Case(source: header + "      similar: 13\n", position: "5:16", code: .badValue),
        Case(source: "version: 1\nrules:\n  - name: r\n    match: {}\n", position: "4:12", code: .emptyMatch),
        Case(source: header + "      any: []\n", position: "5:12", code: .emptyMatch),
        Case(source: "version: 1\nrules:\n  - name: r\n    match: {kind: video}\n  - name: r\n    match: {kind: photo}\n",
             position: "5:11", code: .duplicateRuleName),
        Case(source: "version: 1\nrules:\n  - name: Big_Videos\n    match: {kind: video}\n", position: "3:11", code: .badRuleName),
        Case(source: "version: 2\nrules: []\n", position: "1:10", code: .unsupportedVersion),
        Case(source: "rules: []\n", position: "1:1", code: .missingKey),
        Case(source: "version: 1\nrules:\n  - match: {kind: video}\n", position: "3:5", code: .missingKey),
        Case(source: "version: 1\nrulez: []\n", position: "2:1", code: .unknownKey),
        Case(source: "version: 1\nrules:\n  - name: r\n    match: {kind: video}\n    limit: {count: -1}\n",
             position: "5:20", code: .wrongType),
        Case(source: "version: 1\nrules:\n  - name: r\n    match: {kind: video}\n    action: delete\n",
             position: "5:13", code: .badValue),
        Case(source: "version: 1\nrules: {a: 1}\n", position: "2:8", code: .wrongType),
        Case(source: "version: 1\nrules:\n\t- name: r\n", position: "3:1", code: .yamlTab),
        Case(source: "version: 1\nrules: [\n", position: "3:1", code: .yamlSyntax),
        Case(source: "version: 1\nrules: [{name: r, match: {kind: video}}]\n---\nversion: 1\n", position: "3:1", code: .yamlSyntax),
        Case(source: "version: 1\nx: &a {kind: video}\nrules: [{name: r, match: *a}]\n", position: "3:26", code: .yamlAlias),
    ]

    @Test(arguments: cases) func reportsExactPositionAndCode(_ testCase: Case) {
        let load = RuleLoader.load(source: testCase.source, path: "bad.yaml")
        let errors = load.diagnostics.filter { $0.severity == .error }
        #expect(load.ruleFile == nil)
        #expect(errors.contains { "\($0.mark)" == testCase.position && $0.code == testCase.code },
                "got: \(load.diagnostics.map(\.description))")
    }

    @Test func reportsEveryErrorOfEveryFileInOneRun() {
        let source = Self.header + "      sise: 1MB\n      kind: vidoe\n      rating: {gtt: 1}\n"
        let first = RuleLoader.load(source: source, path: "one.yaml")
        let second = RuleLoader.load(source: "version: 3\nrules: []\n", path: "two.yaml")
        #expect(first.diagnostics.map(\.code) == [.unknownField, .badValue, .unknownOperator])
        #expect(second.diagnostics.map(\.code) == [.unsupportedVersion])
    }

    @Test func suggestsTheNearestName() {
        let load = RuleLoader.load(source: Self.header + "      camra: \"Canon*\"\n      size: {lte: 1MB, betwen: [1MB, 2MB]}\n",
                                   path: "x.yaml")
        #expect(load.diagnostics.map(\.message).contains { $0.contains("did you mean 'camera'?") })
        #expect(load.diagnostics.map(\.message).contains { $0.contains("did you mean 'between'?") })
    }

    @Test func warnsAboutRulesThatCannotMatchOrMatchTooMuch() {
        let source = "version: 1\nrules:\n  - name: ancient\n    match: {taken: {before: 1899-12-31}}\n"
            + "  - name: everything-jpeg\n    match: {extension: jpg}\n  - name: fine\n    match: {extension: jpg}\n"
            + "    limit: {count: 10}\n"
        let load = RuleLoader.load(source: source, path: "w.yaml")
        #expect(load.diagnostics.map(\.code) == [.neverMatches, .unboundedBroadRule])
        #expect(load.diagnostics.map { "\($0.mark)" } == ["4:21", "5:11"])
        #expect(load.ruleFile != nil)
        #expect(load.promotingWarnings().hasErrors)
    }

    @Test func warnsThatMinutesAreNotMonths() {
        let source = "version: 1\nrules:\n  - name: half-year\n    match: {kind: photo, taken: {older_than: 6m}}\n"
            + "    limit: {count: 10}\n  - name: fresh\n    match: {kind: photo, added: {newer_than: 2d}}\n    limit: {count: 10}\n"
        let load = RuleLoader.load(source: source, path: "m.yaml")
        #expect(load.diagnostics.map(\.code) == [.ambiguousMinutes])
        #expect(load.diagnostics.first.map { "\($0.mark)" } == "4:34")
        #expect(load.diagnostics.first?.message.contains("'6mo'") == true)
    }
}
