/// Copies turned or mirrored: which photos are near one another only turned, found by
/// their ``TurnPrint``s, for the similar groups and for what `--explain` and the review say of them.
extension SimilarGroups {
    /// The pairs of photos (by index, the lower first) within `distance` bits only turned or
    /// mirrored: their perceptual hashes further apart than that, their turn prints within it.
    ///
    /// Each photo is filed under each key its print trusts (``TurnPrint/keys``, its signs turned to
    /// its canonical orientation: 1.2 a photo on the corpus), and a turned copy turns to the
    /// canonical orientation of its original, so their keys are near whichever way it was turned.
    /// Near keys are found as in multi-index hashing, but with the keys cut into five parts
    /// (``turnParts``) and only keys equal in one part compared: keys at most 4 bits apart always
    /// are (pigeonhole), keys 5 and 6 bits apart 96% and 88% of the time (of re-encoded turned corpus
    /// copies, 8% measured 5 or 6), and a part of 12 or 13 bits files 13 to 26 keys of 100,000 photos
    /// together, so the search is a few million comparisons, a small share of the plan, where
    /// probing around each key at the rule's distance cost as much as all the rest of the similar
    /// search. What is found is then measured over every turn.
    static func turnedPairs(_ items: [Item], distance: Int) -> [(Int, Int)] {
        nearPrints(items.map(\.turn), distance: distance) { first, second in
            guard (items[first].hash ^ items[second].hash).nonzeroBitCount > distance,
                  let turned = items[first].turnedDistance(to: items[second]) else { return false }
            return turned <= distance
        }
    }

    /// The pairs of `prints` (by index, the lower first, in order) with keys within `distance`
    /// bits (always found up to 4; see ``turnedPairs(_:distance:)``) for which `accept` holds.
    ///
    /// Linear in the prints however alike they are: keys filed under one part value are compared
    /// all with all only up to ``runCompared`` of them (random keys of a million photos file about
    /// 130 together); a longer run (thousands of copies of one photo, a time-lapse of a still
    /// scene) is put in key order and each key compared with the next ``runCompared``. A photo
    /// found in ``pairsPerPhoto`` pairs is in no more: 20,000 copies of one photo made 200 million
    /// pairs, gigabytes, before one was proven.
    static func nearPrints(_ prints: [TurnPrint?], distance: Int, accept: (Int, Int) -> Bool) -> [(Int, Int)] {
        var keys: [UInt64] = []
        var owners: [Int32] = []
        for (index, print) in prints.enumerated() {
            print?.forEachKey { key in
                keys.append(key)
                owners.append(Int32(index))
            }
        }
        guard keys.count > 1 else { return [] }
        var pairs: Set<Pair> = []
        var paired = [Int32](repeating: 0, count: prints.count)
        var run = [UInt64](repeating: 0, count: keys.count)
        var runOwners = [Int32](repeating: 0, count: keys.count)
        for (part, (shift, width)) in turnParts.enumerated() {
            let mask: UInt64 = 1 << width - 1
            // A counting sort of the keys by this part, into one run per part value.
            var starts = [Int32](repeating: 0, count: (1 << width) + 1)
            for key in keys { starts[Int(key >> shift & mask) + 1] += 1 }
            for slot in 1 ..< starts.count { starts[slot] += starts[slot - 1] }
            var next = starts
            for (index, key) in keys.enumerated() {
                let value = Int(key >> shift & mask)
                run[Int(next[value])] = key
                runOwners[Int(next[value])] = owners[index]
                next[value] += 1
            }
            // A run longer than can be compared all with all, in key order (its owners with it).
            for value in 0 ..< 1 << width where starts[value + 1] - starts[value] > Int32(runCompared) {
                let range = Int(starts[value]) ..< Int(starts[value + 1])
                let sorted = range.map { (key: run[$0], owner: runOwners[$0]) }.sorted { ($0.key, $0.owner) < ($1.key, $1.owner) }
                for (offset, entry) in zip(range, sorted) { (run[offset], runOwners[offset]) = (entry.key, entry.owner) }
            }
            run.withUnsafeBufferPointer { run in
                runOwners.withUnsafeBufferPointer { owners in
                    starts.withUnsafeBufferPointer { starts in
                        for value in 0 ..< 1 << width {
                            let (start, end) = (Int(starts[value]), Int(starts[value + 1]))
                            guard end - start > 1 else { continue }
                            for a in start ..< end - 1 where paired[Int(owners[a])] < pairsPerPhoto {
                                let key = run[a]
                                for b in a + 1 ..< min(end, a + 1 + runCompared) where (key ^ run[b]).nonzeroBitCount <= distance {
                                    // Counted in the first part the two agree on, once.
                                    let difference = key ^ run[b]
                                    guard owners[a] != owners[b], paired[Int(owners[b])] < pairsPerPhoto,
                                          !turnParts[..<part].contains(where: { difference >> $0.shift & (1 << $0.width - 1) == 0 }) else { continue }
                                    let pair = Pair(Int(owners[a]), Int(owners[b]))
                                    guard !pairs.contains(pair), accept(pair.low, pair.high) else { continue }
                                    pairs.insert(pair)
                                    paired[pair.low] += 1
                                    paired[pair.high] += 1
                                    if paired[Int(owners[a])] >= pairsPerPhoto { break }
                                }
                            }
                        }
                    }
                }
            }
        }
        return pairs.map { ($0.low, $0.high) }.sorted { ($0.0, $0.1) < ($1.0, $1.1) }
    }

