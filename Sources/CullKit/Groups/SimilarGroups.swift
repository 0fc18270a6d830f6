/// Similar-photo groups (`similar: {distance: N}`) from the cached perceptual hashes.
///
/// Neighbours come from a BK-tree over the distinct hash values (Hamming distance is a metric,
/// so a query prunes every subtree the triangle inequality rules out): never all pairs.
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
        guard hashes.count > 1, distance >= 0 else { return [] }
        let tree = BKTree(hashes.map(\.hash))
        var byHash: [UInt64: [Int]] = [:]
        for (index, item) in hashes.enumerated() { byHash[item.hash, default: []].append(index) }
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
        var reach: [UInt64: Int] = [:]
        for value in byHash.keys { reach[value] = tree.within(distance, of: value).reduce(0) { $0 + byHash[$1]!.count } }
        let counts = hashes.indices.map { index in
            reach[hashes[index].hash]! - 1 - (apart[index] ?? []).filter { gap(index, $0) <= distance }.count
        }
        func neighbours(of index: Int) -> [Int] {
            let marked = Set(apart[index] ?? [])
            return tree.within(distance, of: hashes[index].hash).flatMap { byHash[$0]! }
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

/// A Burkhard–Keller tree over 64-bit values with the Hamming distance.
struct BKTree {
    private struct Node {
        let value: UInt64
        /// Child index by its distance to this node (1...64).
        var children: [Int: Int] = [:]
    }

    private var nodes: [Node] = []

    init(_ values: [UInt64]) {
        for value in Set(values).sorted() { insert(value) }
    }

    private mutating func insert(_ value: UInt64) {
        guard !nodes.isEmpty else { nodes.append(Node(value: value)); return }
        var current = 0
        while true {
            let d = (nodes[current].value ^ value).nonzeroBitCount
            if d == 0 { return }
            if let child = nodes[current].children[d] { current = child; continue }
            nodes.append(Node(value: value))
            nodes[current].children[d] = nodes.count - 1
            return
        }
    }

    /// Every stored value within `radius` of `value`.
    func within(_ radius: Int, of value: UInt64) -> [UInt64] {
        guard !nodes.isEmpty else { return [] }
        var found: [UInt64] = []
        var stack = [0]
        while let index = stack.popLast() {
            let node = nodes[index]
            let d = (node.value ^ value).nonzeroBitCount
            if d <= radius { found.append(node.value) }
            for (edge, child) in node.children where edge >= d - radius && edge <= d + radius { stack.append(child) }
        }
        return found
    }
}

extension SimilarGroups {
    /// The similar groups of the index within `distance`, from the current `image_features` rows
    /// (in path byte order), without the pairs marked distinct. Keyed by the first member's hash in hex.
    static func candidates(_ db: Database, distance: Int, root: String?) throws -> [GroupCandidate] {
        var rows: [(item: Item, path: [UInt8])] = []
        try db.forEachRow("""
            SELECT a.id, a.path, f.phash FROM image_features f JOIN assets a ON a.id = f.asset_id
            WHERE f.phash IS NOT NULL AND \(CachedRow.isCurrent("f", for: "a"))
            """) { row in
            rows.append((Item(id: row.int64(0), hash: UInt64(bitPattern: row.int64(2))), row.bytes(1) ?? []))
        }
        rows.sort { PathBytes.precedes($0.path, $1.path) }
        let items = rows.map(\.item)
        // Content hashes are needed only for photos that have a neighbour at all (BK-tree again).
        let tree = BKTree(items.map(\.hash))
        var copies: [UInt64: Int] = [:]
        for item in items { copies[item.hash, default: 0] += 1 }
        let reachable = items.filter { copies[$0.hash, default: 0] > 1 || tree.within(distance, of: $0.hash).count > 1 }.map(\.id)
        let excluded = try DistinctPairs.excluded(db, among: reachable, root: root)
        let hashOf = Dictionary(uniqueKeysWithValues: items.map { ($0.id, $0.hash) })
        var keys = Set<String>()
        return cluster(hashes: items, distance: distance, excluded: excluded).map { ids in
            var key = String(hashOf[ids[0]]!, radix: 16)
            key = String(repeating: "0", count: 16 - key.count) + key
            while !keys.insert(key).inserted { key += "+" }
            return GroupCandidate(key: key, ids: ids)
        }
    }
}
