/// Similar-photo groups (`similar: {distance: N}`) from the cached perceptual hashes.
///
/// Neighbours come from multi-index hashing over the distinct hash values (``HammingIndex``):
/// never all pairs at the distances photos are compared at.
///
/// Chaining (A~B and B~C, but A and C further apart than N) is resolved by **complete linkage,
/// greedy in a fixed order**: no group ever holds two photos more than N bits apart, so a group is
/// never the accidental end of a chain of small steps. Seeds are taken most-connected first (ties
/// in input order, which the loader makes path byte order); a seed's group takes its neighbours
/// nearest first (ties in input order), each only if it is within N of every member already in
/// and is not marked distinct from any of them (`cull distinct`). A photo left out can still join a
/// later seed's group. The same hashes in the same order always give the same groups.
public enum SimilarGroups {
    /// The distance `similar: true` means: resized, recompressed, PNG and blurred copies of corpus
    /// photos measured 0–6 apart, different photos 14 and more (see the `similar` field's doc).
    public static let defaultDistance = 6

    /// One photo: its asset id and perceptual hash.
    public struct Item: Sendable, Equatable {
        public let id: Int64
        public let hash: UInt64

        public init(id: Int64, hash: UInt64) {
            self.id = id
            self.hash = hash
        }
    }

    /// An unordered pair of asset ids that must never share a group.
    public struct Pair: Hashable, Sendable {
        public let low: Int64, high: Int64

        public init(_ a: Int64, _ b: Int64) {
            low = min(a, b)
            high = max(a, b)
        }
    }

    /// The groups (two or more ids each, in input order) of `hashes` within `distance` bits, none
    /// holding a pair of `excluded`. Groups are listed by their seed's place in the input.
    ///
    /// Memory stays linear in the photos, however many look alike: neighbours are counted per
    /// distinct hash and listed only for the seed being grown (n near-identical frames of a
    /// time-lapse would otherwise hold n² neighbour entries), and a pair marked distinct is
    /// looked up from the photo's own few marks, not per pair of members.
    public static func cluster(hashes: [Item], distance: Int, excluded: Set<Pair> = []) -> [[Int64]] {
        cluster(hashes, distance: distance, excluded: excluded, reach: Reach(hashes, distance: distance))
    }

    /// Where each photo's look-alikes are: the index of the distinct hashes, the photos of each
    /// hash, and how many photos lie within the distance of each hash (its own included).
    struct Reach {
        let nearby: HammingIndex
        let byHash: [UInt64: [Int]]
        let count: [UInt64: Int]

        init(_ hashes: [Item], distance: Int) {
            nearby = HammingIndex(hashes.map(\.hash), radius: distance)
            var byHash: [UInt64: [Int]] = [:]
            for (index, item) in hashes.enumerated() { byHash[item.hash, default: []].append(index) }
            var count: [UInt64: Int] = [:]
            // In ascending order: consecutive queries then probe neighbouring rows of the tables.
            for value in nearby.values { count[value] = nearby.within(of: value).reduce(0) { $0 + byHash[$1]!.count } }
            self.byHash = byHash
            self.count = count
        }
    }

