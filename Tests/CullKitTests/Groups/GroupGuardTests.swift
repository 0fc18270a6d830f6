import Testing
@testable import CullKit

/// The group invariant across kinds: a file in two groups (an exact group and a burst) counts in both.
@Suite struct GroupGuardTests {
    static func member(_ id: Int64, _ path: String, size: Int64 = 10) -> GroupMember {
        GroupMember(id: id, path: Array(path.utf8), size: size, pixels: nil, taken: nil, favorite: false,
                    rating: nil, metadataCount: 0)
    }

    let a = member(1, "a.jpg", size: 30), b = member(2, "b.jpg", size: 20), c = member(3, "c.jpg", size: 10)

    var set: GroupSet {
        GroupSet(groups: [MediaGroup(spec: .exact, key: "h1", members: [a, b]),
                          MediaGroup(spec: .burst, key: "u1", members: [b, c])])
    }

    @Test func aMemberOfTwoGroupsCountsInBoth() {
        var guardian = GroupGuard(groups: set, claimed: [])
        #expect(set.groupsOf[2] == [0, 1])
        // The exact rule keeps the largest (a) and stages b.
        let (ids, outcomes) = guardian.select(rule: "dups", spec: .exact, ranking: KeeperRanking(keys: [.largest], now: 0),
                                              matched: [1, 2], selectable: [1, 2], claimed: [], forced: [:])
        #expect(ids == [2])
        #expect(outcomes.map(\.keeper?.id) == [1])
        guardian.claim(2)
        // b is gone from the burst too: c is now its last unstaged member, whatever rule asks.
        #expect(guardian.refusal(3) == .lastCopy(.burst))
        #expect(guardian.refusal(1) == .reservedKeeper(rule: "dups"))
    }

    @Test func aGroupRuleOnlyTouchesGroupsOfItsKind() {
        var guardian = GroupGuard(groups: set, claimed: [])
        let (ids, outcomes) = guardian.select(rule: "bursts", spec: .burst, ranking: KeeperRanking(keys: [.smallest], now: 0),
                                              matched: [1, 2, 3], selectable: [1, 2, 3], claimed: [], forced: [:])
        #expect(outcomes.map(\.group.key) == ["u1"])
        #expect(outcomes.first?.keeper?.id == 3)
        #expect(ids == [2])
    }

    @Test func aKeeperOfOneGroupIsNeverStagedAsALookAlikeOfAnother() {
        // b keeps the exact group {b, a}; as the burst's non-keeper it must still stay.
        var guardian = GroupGuard(groups: set, claimed: [])
        _ = guardian.select(rule: "dups", spec: .exact, ranking: KeeperRanking(keys: [.smallest], now: 0),
                            matched: [1, 2], selectable: [1, 2], claimed: [], forced: [:])
        let (ids, _) = guardian.select(rule: "bursts", spec: .burst, ranking: KeeperRanking(keys: [.smallest], now: 0),
                                       matched: [2, 3], selectable: [2, 3], claimed: [], forced: [:])
        #expect(!ids.contains(2))
    }
}
