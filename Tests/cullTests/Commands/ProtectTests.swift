import Foundation
import Testing
@testable import CullKit

/// Issue 8 item 5: `protect:` guards apply to every rule of the run, whichever file holds them.
@Suite struct ProtectTests {
    static func library(_ name: String) throws -> Sandbox {
        let box = try Sandbox(name)
        box.write("Famille/noel.jpg", bytes: Media.jpeg(taken: "2010:12:24 20:00:00"))
        box.write("Famille/Sub/mamie.jpg", bytes: Media.jpeg(taken: "2011:01:01 12:00:00"))
        box.write("Divers/vieux.jpg", bytes: Media.jpeg(taken: "2010:06:01 12:00:00"))
        box.write("Divers/neuf.jpg", bytes: Media.jpeg(taken: "2024:06:01 12:00:00"))
        #expect(try box.cull(["scan"]).status == 0)
        return box
    }

    static let old = "version: 1\nrules:\n  - name: old\n    match: {taken: {before: 2016-01-01}}\n"
    static let protect = "version: 1\nprotect: [{path: \"Famille/**\"}]\n"

    func staged(_ box: Sandbox) throws -> [String] {
        try StagedSet.load(box.db).map { PathBytes.display($0.path) }
    }

    @Test(arguments: [true, false]) func aProtectFileSparesItsPathsInPlanStageAndRun(protectFirst: Bool) throws {
        let box = try Self.library("protect")
        let guardFile = try box.rules("protect.yaml", Self.protect)
        let ruleFile = try box.rules("old.yaml", Self.old)
        let files = protectFirst ? [guardFile, ruleFile] : [ruleFile, guardFile]
        #expect(try box.cull(["check", guardFile]).status == 0)

        let plan = try RunCommandTests.json(try box.cull(["plan"] + files + ["--ceiling", "100", "--format", "json"]).stdout)
        #expect(plan["new"] as? Int == 1, "\(plan)")
        let rules = try #require(plan["rules"] as? [[String: Any]])
        let excluded = try #require(rules.first?["excluded"] as? [[String: Any]])
        #expect(excluded.first?["reason"] as? String == "protect[0] (\(guardFile)): path eq \"Famille/**\"", "\(excluded)")
        #expect(excluded.first?["count"] as? Int == 2)
        let text = try box.cull(["plan"] + files + ["--ceiling", "100"]).stdout
        #expect(text.contains("spared 2: protect[0] (\(guardFile))"), "\(text)")

        #expect(try box.cull(["stage"] + files + ["--ceiling", "100"]).status == 0)
        #expect(try staged(box) == ["Divers/vieux.jpg"])
        #expect(try box.cull(["restore", "--all"]).status == 0)
        #expect(try box.cull(["run"] + files + ["--ceiling", "100"]).status == 0)
        #expect(try staged(box) == ["Divers/vieux.jpg"])
    }

    @Test func aFileWithNeitherRulesNorProtectIsAnError() throws {
        let box = try Sandbox("neither")
        let empty = try box.rules("nothing.yaml", "version: 1\ndescription: forgot the rules\n")
        let result = try box.cull(["check", empty])
        #expect(result.status != 0)
        #expect((result.stdout + result.stderr).contains("nothing.yaml:1:1"), "\(result.stdout)\(result.stderr)")
        #expect((result.stdout + result.stderr).contains("'rules' or 'protect'"), "\(result.stdout)\(result.stderr)")
    }
}