    static func cluster(_ hashes: [Item], distance: Int, excluded: Set<Pair>, reach: Reach) -> [[Int64]] {
        guard hashes.count > 1, distance >= 0 else { return [] }
        let (nearby, byHash) = (reach.nearby, reach.byHash)
        func gap(_ a: Int, _ b: Int) -> Int { (hashes[a].hash ^ hashes[b].hash).nonzeroBitCount }
        // The marks of each photo, by index, both ways.
        var apart: [Int: [Int]] = [:]
        if !excluded.isEmpty {
            var indexOf: [Int64: Int] = [:]
            for (index, item) in hashes.enumerated() where indexOf[item.id] == nil { indexOf[item.id] = index }
            for pair in excluded {
                guard let a = indexOf[pair.low], let b = indexOf[pair.high], a != b else { continue }
                apart[a, default: []].append(b)
                apart[b, default: []].append(a)
            }
        }
        // How many photos lie within `distance` of each (itself and its marked pairs left out).
        let counts = hashes.indices.map { index in
            reach.count[hashes[index].hash]! - 1 - (apart[index] ?? []).filter { gap(index, $0) <= distance }.count
        }
        func neighbours(of index: Int) -> [Int] {
            let marked = Set(apart[index] ?? [])
            return nearby.within(of: hashes[index].hash).flatMap { byHash[$0]! }
                .filter { $0 != index && !marked.contains($0) }
        }
        let seeds = hashes.indices.filter { counts[$0] > 0 }
            .sorted { counts[$0] != counts[$1] ? counts[$0] > counts[$1] : $0 < $1 }
        var grouped = [Bool](repeating: false, count: hashes.count)
        var inGroup = [Bool](repeating: false, count: hashes.count)
        var groups: [(seed: Int, members: [Int])] = []
        for seed in seeds where !grouped[seed] {
            var members = [seed]
            // Complete linkage checks each candidate against the members' distinct hashes only.
            var memberHashes: Set<UInt64> = [hashes[seed].hash]
            inGroup[seed] = true
            let candidates = neighbours(of: seed).filter { !grouped[$0] }
                .map { (gap: gap(seed, $0), index: $0) }.sorted { $0 < $1 }
            for (_, candidate) in candidates
            where memberHashes.allSatisfy({ ($0 ^ hashes[candidate].hash).nonzeroBitCount <= distance })
                && !(apart[candidate] ?? []).contains(where: { inGroup[$0] }) {
                members.append(candidate)
                memberHashes.insert(hashes[candidate].hash)
                inGroup[candidate] = true
            }
            for member in members { inGroup[member] = false }
            guard members.count > 1 else { continue }
            for member in members { grouped[member] = true }
            groups.append((seed, members.sorted()))
        }
        return groups.sorted { $0.seed < $1.seed }.map { $0.members.map { hashes[$0].id } }
    }
}

extension SimilarGroups {
    /// The similar groups of the index within `distance`, from the current `image_features` rows
    /// (in path byte order), without the pairs marked distinct. Keyed by the first member's hash in hex.
    /// Photos group with photos and videos (by their poster frames) with videos: a Live Photo's
    /// video looks like its photo, and must never be the keeper that lets the photo go.
    static func candidates(_ db: Database, distance: Int, root: String?) throws -> [GroupCandidate] {
        var byKind: [String: [(item: Item, path: [UInt8])]] = [:]
        try db.forEachRow("""
            SELECT a.id, a.path, f.phash, a.kind FROM image_features f JOIN assets a ON a.id = f.asset_id
            WHERE f.phash IS NOT NULL AND \(CachedRow.isCurrent("f", for: "a"))
            """) { row in
            byKind[row.string(3) ?? "", default: []].append((Item(id: row.int64(0), hash: UInt64(bitPattern: row.int64(2))), row.bytes(1) ?? []))
        }
        var keys = Set<String>()
        return try byKind.keys.sorted().flatMap { kind in
            try candidates(byKind[kind]!.sorted { PathBytes.precedes($0.path, $1.path) }.map(\.item), db, distance: distance, root: root, keys: &keys)
        }
    }

    private static func candidates(_ items: [Item], _ db: Database, distance: Int, root: String?,
                                   keys: inout Set<String>) throws -> [GroupCandidate] {
        // Content hashes are needed only for photos that have a neighbour at all.
        let reach = Reach(items, distance: distance)
        let reachable = items.filter { reach.count[$0.hash]! > 1 }.map(\.id)
        let excluded = try DistinctPairs.excluded(db, among: reachable, root: root)
        let hashOf = Dictionary(uniqueKeysWithValues: items.map { ($0.id, $0.hash) })
        return cluster(items, distance: distance, excluded: excluded, reach: reach).map { ids in
            var key = String(hashOf[ids[0]]!, radix: 16)
            key = String(repeating: "0", count: 16 - key.count) + key
            while !keys.insert(key).inserted { key += "+" }
            return GroupCandidate(key: key, ids: ids)
        }
    }
}
