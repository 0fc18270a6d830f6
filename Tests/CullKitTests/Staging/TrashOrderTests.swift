@testable import CullKit
import Testing

/// `cull trash` lists the staged files largest first, ties in path order, or by capture time with
/// the files that have none last: whatever order they were staged or indexed in.
@Suite struct TrashOrderTests {
    @Test(arguments: [71, 72] as [UInt64])
    func theListingIsInTheOrderAsked(seed: UInt64) throws {
        var random = SplitMix64(state: seed)
        let index = try TestIndex.ofTies(40, &random, review: "trashed")
        let staged = try StagedSet.load(index.database)
        let byPath = staged.sorted { PathBytes.precedes($0.path, $1.path) }
        #expect(staged.map(\.id) == byPath.map(\.id))
        let largest = byPath.sorted { $0.size != $1.size ? $0.size > $1.size : PathBytes.precedes($0.path, $1.path) }
        #expect(try TrashListing(db: index.database, order: .largest).items.map(\.id) == largest.map(\.id))
        func byTime(newest: Bool) -> [Int64] {
            byPath.enumerated().sorted { a, b in
                switch (a.element.taken, b.element.taken) {
                case let (x?, y?) where x != y: return newest ? x > y : x < y
                case (nil, _?): return false
                case (_?, nil): return true
                default: return a.offset < b.offset
                }
            }.map(\.element.id)
        }
        #expect(try TrashListing(db: index.database, order: .newest).items.map(\.id) == byTime(newest: true))
        #expect(try TrashListing(db: index.database, order: .oldest).items.map(\.id) == byTime(newest: false))
    }
}
