import Testing
@testable import CullKit

@Suite struct SimilarClusterTests {
    typealias Item = SimilarGroups.Item

    /// `base` with the lowest `bits` bits flipped (or given bits).
    static func flip(_ base: UInt64, _ bits: [Int]) -> UInt64 { bits.reduce(base) { $0 ^ (1 << UInt64($1)) } }

    @Test func chainsNeverJoinPhotosFurtherApartThanTheDistance() {
        // A~B (4), B~C (4), A to C 8: with distance 4 the chain must not become one group.
        let a: UInt64 = 0
        let items = [Item(id: 1, hash: a), Item(id: 2, hash: Self.flip(a, [0, 1, 2, 3])),
                     Item(id: 3, hash: Self.flip(a, [0, 1, 2, 3, 4, 5, 6, 7]))]
        let groups = SimilarGroups.cluster(hashes: items, distance: 4)
        #expect(groups.count == 1 && groups[0].count == 2)
        for group in groups {
            for x in group { for y in group { #expect((items.first { $0.id == x }!.hash ^ items.first { $0.id == y }!.hash).nonzeroBitCount <= 4) } }
        }
        // With distance 8 all three are within reach of each other.
        #expect(SimilarGroups.cluster(hashes: items, distance: 8) == [[1, 2, 3]])
    }

    @Test func farPhotosStayApartAndDistinctPairsAreNeverGrouped() {
        let items = [Item(id: 10, hash: 0), Item(id: 11, hash: 1), Item(id: 12, hash: .max), Item(id: 13, hash: 3)]
        #expect(SimilarGroups.cluster(hashes: items, distance: 2) == [[10, 11, 13]])
        let split = SimilarGroups.cluster(hashes: items, distance: 2, distinct: [SimilarGroups.DistinctSet(pictures: [[13], [10]])])
        #expect(!split.contains { $0.contains(10) && $0.contains(13) })
        #expect(split.flatMap { $0 }.count >= 2)
        #expect(SimilarGroups.cluster(hashes: [Item(id: 1, hash: 5)], distance: 10).isEmpty)
    }

    /// A set says its pictures differ from one another, nothing more: one marked set keeps all of
    /// them apart, two sets sharing a picture do not make their other pictures different (a photo
    /// may be in several sets), and exact copies of one picture may still be grouped together.
    @Test func aMarkedSetKeepsEachOfItsPicturesApartAndNoMore() {
        let items = (1 ... 6).map { Item(id: Int64($0), hash: UInt64($0 % 2)) }  // all within 1 bit
        let everyone = SimilarGroups.DistinctSet(pictures: (1 ... 6).map { [Int64($0)] })
        #expect(SimilarGroups.cluster(hashes: items, distance: 1, distinct: [everyone]).isEmpty)
        let chained = [SimilarGroups.DistinctSet(pictures: [[1], [2]]), SimilarGroups.DistinctSet(pictures: [[2], [3]])]
        let groups = SimilarGroups.cluster(hashes: Array(items.prefix(3)), distance: 1, distinct: chained)
        #expect(groups == [[1, 3]])
        // 1 and 2 are one picture (two copies) marked different from 3.
        let copies = [SimilarGroups.DistinctSet(pictures: [[1, 2], [3]])]
        #expect(SimilarGroups.cluster(hashes: Array(items.prefix(3)), distance: 1, distinct: copies) == [[1, 2]])
    }

    /// The index's sums over each value's neighbours (how many photos lie within reach of each
    /// hash) are what adding up a brute-force scan gives, at radii that probe and that scan.
    @Test func neighbourSumsMatchBruteForce() {
        var random = SplitMix64(state: 7)
        var values: [UInt64] = []
        for id in 0 ..< 600 {
            let base = random.next()
            values.append(base)
            if id % 3 == 0 { values.append(Self.flip(base, [Int(random.next() % 64)])) }
            if id % 5 == 0 { values.append(Self.flip(base, (0 ..< 4).map { _ in Int(random.next() % 64) })) }
        }
        for radius in [0, 1, 6, 11, 12, 32] {
            let nearby = HammingIndex(values, radius: radius)
            let weights = nearby.values.indices.map { $0 % 3 + 1 }
            let brute = nearby.values.map { value in
                zip(nearby.values, weights).reduce(0) { $0 + (($1.0 ^ value).nonzeroBitCount <= radius ? $1.1 : 0) }
            }
            #expect(nearby.sums(of: weights) == brute, "radius \(radius)")
        }
    }

    /// Random hashes with planted near copies: the index finds exactly the pairs a brute-force
    /// scan finds, every group obeys complete linkage, and the result does not depend on luck.
    @Test func matchesBruteForceNeighboursAndIsDeterministic() {
        var random = SplitMix64(state: 42)
        var items: [Item] = []
        for id in 0 ..< 400 {
            let base = random.next()
            items.append(Item(id: Int64(id * 3), hash: base))
            if id % 4 == 0 { items.append(Item(id: Int64(id * 3 + 1), hash: Self.flip(base, [Int(random.next() % 64), Int(random.next() % 64)]))) }
            if id % 8 == 0 { items.append(Item(id: Int64(id * 3 + 2), hash: Self.flip(base, (0 ..< 5).map { _ in Int(random.next() % 64) }))) }
        }
        for radius in [0, 1, 6, 11, 12, 32] {
            let nearby = HammingIndex(items.map(\.hash), radius: radius)
            for item in items.prefix(60) {
                let brute = Set(items.map(\.hash).filter { ($0 ^ item.hash).nonzeroBitCount <= radius }).sorted()
                #expect(nearby.within(of: item.hash) == brute, "radius \(radius)")
            }
        }
        let groups = SimilarGroups.cluster(hashes: items, distance: 6)
        let hash = Dictionary(uniqueKeysWithValues: items.map { ($0.id, $0.hash) })
        for group in groups {
            for x in group { for y in group { #expect((hash[x]! ^ hash[y]!).nonzeroBitCount <= 6) } }
        }
        #expect(groups.count >= 100)
        #expect(SimilarGroups.cluster(hashes: items, distance: 6) == groups)
        #expect(Set(groups.flatMap { $0 }).count == groups.flatMap { $0 }.count, "a photo is in one similar group")
    }

    /// The specification, pair by pair: every neighbour list held at once, every member checked
    /// against each candidate. `cluster` must give exactly its groups, however it gets there.
    static func reference(_ hashes: [Item], _ distance: Int, _ distinct: [SimilarGroups.DistinctSet]) -> [[Int64]] {
        func gap(_ a: Int, _ b: Int) -> Int { (hashes[a].hash ^ hashes[b].hash).nonzeroBitCount }
        func apart(_ a: Int, _ b: Int) -> Bool {
            distinct.contains { set in
                let x = set.pictures.firstIndex { $0.contains(hashes[a].id) }, y = set.pictures.firstIndex { $0.contains(hashes[b].id) }
                return x != nil && y != nil && x != y
            }
        }
        let neighbours = hashes.indices.map { index in hashes.indices.filter { $0 != index && gap(index, $0) <= distance && !apart(index, $0) } }
        let seeds = hashes.indices.filter { !neighbours[$0].isEmpty }
            .sorted { neighbours[$0].count != neighbours[$1].count ? neighbours[$0].count > neighbours[$1].count : $0 < $1 }
        var grouped = [Bool](repeating: false, count: hashes.count)
        var groups: [(seed: Int, members: [Int])] = []
        for seed in seeds where !grouped[seed] {
            var members = [seed]
            for candidate in neighbours[seed].filter({ !grouped[$0] }).sorted(by: { (gap(seed, $0), $0) < (gap(seed, $1), $1) })
            where members.allSatisfy({ gap($0, candidate) <= distance && !apart($0, candidate) }) {
                members.append(candidate)
            }
            guard members.count > 1 else { continue }
            for member in members { grouped[member] = true }
            groups.append((seed, members.sorted()))
        }
        return groups.sorted { $0.seed < $1.seed }.map { $0.members.map { hashes[$0].id } }
    }

    /// Dense look-alikes (many copies of a few hashes, a drifting time-lapse, random strangers)
    /// with marked sets among them: the linear-memory clustering gives the reference's groups.
    @Test func denseLookAlikesWithMarkedPairsGiveTheReferenceGroups() {
        var random = SplitMix64(state: 7)
        var marksMattered = 0, largest = 0
        for round in 0 ..< 6 {
            var items: [Item] = []
            var frame: UInt64 = random.next()
            for id in 0 ..< 300 {
                let hash: UInt64
                switch id % 3 {
                case 0: hash = [0, 0xFF, 0xFFFF_0000][Int(random.next() % 3)]              // exact copies
                case 1: frame = Self.flip(frame, [Int(random.next() % 64)]); hash = frame  // a drifting scene
                default: hash = random.next()                                              // strangers
                }
                items.append(Item(id: Int64(1000 * round + id), hash: hash))
            }
            // Sets of two to six pictures, a few holding two copies as one picture; photos in several sets.
            var distinct: [SimilarGroups.DistinctSet] = []
            for _ in 0 ..< 25 {
                var ids = Set<Int64>()
                for _ in 0 ..< 2 + Int(random.next() % 6) { ids.insert(items[Int(random.next() % 300)].id) }
                var pictures = ids.sorted().map { [$0] }
                if pictures.count > 2, random.next() % 3 == 0 { pictures[0] += pictures.removeLast() }
                if pictures.count > 1 { distinct.append(SimilarGroups.DistinctSet(pictures: pictures)) }
            }
            for distance in [0, 3, 6, 10] {
                let expected = Self.reference(items, distance, distinct)
                #expect(SimilarGroups.cluster(hashes: items, distance: distance, distinct: distinct) == expected,
                        "round \(round), distance \(distance)")
                if expected != Self.reference(items, distance, []) { marksMattered += 1 }
                largest = max(largest, expected.map(\.count).max() ?? 0)
            }
        }
        // The inputs are the hard kind: groups of dozens, and the marks change the outcome.
        #expect(marksMattered > 0)
        #expect(largest >= 30)
    }

    /// Values exactly `radius` bits away are found wherever the flipped bits fall (spread over
    /// every chunk, packed into one, at the chunk edges); one bit more is not.
    @Test func theIndexFindsEveryValueAtExactlyTheRadius() {
        var random = SplitMix64(state: 99)
        for radius in 0 ... 15 {
            let base = random.next()
            let spread = (0 ..< radius).map { $0 * 64 / max(radius, 1) }
            let packed = Array(0 ..< radius)
            let edges = (0 ..< radius).map { 63 - $0 }
            let strangers = (0 ..< 4000).map { _ in random.next() }  // enough that every radius here goes through the chunk tables
            let near = [spread, packed, edges].map { Self.flip(base, $0) }
            let beyond = [Self.flip(base, Array(0 ... radius)), Self.flip(base, (0 ... radius).map { 63 - $0 })]
            let nearby = HammingIndex([base] + near + beyond + strangers, radius: radius)
            let found = Set(nearby.within(of: base))
            for value in near { #expect(found.contains(value), "radius \(radius): \(String(value, radix: 2))") }
            for value in beyond { #expect(!found.contains(value), "radius \(radius)") }
            #expect(found.contains(base))
        }
    }

    /// Every copy turned some way whose print, turned back, is at most 4 bits from its original's is
    /// found, whichever bits the re-encoding flipped and whichever way it was turned; unrelated photos
    /// pair with nothing; and the cluster puts each copy in its original's group.
    @Test func turnedCopiesWithinFourBitsAreAlwaysFound() {
        var generator = SystemRandomNumberGenerator()
        var items: [Item] = []
        var expected: [(Int, Int)] = []
        for _ in 0 ..< 300 {
            let signs = UInt64.random(in: .min ... .max, using: &generator)
            let first = Int.random(in: 0 ..< 8, using: &generator)
            let original = TurnPrint(signs: signs, canonical: [Turn(index: first)])
            let turn = Turn(index: Int.random(in: 1 ..< 8, using: &generator))
            var copy = turn.apply(to: signs)
            // The copy's canonical turn is the one that brings it to the original's key.
            let canonical = Turn.allCases.first { $0.apply(to: copy) == original.key }!
            for bit in (0 ..< 64).shuffled(using: &generator).prefix(Int.random(in: 0 ... 4, using: &generator)) { copy ^= 1 << UInt64(bit) }
            expected.append((items.count, items.count + 1))
            items.append(Item(id: Int64(items.count), hash: UInt64.random(in: .min ... .max, using: &generator), turn: original))
            items.append(Item(id: Int64(items.count), hash: UInt64.random(in: .min ... .max, using: &generator),
                              turn: TurnPrint(signs: copy, canonical: [canonical])))
        }
        let found = SimilarGroups.turnedPairs(items, distance: 6)
        #expect(found.map { [$0.0, $0.1] } == expected.map { [$0.0, $0.1] })
        #expect(SimilarGroups.cluster(hashes: items, distance: 6) == expected.map { [Int64($0.0), Int64($0.1)] })
    }
}
