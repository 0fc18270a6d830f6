import Foundation
import Testing
@testable import CullKit
import CullTestSupport

/// The plan says which "already staged" it means, how long ago an earlier run staged it, and
/// why it spared what it spared, in English.
@Suite struct PlanWordingTests {
    @Test func earlierRunAndEarlierRuleAreToldApart() throws {
        let box = try Sandbox("plan-words")
        let ids = try ["a.jpg", "b.jpg", "c.jpg", "d.jpg"].map { path -> Int64 in box.write(path); return try box.index(path) }
        let store = StagingStore(db: box.db)
        let now = Int64(Date().timeIntervalSince1970)
        try store.stage([StageRequest(rule: "earlier", ruleFile: "e.yml", assetIDs: [ids[0]])], runID: "old", at: now - 2 * 86_400 - 60)
        try store.keep(assetIDs: [ids[3]])
        let plan = try PlanBuilder(db: box.db).build([
            StageRequest(rule: "first", ruleFile: "f.yml", assetIDs: [ids[0], ids[1]]),
            StageRequest(rule: "second", ruleFile: "f.yml", assetIDs: [ids[0], ids[1], ids[2], ids[3]]),
        ])
        #expect(plan.rules[0].stagedEarlier == 1 && plan.rules[0].claimedEarlier == 0)
        #expect(plan.rules[1].stagedEarlier == 1 && plan.rules[1].claimedEarlier == 1 && plan.rules[1].alreadyStaged == 2)
        let terminal = Console(environment: ["NO_COLOR": "1"])
        let text = PlanRenderer.text(plan, terminal: terminal, now: now).text
        #expect(text.contains("first (f.yml): matched 2, new 1 (4 B), 1 staged by an earlier run (2 days ago)\n"), "\(text)")
        #expect(text.contains("second (f.yml): matched 4, new 1 (4 B), 1 staged by an earlier run (2 days ago), "
                              + "1 taken by an earlier rule of this plan\n"), "\(text)")
        #expect(text.contains("    spared 1: kept by you\n"), "\(text)")
        #expect(!text.contains(" by kept by you"))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(PlanRenderer.json(plan).utf8)) as? [String: Any])
        let second = try #require((json["rules"] as? [[String: Any]])?.last)
        #expect(second["staged_earlier"] as? Int == 1 && second["claimed_earlier"] as? Int == 1 && second["already_staged"] as? Int == 2)
    }
}
