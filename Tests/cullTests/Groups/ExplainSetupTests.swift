import Foundation
import Testing
@testable import CullKit

/// `cull explain --evaluate --format json` gives a group rule the statements that fill the group
/// membership its SQL reads, so the SQL runs elsewhere (the sqlite3 shell of `benchmarks/rules`)
/// on the same members.
@Suite struct ExplainSetupTests {
    @Test func aGroupRulesSetupMakesItsSQLSelectWhatCullSelected() throws {
        let box = try Sandbox("explain-setup")
        let photo = GroupRuleTests.bytes(50_000, seed: 21)
        box.write("a.jpg", bytes: photo)
        box.write("Downloads/a.jpg", bytes: photo)
        box.write("Downloads/b.jpg", bytes: photo)
        box.write("c.jpg", bytes: GroupRuleTests.bytes(50_000, seed: 22))
        let rules = try box.rules("dup.yaml", GroupRuleTests.duplicates + "\n" + """
              - name: large
                match: {size: {gt: 1KB}}
            """)
        #expect(try box.cull(["scan", "--hash"]).status == 0)
        let explain = try box.cull(["explain", rules, "--evaluate", "--format", "json"])
        #expect(explain.status == 0, "\(explain.stderr) \(explain.stdout)")
        let reports = try #require(try JSONSerialization.jsonObject(with: Data(explain.stdout.utf8)) as? [[String: Any]])
        #expect(reports.map { $0["rule"] as? String } == ["exact-duplicates", "large"])
        #expect(reports[1]["setup"] == nil)  // a plain rule reads no groups

        let report = reports[0]
        let setup = try #require(report["setup"] as? [[String: Any]])
        #expect(setup.count == 3)  // create, empty, the duplicate group's members
        // A connection of its own, as the sqlite3 shell: its temp table starts missing.
        let db = try Database(path: box.library.indexPath)
        func values(_ json: Any?) -> [SQLValue] {
            ((json as? [Any]) ?? []).map { value in
                if let text = value as? String { return .text(text) }
                return .integer((value as? NSNumber)?.int64Value ?? 0)
            }
        }
        for statement in setup { try db.execute(try #require(statement["sql"] as? String), values(statement["arguments"])) }
        var selected = 0
        try db.forEachRow(try #require(report["sql"] as? String), values(report["arguments"])) { _ in selected += 1 }
        let matched = try #require((report["evaluation"] as? [String: Any])?["matched"] as? Int)
        #expect(matched == 3)
        #expect(selected == matched)
    }
}
