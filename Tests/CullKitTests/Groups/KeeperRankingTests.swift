import Testing
@testable import CullKit

@Suite struct KeeperRankingTests {
    static func member(_ id: Int64, _ path: String, size: Int64 = 100, pixels: Int64? = nil, taken: Int64? = nil,
                       favorite: Bool = false, rating: Int64? = nil, metadata: Int = 0) -> GroupMember {
        GroupMember(id: id, path: Array(path.utf8), size: size, pixels: pixels, taken: taken, favorite: favorite,
                    rating: rating, metadataCount: metadata)
    }

    static let now: Int64 = 1_800_000_000

    @Test func anImplausibleDateNeverWins() throws {
        let members = [
            Self.member(1, "unset-clock.jpg", taken: 315_532_800),  // 1980
            Self.member(2, "future.jpg", taken: Self.now + 86_400),
            Self.member(3, "real.jpg", taken: 1_300_000_000),
            Self.member(4, "undated.jpg"),
        ]
        for key in [KeeperKey.oldest, .newest] {
            let choice = try #require(KeeperRanking(keys: [key], now: Self.now).choose(members))
            #expect(choice.keeper.id == 3 && choice.decidedBy == key.description)
        }
    }

    @Test func stepsBreakTiesInOrderAndPathOrderEndsIt() throws {
        let members = [
            Self.member(1, "b/x.jpg", size: 10, rating: 3),
            Self.member(2, "a/x.jpg", size: 10, rating: 3),
            Self.member(3, "Originals/long/x.jpg", size: 10, rating: 3, metadata: 5),
            Self.member(4, "c/x.jpg", size: 10, rating: 1, metadata: 9),
        ]
        let ranking = KeeperRanking(keys: [.rating, .largest], now: Self.now)
        let choice = try #require(ranking.choose(members))
        #expect(choice.keeper.id == 3 && choice.decidedBy == KeeperRanking.pathOrder)  // "Originals" < "a" in bytes
        #expect(KeeperRanking(keys: [.rating, .mostMetadata], now: Self.now).choose(members)?.keeper.id == 3)
        #expect(KeeperRanking(keys: [.mostMetadata], now: Self.now).choose(members)?.keeper.id == 4)
        #expect(KeeperRanking(keys: [.notPath("Originals/**"), .shortestPath], now: Self.now).choose(members)?.keeper.id == 2)
        #expect(KeeperRanking(keys: [.path("c/**")], now: Self.now).choose(members)?.decidedBy == "{path: \"c/**\"}")
        // Shuffled input, same keeper: the order is total.
        #expect(KeeperRanking(keys: [.rating], now: Self.now).choose(members.reversed())?.keeper.id == 3)
    }

    @Test func favoriteResolutionAndSizes() throws {
        let members = [
            Self.member(1, "a.jpg", size: 300, pixels: 100),
            Self.member(2, "b.jpg", size: 100, pixels: 900, favorite: true),
            Self.member(3, "c.jpg", size: 200, pixels: 400, rating: 5),
        ]
        #expect(KeeperRanking(keys: [.favorite], now: Self.now).choose(members)?.keeper.id == 2)
        #expect(KeeperRanking(keys: [.rating], now: Self.now).choose(members)?.keeper.id == 3)
        #expect(KeeperRanking(keys: [.highestResolution], now: Self.now).choose(members)?.keeper.id == 2)
        #expect(KeeperRanking(keys: [.largest], now: Self.now).choose(members)?.keeper.id == 1)
        #expect(KeeperRanking(keys: [.smallest], now: Self.now).choose(members)?.keeper.id == 2)
        #expect(KeeperRanking(keys: [.longestPath], now: Self.now).choose(members)?.keeper.id == 1)
    }

    /// XMP's −1 is "rejected": the user said no to that copy, so it ranks below an unrated one
    /// (and below 0, which XMP writes for "unrated"); a rejected copy is never kept over another.
    @Test func aRejectedCopyRanksBelowAnUnratedOne() throws {
        let rejected = Self.member(1, "a.jpg", rating: -1)
        for other in [Self.member(2, "b.jpg"), Self.member(2, "b.jpg", rating: 0)] {
            let choice = try #require(KeeperRanking(keys: [.rating], now: Self.now).choose([rejected, other]))
            #expect(choice.keeper.id == 2 && choice.decidedBy == "rating")
        }
        // 0 and unrated are the same to the ranking: the next step decides.
        let tie = KeeperRanking(keys: [.rating, .largest], now: Self.now)
            .choose([Self.member(1, "a.jpg", size: 1, rating: 0), Self.member(2, "b.jpg", size: 2)])
        #expect(tie?.keeper.id == 2 && tie?.decidedBy == "largest")
    }
}
