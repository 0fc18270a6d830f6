import Foundation
import Testing
@testable import CullKit

/// `-` names standard input wherever rule files are read (`check`, `plan`, `stage`, `run`, `explain`);
/// diagnostics call it `<stdin>`.
@Suite struct StdinRulesTests {
    static let rules = "version: 1\nrules:\n  - name: videos\n    match: {kind: video}\n"

    @Test func checkReadsStandardInputAndNamesItInDiagnostics() throws {
        let box = try Sandbox("stdin-check")
        let clean = try box.cull(["check", "-"], stdin: Self.rules)
        #expect(clean.status == 0, "\(clean.stdout)\(clean.stderr)")
        #expect(clean.stderr.contains("1 file checked: 0 errors"), "\(clean.stderr)")
        let broken = try box.cull(["check", "-"], stdin: "version: 1\nrules:\n  - name: videos\n    match: {kind: vidoe}\n")
        #expect(broken.status == 1)
        #expect(broken.stdout.hasPrefix("<stdin>:4:"), "\(broken.stdout)")
        let json = try box.cull(["check", "-", "--format", "json"], stdin: "version: 2\n")
        #expect(json.stdout.contains("\"<stdin>\""), "\(json.stdout)")
    }

    /// Standard input has one reading: a second `-` is an error, not silently an empty file.
    @Test func standardInputIsReadOnce() throws {
        let box = try Sandbox("stdin-twice")
        let twice = try box.cull(["check", "-", "-"], stdin: Self.rules)
        #expect(twice.status == 1)
        #expect(twice.stdout.contains("<stdin>:1:1: error") && twice.stdout.contains("read only once"), "\(twice.stdout)")
    }

    @Test func planAndStageTakeRulesFromStandardInput() throws {
        let box = try Sandbox("stdin-plan")
        box.write("a.mov", bytes: Media.movie(seconds: 20, created: Media.utc("2020-01-01T10:00:00Z")))
        box.write("b.jpg", bytes: Media.jpeg(taken: "2020:01:01 10:00:00"))
        #expect(try box.cull(["scan"]).status == 0)
        let plan = try box.cull(["plan", "-", "--ceiling", "100"], stdin: Self.rules)
        #expect(plan.status == 0, "\(plan.stderr)")
        #expect(plan.stdout.contains("videos (<stdin>): matched 1, new 1"), "\(plan.stdout)")
        let stage = try box.cull(["stage", "-", "--ceiling", "100"], stdin: Self.rules)
        #expect(stage.status == 0, "\(stage.stderr)")
        #expect(try StagedSet.load(box.db).map { PathBytes.display($0.path) } == ["a.mov"])
        #expect(try StagedSet.load(box.db).first?.ruleFile == "<stdin>")
        let bad = try box.cull(["plan", "-"], stdin: "rules: 3\n")
        #expect(bad.status == 1 && bad.stderr.contains("<stdin>:"), "\(bad.stderr)")
    }
}
