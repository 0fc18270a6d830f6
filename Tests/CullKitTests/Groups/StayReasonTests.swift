import Foundation
import Testing
@testable import CullKit

/// Each reason a plan leaves a match where it is renders the sentence the plan has always shown for
/// it, and the plan's text and JSON carry that sentence: typing the decisions changed no word.
@Suite struct StayReasonTests {
    static let guardHere = ProtectGuard(index: 0, file: nil, predicate: "favorite eq true")
    static let guardThere = ProtectGuard(index: 2, file: "rules/protect.yaml", predicate: "path glob \"Famille/**\"")

    /// The sentence of every kind; the switch has no default, so a new kind does not compile until it is listed here.
    static func sentence(_ reason: StayReason) -> String {
        switch reason {
        case .keptByUser: "kept by you"
        case let .protected(guarded): guarded.file == nil ? "protect[0]: favorite eq true" : "protect[2] (rules/protect.yaml): path glob \"Famille/**\""
        case .keepRule: "keep rule originals (rules/keep.yaml)"
        case .stagedAlready: "staged already"
        case .stagedByRule: "staged by rule exact-duplicates"
        case .livePairHasNoOtherCopy: "its Live Photo pair has no other copy"
        case .reservedKeeper: "keeper of its group (rule dups)"
        case .keeperOfRule: "keeper of rule burst-extras"
        case .lastCopy: "last unstaged copy of its burst"
        case .keeperOfStagedTwins: "keeper of staged twins"
        case let .livePair(inner): "its Live Photo pair: " + sentence(inner)
        case .catalogListsCut: "a catalog lists more tags or people for it than Cull keeps, and this run's rules read them"
        }
    }

    static let everyKind: [StayReason] = [
        .keptByUser, .protected(guardHere), .protected(guardThere), .keepRule(rule: "originals", file: "rules/keep.yaml"),
        .stagedAlready, .stagedByRule("exact-duplicates"), .livePairHasNoOtherCopy, .reservedKeeper(rule: "dups"),
        .keeperOfRule("burst-extras"), .lastCopy(.burst), .keeperOfStagedTwins,
        .livePair(.keptByUser), .livePair(.protected(guardThere)), .livePair(.lastCopy(.burst)), .catalogListsCut,
    ]

    @Test func theSentencesAreTheOnesShownBefore() {
        for reason in Self.everyKind { #expect(reason.description == Self.sentence(reason)) }
        #expect(StayReason.lastCopy(.exact).description == "last unstaged copy of its duplicate group")
        // A guard's label is the sentence of the guard it names.
        #expect(Self.guardThere.description == "protect[2] (rules/protect.yaml): path glob \"Famille/**\"")
    }

    @Test func exclusionsSayTheirReasonAndGiveItBack() {
        for reason in Self.everyKind {
            #expect(ExclusionReason.guarded(reason).description == reason.description)
            #expect(ExclusionReason.guarded(reason).stay == reason)
        }
        #expect(ExclusionReason.protected(Self.guardHere).stay == .protected(Self.guardHere))
        #expect(ExclusionReason.keepRule(rule: "r", file: "f.yaml").stay == .keepRule(rule: "r", file: "f.yaml"))
        #expect(ExclusionReason.keptByUser.stay == .keptByUser && ExclusionReason.keptByUser.description == "kept by you")
        #expect(ExclusionReason.groupKeeper(.burst).stay == nil)
    }

    /// The plan's text and JSON print each exclusion's sentence: the JSON reads back as the same text.
    @Test func thePlanTextAndJSONCarryTheSentences() throws {
        let excluded = Self.everyKind.enumerated().map { (reason: ExclusionReason.guarded($0.element), count: $0.offset + 1) }
        let line = Plan.RuleLine(rule: "r", ruleFile: "f.yaml", matched: 0, stagedEarlier: 0, claimedEarlier: 0, excluded: excluded,
                                 netNewIDs: [], netNewBytes: 0, samplePaths: [], limit: nil, selected: 0, livePairOf: [:])
        let plan = Plan(rules: [line], stagedBefore: (0, 0), netNew: (0, 0), fingerprint: "f", ceiling: nil, companions: CompanionPlan())
        let text = PlanRenderer.text(plan, terminal: Console(environment: ["NO_COLOR": "1"]), now: 0).text
        for (index, reason) in Self.everyKind.enumerated() { #expect(text.contains("    spared \(index + 1): \(Self.sentence(reason))\n")) }
        let json = try #require(try JSONSerialization.jsonObject(with: Data(PlanRenderer.json(plan).utf8)) as? [String: Any])
        let rules = try #require(json["rules"] as? [[String: Any]])
        let reasons = (rules.first?["excluded"] as? [[String: Any]])?.compactMap { $0["reason"] as? String }
        #expect(reasons == Self.everyKind.map(Self.sentence))
    }
}