    /// How many keys filed under one part value each key is compared with (``nearPrints(_:distance:accept:)``).
    static let runCompared = 1024
    /// How many pairs a photo is found in at most (``nearPrints(_:distance:accept:)``): a photo has
    /// a few turned copies, not dozens.
    static let pairsPerPhoto: Int32 = 64

    /// The five parts (shift, width) of a turn key ``turnedPairs(_:distance:)`` files keys by.
    static let turnParts: [(shift: UInt64, width: UInt64)] = [(0, 13), (13, 13), (26, 13), (39, 13), (52, 12)]

    /// Two photos by index, the lower first.
    private struct Pair: Hashable {
        let low, high: Int

        init(_ a: Int, _ b: Int) { (low, high) = (min(a, b), max(a, b)) }
    }

    /// A member of a similar group that is another member turned or mirrored (near it only turned).
    public struct TurnedMember: Sendable {
        public let id: Int64
        /// The member it is turned from, and that member's path.
        public let from: Int64
        public let fromPath: [UInt8]
        /// Which way: ``id`` is ``from`` turned this way.
        public let turn: Turn
        /// How many bits of 64 apart they are turned back.
        public let distance: Int
    }

    /// Among `ids` (one similar group's members), each member that is another turned or mirrored
    /// within `distance`, in the order of `ids`: what `--explain` and the review say of a turned
    /// copy. One read of the group, not one a member.
    public static func turnedMembers(_ db: Database, of ids: [Int64], distance: Int) throws -> [TurnedMember] {
        var items: [Int64: (item: Item, path: [UInt8])] = [:]
        try db.forEachRow("""
            SELECT a.id, a.path, f.phash, a.kind, f.turn_signs, f.turns FROM image_features f JOIN assets a ON a.id = f.asset_id
            WHERE f.phash IS NOT NULL AND a.id IN (SELECT value FROM json_each(?)) AND \(CachedRow.isCurrent("f", for: "a"))
            """, [.text(JSONValue.list(ids))], FeatureColumns.self) { row, column in
            items[row.int64(column.id)] = (Item(row, column), row.bytes("path") ?? [])
        }
        var found: [TurnedMember] = []
        for id in ids {
            guard let own = items[id]?.item, let print = own.turn else { continue }
            for other in ids where other != id {
                guard let theirs = items[other], let theirPrint = theirs.item.turn,
                      (own.hash ^ theirs.item.hash).nonzeroBitCount > distance else { continue }
                let turned = print.turnedDistance(to: theirPrint)
                if turned.distance <= distance {
                    found.append(TurnedMember(id: id, from: other, fromPath: theirs.path, turn: turned.turn, distance: turned.distance))
                }
            }
        }
        return found
    }
}
