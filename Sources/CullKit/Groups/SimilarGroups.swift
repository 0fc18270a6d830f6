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

    /// The largest distance a rule may ask for: unrelated corpus photos start at 16 bits (1 pair in
    /// 2,848), one scene shot twice measured 14, so 12 is the last distance at which a group still
    /// means one picture. Beyond it most of a library is within reach of every photo, groups are
    /// arbitrary, and finding them grows with the square of the library.
    public static let maxDistance = 12

    /// One photo: its asset id, perceptual hash, and what finds it turned or mirrored.
    public struct Item: Sendable, Equatable {
        public let id: Int64
        public let hash: UInt64
        public let turn: TurnPrint?

        public init(id: Int64, hash: UInt64, turn: TurnPrint? = nil) {
            self.id = id
            self.hash = hash
            self.turn = turn
        }

        /// True when `other` is within `distance` bits of this photo: as it is (the perceptual
        /// hashes), or turned or mirrored back (the turn prints).
        func isClose(to other: Item, within distance: Int) -> Bool {
            (hash ^ other.hash).nonzeroBitCount <= distance || turnedDistance(to: other).map { $0 <= distance } == true
        }

        /// How many bits apart `other` is when turned or mirrored back; nil without both prints.
        func turnedDistance(to other: Item) -> Int? {
            guard let turn, let theirs = other.turn else { return nil }
            return turn.turnedDistance(to: theirs).distance
        }

        /// How far apart the two are: the nearer of as it is and turned.
        func gap(to other: Item) -> Int {
            min((hash ^ other.hash).nonzeroBitCount, turnedDistance(to: other) ?? 64)
        }
    }

    /// Photos marked as different pictures (`cull distinct`): no group holds two of its pictures.
    public struct DistinctSet: Sendable, Equatable {
        /// The asset ids of each picture: exact copies (one content hash) are one picture, so they
        /// may still share a group with each other.
        public let pictures: [[Int64]]

        public init(pictures: [[Int64]]) { self.pictures = pictures }
    }

    /// The groups (two or more ids each, in input order) of `hashes` within `distance` bits, none
    /// holding two pictures of one of the `distinct` sets. Groups are listed by their seed's place
    /// in the input.
    ///
    /// Memory stays linear in the photos, however many look alike or are marked: neighbours are
    /// counted per distinct hash and listed only for the seed being grown (n near-identical frames
    /// of a time-lapse would otherwise hold n² neighbour entries), and a mark is looked up from the
    /// photo's own few sets, never expanded into the pairs of a set.
    ///
    /// A photo is within `distance` of another as it is (their perceptual hashes) or turned or
    /// mirrored (their ``TurnPrint``s, found by ``turnedPairs(_:distance:)``).
    public static func cluster(hashes: [Item], distance: Int, distinct: [DistinctSet] = []) -> [[Int64]] {
        cluster(hashes, distance: distance, distinct: distinct, reach: Reach(hashes, distance: distance),
                turned: turnedPairs(hashes, distance: distance))
    }

    /// The sets each photo is in, by index, and which of the set's pictures it is.
    struct Marks {
        struct Mark: Hashable {
            let set: Int, picture: Int
        }

        let of: [Int: [Mark]]

        init(_ hashes: [Item], _ sets: [DistinctSet]) {
            var indexOf: [Int64: Int] = [:]
            if !sets.isEmpty {
                for (index, item) in hashes.enumerated() where indexOf[item.id] == nil { indexOf[item.id] = index }
            }
            var of: [Int: [Mark]] = [:]
            for (set, marked) in sets.enumerated() {
                for (picture, ids) in marked.pictures.enumerated() {
                    for id in ids { if let index = indexOf[id] { of[index, default: []].append(Mark(set: set, picture: picture)) } }
                }
            }
            self.of = of
        }

        /// True when photos `a` and `b` are different pictures of one set.
        func apart(_ a: Int, _ b: Int) -> Bool {
            guard let x = of[a], let y = of[b] else { return false }
            return x.contains { m in y.contains { $0.set == m.set && $0.picture != m.picture } }
        }
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
            let sums = nearby.sums(of: nearby.values.map { byHash[$0]!.count })
            self.byHash = byHash
            count = Dictionary(uniqueKeysWithValues: zip(nearby.values, sums))
        }
    }

    static func cluster(_ hashes: [Item], distance: Int, distinct: [DistinctSet], reach: Reach, turned: [(Int, Int)]) -> [[Int64]] {
        guard hashes.count > 1, distance >= 0 else { return [] }
        let (nearby, byHash) = (reach.nearby, reach.byHash)
        func gap(_ a: Int, _ b: Int) -> Int { hashes[a].gap(to: hashes[b]) }
        let marks = Marks(hashes, distinct)
        // The photos each is near only turned or mirrored (few: a library's turned copies).
        var turnedTo: [Int: [Int]] = [:]
        for (a, b) in turned {
            turnedTo[a, default: []].append(b)
            turnedTo[b, default: []].append(a)
        }
        func within(_ index: Int) -> [Int] {
            nearby.within(of: hashes[index].hash).flatMap { byHash[$0]! }.filter { $0 != index } + (turnedTo[index] ?? [])
        }
        // How many photos lie within `distance` of each (itself and those marked apart from it left out).
        let counts = hashes.indices.map { index in
            let all = reach.count[hashes[index].hash]! - 1 + (turnedTo[index]?.count ?? 0)
            guard all > 0, marks.of[index] != nil else { return all }
            return within(index).count(where: { !marks.apart(index, $0) })
        }
        func neighbours(of index: Int) -> [Int] {
            marks.of[index] == nil ? within(index) : within(index).filter { !marks.apart(index, $0) }
        }
        let seeds = hashes.indices.filter { counts[$0] > 0 }
            .sorted { counts[$0] != counts[$1] ? counts[$0] > counts[$1] : $0 < $1 }
        var grouped = [Bool](repeating: false, count: hashes.count)
        // The members of the group being grown, per set they are in and per picture of it: a
        // candidate is kept out when a set of its own holds a member of another picture.
        var inSet: [Int: Int] = [:]
        var inPicture: [Marks.Mark: Int] = [:]
        func blocked(_ candidate: Int) -> Bool {
            (marks.of[candidate] ?? []).contains { inSet[$0.set, default: 0] > inPicture[$0, default: 0] }
        }
        var groups: [(seed: Int, members: [Int])] = []
        for seed in seeds where !grouped[seed] {
            var members: [Int] = []
            // Complete linkage checks each candidate against the members' distinct hashes only.
            var memberHashes: Set<UInt64> = []
            func enter(_ member: Int) {
                members.append(member)
                memberHashes.insert(hashes[member].hash)
                for mark in marks.of[member] ?? [] {
                    inSet[mark.set, default: 0] += 1
                    inPicture[mark, default: 0] += 1
                }
            }
            enter(seed)
            let candidates = neighbours(of: seed).filter { !grouped[$0] }
                .map { (gap: gap(seed, $0), index: $0) }.sorted { $0 < $1 }
            // A member near the candidate only turned is checked photo by photo.
            func joins(_ candidate: Int) -> Bool {
                if turnedTo.isEmpty { return memberHashes.allSatisfy { ($0 ^ hashes[candidate].hash).nonzeroBitCount <= distance } }
                return members.allSatisfy { hashes[$0].isClose(to: hashes[candidate], within: distance) }
            }
            for (_, candidate) in candidates where joins(candidate) && !blocked(candidate) {
                enter(candidate)
            }
            inSet.removeAll(keepingCapacity: true)
            inPicture.removeAll(keepingCapacity: true)
            guard members.count > 1 else { continue }
            for member in members { grouped[member] = true }
            groups.append((seed, members.sorted()))
        }
        return groups.sorted { $0.seed < $1.seed }.map { $0.members.map { hashes[$0].id } }
    }
}

