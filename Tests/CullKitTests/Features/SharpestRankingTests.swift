import Testing
@testable import CullKit

@Suite struct SharpestRankingTests {
    static func member(_ id: Int64, _ path: String, sharpness: Double?) -> GroupMember {
        GroupMember(id: id, path: Array(path.utf8), size: 100, pixels: nil, taken: nil, favorite: false, rating: nil,
                    metadataCount: 0, sharpness: sharpness)
    }

    @Test func theSharpestFrameWinsAndAnUnanalysedOneComesLast() throws {
        let members = [Self.member(1, "a.jpg", sharpness: nil), Self.member(2, "b.jpg", sharpness: 40.5),
                       Self.member(3, "c.jpg", sharpness: 812.25), Self.member(4, "d.jpg", sharpness: 0)]
        let ranking = KeeperRanking(keys: [.sharpest], now: 0)
        let chosen = try #require(ranking.choose(members))
        #expect(chosen.keeper.id == 3 && chosen.decidedBy == "sharpest")
        #expect(members.sorted(by: ranking.precedes).map(\.id) == [3, 2, 4, 1])
    }

    @Test func sharpestIsAKeepWord() {
        #expect(KeeperKey(word: "sharpest") == .sharpest)
        #expect(KeeperKey.words.contains("sharpest") && KeeperKey.sharpest.description == "sharpest")
    }
}
