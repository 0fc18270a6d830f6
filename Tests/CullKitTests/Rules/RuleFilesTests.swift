@testable import CullKit
import Testing

/// A run's files are prepared by SQLite together first, and alone only when that fails: what a run
/// reports must be what loading each file alone (as `cull check` does) and then together reported.
@Suite struct RuleFilesTests {
    /// A file of `keeps` keep rules and one trash rule: five of them together pass SQLite's 2,000 result columns.
    static func keepHeavy(_ index: Int, keeps: Int = 450) -> String {
        var text = "version: 1\nrules:\n"
        for rule in 0..<keeps {
            text += "  - name: keep-\(index)-\(rule)\n    action: keep\n    match: {name: {in: [\"k\(index)x\(rule).jpg\"]}}\n"
        }
        return text + "  - name: trash-\(index)\n    match: {kind: video}\n"
    }

    static func messages(_ loads: [LoadedRuleFile]) -> [String] { loads.flatMap { $0.diagnostics.map(\.description) } }

    @Test func tooComplexTogetherIsReportedPerRuleAndNotPerFile() {
        let folder = TemporaryDirectory()
        let paths = (0..<5).map { folder.write("f\($0).yaml", Self.keepHeavy($0)) }
        let run = RuleFiles.loadForRun(paths)
        #expect(Self.messages(run.files) == Self.messages(RuleFiles.load(paths)))
        #expect(!run.files.contains { $0.hasErrors })
        // Alone a trash rule carries its file's 450 keep rules as columns; together, all 2,250.
        #expect(run.together.map(\.code) == Array(repeating: .tooComplex, count: 5))
        #expect(run.together.map(\.description).allSatisfy { $0.contains("too many columns in result set") })
        #expect(run.together.map { "\($0.file):\($0.mark)" } == paths.map { "\($0):1353:11" })
    }

    @Test func cleanFilesLoadAsCheckLoadsThem() {
        let folder = TemporaryDirectory()
        let paths = [folder.write("a.yaml", Self.keepHeavy(0, keeps: 3)),
                     folder.write("b.yaml", "version: 1\nrules:\n  - name: b\n    match: {kind: photo, name: {in: []}}\n")]
        let run = RuleFiles.loadForRun(paths)
        let alone = RuleFiles.load(paths)
        #expect(run.together.isEmpty)
        #expect(Self.messages(run.files) == Self.messages(alone))
        #expect(run.files.map { $0.ruleFile?.rules.map(\.name) } == alone.map { $0.ruleFile?.rules.map(\.name) })
    }

    @Test func aFileWithErrorsStopsTheRunBeforeTheTogetherProbe() {
        let folder = TemporaryDirectory()
        let paths = (0..<5).map { folder.write("f\($0).yaml", Self.keepHeavy($0)) }
            + [folder.write("bad.yaml", "version: 1\nrules:\n  - name: Bad\n    match: {kind: video}\n")]
        let run = RuleFiles.loadForRun(paths)
        #expect(run.together.isEmpty)
        #expect(Self.messages(run.files) == Self.messages(RuleFiles.load(paths)))
        #expect(run.files.last?.diagnostics.map(\.code).contains(.badRuleName) == true)
    }
}