extension SimilarGroups {
    /// The similar groups of the index within `distance`, from the current `image_features` rows
    /// (in path byte order), never two pictures of a set marked distinct. Keyed by the first member's hash in hex.
    ///
    /// Screenshots are left out: the pHash reads a picture's coarse layout, and screens of one app
    /// whose text differs measured 0–8 bits apart, as close as copies of one screenshot (0–2), so
    /// no distance tells them apart. Their copies are found as exact and same-picture duplicates.
    /// Photos group with photos and videos (by their poster frames) with videos: a Live Photo's
    /// video looks like its photo, and must never be the keeper that lets the photo go.
    /// `apart`: sets whose pictures never share a group either (the frames of a bracket set).
    /// Remembered while nothing a plan reads changes (``IndexMemo``): a warm plan does not search again.
    static func candidates(_ db: Database, distance: Int, root: String?, apart: [DistinctSet] = []) throws -> [GroupCandidate] {
        try TurnPrints.fill(db)
        var key = MemoWriter()
        key.append(Int64(distance))
        key.append(bytes: GroupMemo.key(root: root))
        for set in apart { key.append(list: set.pictures.flatMap { $0 + [-1] }) }
        return try GroupCandidate.remembered(db, name: "similar_groups", key: key.bytes) {
            let neighboured = try Neighboured(db, distance: distance)
            let among: SQLFragment = neighboured.remembered.map { " AND a.id IN (SELECT value FROM json_each(\(JSONValue.list($0))))" } ?? ""
            let query: SQLFragment = """
                SELECT a.id, f.phash, a.kind, f.turn_signs, f.turns FROM image_features f JOIN assets a ON a.id = f.asset_id
                WHERE f.phash IS NOT NULL AND a.screenshot = 0 AND \(sql: CachedRow.isCurrent("f", for: "a"))\(among)
                """
            var byKind: [String: [Item]] = [:]
            try db.forEachRow(query.sql, query.arguments, FeatureColumns.self) { row, column in
                byKind[row.string(column.kind) ?? "", default: []].append(Item(row, column))
            }
            var keys = Set<String>()
            var turned = try TurnedPairs(db, distance: distance)
            var reached: [Int64] = []
            let groups = try byKind.keys.sorted().flatMap { kind in
                let items = byKind[kind]!
                return try candidates(items, db, distance: distance, root: root, apart: apart, turned: turned.pairs(of: items),
                                      keys: &keys, reached: &reached)
            }
            turned.remember(db)
            neighboured.remember(db, reached)
            return groups
        }
    }

