extension SimilarGroups {
    /// The pairs of photos near only turned or mirrored (``turnedPairs(_:distance:)``), remembered by
    /// asset id over what they are computed from: the prints and hashes (`image_features`), the
    /// assets' identities, kinds, orientations and screenshot marks, deletions of assets aside
    /// (``ChangeWatch``). A plan after ratings or capture times were edited, or a few photos
    /// deleted, does not search a million prints again; a deleted photo is in no pair of a kind's
    /// photos read now.
    struct TurnedPairs {
        private let watch: ChangeWatch
        private let distance: Int
        private let remembered: [(Int64, Int64)]?
        private var found: [(Int64, Int64)] = []

        init(_ db: Database, distance: Int) throws {
            watch = try ChangeWatch.overPictures(db, name: "similar_turned")
            self.distance = distance
            var reader = MemoReader(watch.memo ?? [])
            if let within = reader.next(), within == Int64(distance), let pairs = reader.pairs(), reader.isAtEnd {
                remembered = pairs
            } else {
                remembered = nil
            }
        }

        /// The turned pairs of `items` (one kind's photos), by index, the lower first, in order.
        mutating func pairs(of items: [Item]) -> [(Int, Int)] {
            guard let remembered else {
                let pairs = SimilarGroups.turnedPairs(items, distance: distance)
                found += pairs.map { (items[$0.0].id, items[$0.1].id) }
                return pairs
            }
            var index: [Int64: Int] = [:]
            for (place, item) in items.enumerated() where index[item.id] == nil { index[item.id] = place }
            return remembered.compactMap { pair -> (Int, Int)? in
                guard let a = index[pair.0], let b = index[pair.1] else { return nil }
                return (min(a, b), max(a, b))
            }.sorted { ($0.0, $0.1) < ($1.0, $1.1) }
        }

        /// Remembers the pairs found, when they were searched for.
        func remember(_ db: Database) {
            guard remembered == nil else { return }
            var writer = MemoWriter()
            writer.append(Int64(distance))
            writer.append(pairs: found)
            // An index this run cannot write only searches again next time.
            try? watch.recordIfUnchanged(db, memo: writer.bytes)
        }
    }


    /// The photos with a neighbour within the distance (or a turned copy) when the prints were last
    /// searched, remembered over what that search reads (``ChangeWatch/overPictures(_:name:version:)``),
    /// deletions of assets aside. While it holds, only they are read and searched again: a photo's
    /// neighbours have one too, so every photo with a neighbour now is among them (a deletion only
    /// leaves some alone), and a plan after ratings or capture times were edited does not read and
    /// search a million prints (1 s at a million).
    struct Neighboured {
        private let watch: ChangeWatch
        private let distance: Int
        /// The photos that had a neighbour, when the watch holds.
        let remembered: [Int64]?

        init(_ db: Database, distance: Int) throws {
            // One a distance: the similar groups of two distances are loaded in one run.
            watch = try ChangeWatch.overPictures(db, name: "similar_neighboured_\(distance)")
            var reader = MemoReader(watch.memo ?? [])
            if let within = reader.next(), within == Int64(distance), let ids = reader.list(), reader.isAtEnd {
                remembered = ids
            } else {
                remembered = nil
            }
            self.distance = distance
        }

        /// Remembers `ids`, the photos found with a neighbour, when every print was searched.
        func remember(_ db: Database, _ ids: [Int64]) {
            guard remembered == nil else { return }
            var writer = MemoWriter()
            writer.append(Int64(distance))
            writer.append(list: ids.sorted())
            // An index this run cannot write only searches again next time.
            try? watch.recordIfUnchanged(db, memo: writer.bytes)
        }
    }
}
