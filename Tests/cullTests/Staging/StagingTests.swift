import Foundation
import Testing
@testable import CullKit

@Suite struct StagingTests {
    @Test func stagingIsIdempotentAndNeverOverKept() throws {
        let box = try Sandbox("stage")
        let ids = try ["a.jpg", "b.jpg", "c.jpg"].map { path -> Int64 in box.write(path); return try box.index(path) }
        let store = StagingStore(db: box.db)
        try store.keep(assetIDs: [ids[2]])
        let first = try store.stage([StageRequest(rule: "r", ruleFile: "f.yml", assetIDs: ids)], runID: "1")
        #expect(first.total == 2)
        let again = try store.stage([StageRequest(rule: "other", ruleFile: "g.yml", assetIDs: ids)], runID: "2")
        #expect(again.total == 0)
        #expect(try store.status(of: ids[0]) == .trashed)
        #expect(try store.status(of: ids[2]) == .kept)
        #expect(try StagedSet.load(box.db).allSatisfy { $0.rule == "r" })
    }

    @Test func exclusionsLimitsAndTheCeilingStageNothingExtra() throws {
        let box = try Sandbox("limit")
        let ids = try (0..<5).map { index -> Int64 in box.write("p\(index).jpg"); return try box.index("p\(index).jpg") }
        let store = StagingStore(db: box.db)
        let guarded = Exclusion(reason: .protected(ProtectGuard(index: 0, file: nil, predicate: "favorite eq true")), ids: [ids[0]])
        let plan = try PlanBuilder(db: box.db).build([
            StageRequest(rule: "r", ruleFile: "f.yml", assetIDs: Array(ids.dropFirst()), exclusions: [guarded]),
            StageRequest(rule: "big", ruleFile: "f.yml", assetIDs: ids, limit: 4),
        ])
        #expect(plan.rules[0].matched == 5 && plan.rules[0].netNew.count == 4 && plan.rules[0].protected == 1)
        #expect(plan.rules[0].excluded.map(\.reason.description) == ["protect[0]: favorite eq true"])
        // An asset two rules select is new under the first only; the limit counts what the rule
        // would add (1), not what an earlier rule already takes.
        #expect(plan.rules[1].alreadyStaged == 4 && plan.rules[1].netNew.count == 1 && plan.rules[1].selected == 1 && !plan.limitTripped)
        #expect(throws: StagingError.self) {
            try store.stage([StageRequest(rule: "big", ruleFile: "f.yml", assetIDs: ids, limit: 2)], runID: "x")
        }
        #expect(try StagedSet.load(box.db).isEmpty)

        // A rule whose matches are all staged already stages nothing new: its limit does not trip.
        try store.stage(PlanBuilder(db: box.db).build([StageRequest(rule: "big", ruleFile: "f.yml", assetIDs: ids)]), runID: "all")
        let again = try PlanBuilder(db: box.db).build([StageRequest(rule: "big", ruleFile: "f.yml", assetIDs: ids, limit: 2)])
        #expect(again.rules[0].netNew.count == 0 && again.rules[0].selected == 0 && !again.limitTripped)
        try store.restore(.all)

        // The library-wide ceiling: 3 of 5 assets is over 50%.
        let ceilinged = try PlanBuilder(db: box.db, ceilingPercent: 50).build([StageRequest(rule: "r", ruleFile: "f.yml", assetIDs: Array(ids.prefix(3)))])
        #expect(ceilinged.ceiling?.allowed == 2 && ceilinged.limitTripped)
        #expect(throws: StagingError.self) { try store.stage(ceilinged, runID: "c") }
        #expect(try StagedSet.load(box.db).isEmpty)

        // A user's keep is re-checked by the plan even when the request did not know about it.
        try store.keep(assetIDs: [ids[4]])
        let okPlan = try PlanBuilder(db: box.db).build([StageRequest(rule: "r", ruleFile: "f.yml", assetIDs: ids)])
        #expect(okPlan.rules[0].keptByUser == 1 && okPlan.rules[0].netNew.count == 4)
        try store.stage(okPlan, runID: "y")
        #expect(try TrashListing(db: box.db).fingerprint == okPlan.fingerprint)
    }

    @Test func restoreByAssetRuleAndAll() throws {
        let box = try Sandbox("restore")
        let a = try box.stageFiles([Array("a.jpg".utf8), Array("b.jpg".utf8)], rule: "one")
        _ = try box.stageFiles([Array("c.mov".utf8)], rule: "two", kind: "video")
        let store = StagingStore(db: box.db)
        #expect(try TrashListing(db: box.db, kind: .video).items.count == 1)
        #expect(try TrashListing(db: box.db, rule: "one").total.count == 2)
        #expect(try store.restore(.assets([a[0]])) == 1)
        #expect(try store.restore(.rule("two")) == 1)
        #expect(try store.restore(.all) == 1)
        #expect(try TrashListing(db: box.db).total.count == 0)
    }

    @Test func fingerprintIsStableAndOrderFree() throws {
        let one = StagedAsset(id: 1, path: Array("a".utf8), device: 1, inode: 1, size: 5, mtimeNs: 9, kind: nil, liveID: nil,
                              taken: nil, rule: nil, ruleFile: nil, stagedAt: 0)
        let two = StagedAsset(id: 2, path: Array("b".utf8), device: 1, inode: 2, size: 6, mtimeNs: 9, kind: nil, liveID: nil,
                              taken: nil, rule: nil, ruleFile: nil, stagedAt: 0)
        #expect(Fingerprint.of([one, two]) == Fingerprint.of([two, one]))
        #expect(Fingerprint.of([one]) != Fingerprint.of([one, two]))
        #expect(Fingerprint.of([one]).count == 12)
    }

    /// The fingerprint is libxxhash's XXH3-64 of the documented lines (docs/commit.md), as `xxhsum -H3` computes it.
    static let xxhsum = ["/usr/bin/xxhsum", "/usr/local/bin/xxhsum"].first(where: FileManager.default.isExecutableFile)

    @Test(.enabled(if: xxhsum != nil, "xxhsum (Debian's xxhash) is not installed"))
    func fingerprintIsXXH3OfTheDocumentedLines() throws {
        let xxhsum = try #require(Self.xxhsum)
        let assets = [("b/é.jpg", 6, -1), ("a.jpg", 1_234_567, 1_700_000_000_123_456_789)].enumerated().map { index, asset in
            StagedAsset(id: Int64(index), path: Array(asset.0.utf8), device: 1, inode: Int64(index), size: Int64(asset.1),
                        mtimeNs: Int64(asset.2), kind: nil, liveID: nil, taken: nil, rule: nil, ruleFile: nil, stagedAt: 0)
        }
        let lines = "a.jpg\u{0}1234567 1700000000123456789\nb/é.jpg\u{0}6 -1\n"
        let result = try Subprocess.run([xxhsum, "-H3"], environment: [:], stdin: lines)
        let digest = try #require(result.stdout.split(separator: " ").last).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(digest.count == 16)
        #expect(Fingerprint.of(assets) == String(digest.prefix(12)))
    }

    /// The numbers of a fingerprint line are spelled as `String` spells them, extremes included.
    @Test func fingerprintNumbersAreDecimalText() {
        for value: Int64 in [0, 7, -1, 10, -10, 1_700_000_000_123_456_789, .max, .min, .min + 1] {
            var line: [UInt8] = [42]
            Fingerprint.appendDecimal(value, to: &line)
            #expect(line == [42] + Array(String(value).utf8))
        }
    }
}