    /// The photo of the same kind whose perceptual hash is nearest to `assetID`'s (ties: the first
    /// path), for `--explain`: how far a file is from joining a similar group. Nil when it has no
    /// current hash or nothing to compare with.
    static func nearest(_ db: Database, assetID: Int64) throws -> (path: [UInt8], distance: Int)? {
        var own: (item: Item, kind: String)?
        var others: [(item: Item, kind: String)] = []
        try db.forEachRow("""
            SELECT a.id, f.phash, a.kind, f.turn_signs, f.turns FROM image_features f JOIN assets a ON a.id = f.asset_id
            WHERE f.phash IS NOT NULL AND a.screenshot = 0 AND \(CachedRow.isCurrent("f", for: "a"))
            """, [], FeatureColumns.self) { row, column in
            let item = (item: Item(row, column), kind: row.string(column.kind) ?? "")
            if item.item.id == assetID { own = item } else { others.append(item) }
        }
        guard let own else { return nil }
        let near = others.filter { $0.kind == own.kind }.map { (id: $0.item.id, distance: $0.item.gap(to: own.item)) }
        guard let distance = near.map(\.distance).min() else { return nil }
        let paths = try near.filter { $0.distance == distance }.compactMap { item -> [UInt8]? in
            switch try db.scalar("SELECT path FROM assets WHERE id = ?", [.integer(item.id)]) {
            case let .blob(bytes)?: return bytes
            case let .text(text)?: return Array(text.utf8)
            default: return nil
            }
        }
        guard let path = paths.min(by: { PathBytes.precedes($0, $1) }) else { return nil }
        return (path, distance)
    }

    /// The groups of `items` (one kind's photos, in no set order).
    ///
    /// Only the photos with a neighbour at all can be in a group, and all of a photo's neighbours
    /// have one too (itself), so those alone are clustered: put in path byte order (the order
    /// ties are broken in) they give the groups all the photos in that order give, and their
    /// paths and content hashes are all that is read (a library's photos are mostly alone).
    private static func candidates(_ items: [Item], _ db: Database, distance: Int, root: String?, apart: [DistinctSet],
                                   turned: [(Int, Int)], keys: inout Set<String>, reached: inout [Int64]) throws -> [GroupCandidate] {
        let reachable = try byPath(Self.reachable(items, distance: distance, turned: turned), db)
        reached += reachable.map(\.id)
        let ids = Set(reachable.map(\.id))
        let distinct = try DistinctSets.sets(db, among: reachable.map(\.id), root: root)
            + apart.map { DistinctSet(pictures: $0.pictures.map { $0.filter(ids.contains) }.filter { !$0.isEmpty }) }.filter { $0.pictures.count > 1 }
        let hashOf = Dictionary(uniqueKeysWithValues: reachable.map { ($0.id, $0.hash) })
        let place = Dictionary(uniqueKeysWithValues: reachable.enumerated().map { ($1.id, $0) })
        let turnedReachable = turned.map { (place[items[$0.0].id]!, place[items[$0.1].id]!) }
        var turnedFrom: [Int64: [Int64]] = [:]
        for (a, b) in turned {
            turnedFrom[items[a].id, default: []].append(items[b].id)
            turnedFrom[items[b].id, default: []].append(items[a].id)
        }
        return cluster(reachable, distance: distance, distinct: distinct, reach: Reach(reachable, distance: distance), turned: turnedReachable).map { ids in
            var key = String(hashOf[ids[0]]!, radix: 16)
            key = String(repeating: "0", count: 16 - key.count) + key
            while !keys.insert(key).inserted { key += "+" }
            var candidate = GroupCandidate(key: key, ids: ids)
            let members = Set(ids)
            for id in ids { if let from = turnedFrom[id]?.filter(members.contains), !from.isEmpty { candidate.turnedFrom[id] = from } }
            return candidate
        }
    }

    /// The photos of `items` with another photo within `distance` bits (as it is, or in one of the
    /// `turned` pairs), in their order: counted per distinct hash over arrays, not looked up in
    /// dictionaries (every photo of a library is asked).
    static func reachable(_ items: [Item], distance: Int, turned: [(Int, Int)] = []) -> [Item] {
        let nearby = HammingIndex(items.map(\.hash), radius: distance)
        let places = items.map { nearby.place(of: $0.hash) }
        var photos = [Int](repeating: 0, count: nearby.values.count)
        for place in places { photos[place] += 1 }
        let within = nearby.sums(of: photos)
        let paired = Set(turned.flatMap { [$0.0, $0.1] })
        return items.indices.filter { within[places[$0]] > 1 || paired.contains($0) }.map { items[$0] }
    }

    /// `items` in the byte order of their paths.
    private static func byPath(_ items: [Item], _ db: Database) throws -> [Item] {
        guard !items.isEmpty else { return [] }
        var paths: [Int64: [UInt8]] = [:]
        let list = JSONValue.list(items.map(\.id))
        try db.forEachRow("SELECT a.id, a.path FROM assets a WHERE a.id IN (SELECT value FROM json_each(?))", [.text(list)],
                          PathColumns.self) { row, column in
            paths[row.int64(column.id)] = row.bytes(column.path) ?? []
        }
        let ordered = items.map { (item: $0, path: paths[$0.id] ?? []) }
        return ordered.indices.sorted { PathBytes.precedes(ordered[$0].path, ordered[$1].path) }.map { ordered[$0].item }
    }

    /// The picture fields ``candidates(_:distance:root:)`` reads.
    struct FeatureColumns: RowColumns {
        let id, phash, kind, signs, turns: Row.Column

        init(_ row: Row) {
            (id, phash, kind) = (row.index("id"), row.index("phash"), row.index("kind"))
            (signs, turns) = (row.index("turn_signs"), row.index("turns"))
        }
    }

    /// The paths ``byPath(_:_:)`` reads.
    private struct PathColumns: RowColumns {
        let id, path: Row.Column

        init(_ row: Row) { (id, path) = (row.index("id"), row.index("path")) }
    }
}

extension SimilarGroups.Item {
    /// The photo of a row of `image_features` joined with its asset.
    init(_ row: Row, _ column: SimilarGroups.FeatureColumns) {
        self.init(id: row.int64(column.id), hash: UInt64(bitPattern: row.int64(column.phash)),
                  turn: row.optionalInt64(column.signs).flatMap { TurnPrint(signs: $0, code: row.optionalInt64(column.turns) ?? 0) })
    }
}
