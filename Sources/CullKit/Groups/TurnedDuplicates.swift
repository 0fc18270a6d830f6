/// Same-picture copies turned or mirrored in their pixels (`duplicate: image`): a photo whose
/// pixels are another's turned by 90°, 180° or 270° or mirrored, saved again (an editor's lossless
/// turn, `jpegtran -perfect`, a PNG of a turned photo), or with its EXIF orientation baked into
/// the pixels. Their image data differs, so ``ImageGroups``' hash cannot tell; their pictures are the same.
///
/// Found from the measured ``TurnPrint``s, then proven on the pixels:
/// - **Candidates**: photos of one pixel size either way up whose print signs are one another's
///   turned to within ``printDistance`` bits (two decodes of one picture differ in a sign only where
///   a coefficient is near zero), found by their turn keys as similar's turned copies are
///   (``SimilarGroups/nearPrints(_:distance:accept:)``); the turn must match the sizes shown too. A
///   pair of one orientation that matches unturned (burst frames of a still scene, a PNG export of
///   a JPEG) is not a turned copy and is never decoded.
/// - **Proof**: both decoded whole, orientation applied, the one turned back: the same pixels as a
///   decoder gives them (``PixelDifference``). A re-encoded copy, however close, is not the same
///   pixels: `similar` finds those.
///
/// Bounded: a photo is compared no more once ``apartPerPhoto`` pairs found it apart (a hostile
/// library of one print repeated decodes no more than that a photo), each decode within the shared
/// ``DecodeBudget``; files are opened from the root by descriptor, only while they are the file
/// the index recorded. Without a root nothing is decoded and nothing found.
enum TurnedDuplicates {
    /// A pair found, by path order: turning `later` by `turn` gives `earlier`'s pixels. Which is
    /// the turned copy is the keeper ranking's to say (the one written later, ``GroupMember/turnedCopy``).
    struct Pair: Equatable {
        let earlier: Int64
        let later: Int64
        let turn: Turn
    }

    /// How many of 64 signs two decodes of one picture may differ in.
    static let printDistance = 4
    /// The most pairs a photo is found apart in: beyond them it is compared no more (a photo has a
    /// few re-encoded copies of its size at most; a hostile library of one print repeated is bounded).
    static let apartPerPhoto = 16
    /// The most bytes of decodes kept for the next pair beside the two being compared: three 12-megapixel photos.
    static let keptDecodeBytes = 3 * 12_000_000 * 3

    /// The photos of the index that are another's pixels turned or mirrored, by pair.
    static func pairs(_ db: Database, root: String?) throws -> [Pair] {
        guard let root else { return [] }
        let near = try candidates(db)
        guard !near.isEmpty else { return [] }
        // A photo deleted since the candidates were found is not loaded, and its pairs go.
        let photos = try Photo.load(db, ids: Array(Set(near.flatMap { [$0.0, $0.1] })))
        let ordered = near.compactMap { pair -> (earlier: Photo, later: Photo)? in
            guard let a = photos[pair.0], let b = photos[pair.1] else { return nil }
            return PathBytes.precedes(a.path, b.path) ? (a, b) : (b, a)
        }.sorted { PathBytes.precedes($0.earlier.path, $1.earlier.path)
            || ($0.earlier.path == $1.earlier.path && PathBytes.precedes($0.later.path, $1.later.path)) }
        var verdicts = try Verdicts(db)
        let found = proven(ordered, reader: FileReader(root: Array(root.utf8)), verdicts: &verdicts)
        verdicts.save(db)
        return found
    }

    /// The pairs of photos (by asset id) whose prints are near and whose pixel sizes a turn can
    /// match: what is proven on the pixels. Remembered over the change counts of what they are read
    /// from (the prints, the assets' identities and sizes, their kinds and orientations), deletions
    /// of assets aside (``ChangeWatch``): editing a rating or a capture time, or deleting photos,
    /// does not search a million prints again (0.8 s).
    static func candidates(_ db: Database) throws -> [(Int64, Int64)] {
        let watch = try ChangeWatch.overPictures(db, name: "turned_candidates")
        if let memo = watch.memo {
            var reader = MemoReader(memo)
            if let pairs = reader.pairs(), reader.isAtEnd { return pairs }
        }
        var ids: [Int64] = []
        var prints: [TurnPrint?] = []
        var shapes: [Shape] = []
        // The prints in table order, each asset looked up by id (CROSS JOIN: SQLite would walk
        // `assets_kind_size` for the photos and look both rows up at random, 12x slower at a million).
        try db.forEachRow("""
            SELECT a.id, a.width, a.height, a.orientation, f.turn_signs, f.turns FROM image_features f CROSS JOIN assets a ON a.id = f.asset_id
            WHERE f.turn_signs IS NOT NULL AND a.kind = 'photo' AND a.width > 0 AND a.height > 0 AND \(CachedRow.isCurrent("f", for: "a"))
            """, [], PrintColumns.self) { row, column in
            guard let print = TurnPrint(signs: row.int64(column.signs), code: row.int64(column.turns)) else { return }
            ids.append(row.int64(column.id))
            prints.append(print)
            shapes.append(Shape(row, column))
        }
        // Only pairs a turn can match are kept: frames of a still scene (one print, one orientation) never are.
        let near = SimilarGroups.nearPrints(prints, distance: printDistance) { !shapes[$0].turns(toMatch: shapes[$1]).isEmpty }
            .map { (ids[$0.0], ids[$0.1]) }
        var writer = MemoWriter()
        writer.append(pairs: near)
        // An index this run cannot write only searches again next time.
        try? watch.recordIfUnchanged(db, memo: writer.bytes)
        return near
    }

    /// What the pairs compared before were found to be, by both files' recorded identities (kept in
    /// `cache_states`): a pair is decoded once while its files stay as they are, not on every plan
    /// after any change to the index. Only the verdicts of this run's pairs are kept.
    private struct Verdicts {
        /// Its `cache_states` row (``ChangeWatch`` over no table: kept whatever else changes, by version).
        private let watch: ChangeWatch
        private var known: [[Int64]: Int64] = [:]
        private var used: [[Int64]: Int64] = [:]

        init(_ db: Database) throws {
            watch = try ChangeWatch(db, name: "turned_duplicates", tables: [], version: 1)
            var reader = MemoReader(watch.memo ?? [])
            guard let flat = reader.list(), flat.count % 11 == 0 else { return }
            for start in stride(from: 0, to: flat.count, by: 11) { known[Array(flat[start ..< start + 10])] = flat[start + 10] }
        }

        private static func key(_ earlier: Photo, _ later: Photo) -> [Int64] {
            [earlier.recorded, later.recorded].flatMap { [$0.device, $0.inode, $0.size, $0.mtimeNs, $0.ctimeNs ?? -1] }
        }

        /// The turn that makes `later` `earlier` (nil: not the same pixels), when the pair was compared before.
        mutating func recalled(_ earlier: Photo, _ later: Photo) -> Turn?? {
            let key = Self.key(earlier, later)
            guard let verdict = known[key] else { return nil }
            used[key] = verdict
            return .some(verdict < 0 ? nil : Turn(index: Int(verdict)))
        }

        mutating func record(_ earlier: Photo, _ later: Photo, _ turn: Turn?) {
            used[Self.key(earlier, later)] = Int64(turn?.index ?? -1)
        }

        /// Keeps this run's verdicts; an index this run cannot write only compares them again.
        func save(_ db: Database) {
            guard used != known else { return }
            var writer = MemoWriter()
            writer.append(list: used.sorted { $0.key.lexicographicallyPrecedes($1.key) }.flatMap { $0.key + [$0.value] })
            try? watch.record(db, memo: writer.bytes)
        }
    }

    /// The pairs of `candidates` whose pixels are the same turned, each compared unless its two are
    /// joined already (through other pairs) or one has been found apart ``apartPerPhoto`` times.
    private static func proven(_ candidates: [(earlier: Photo, later: Photo)], reader: FileReader, verdicts: inout Verdicts) -> [Pair] {
        var joined: [Int64: Int64] = [:]
        func root(_ id: Int64) -> Int64 {
            var id = id
            while let next = joined[id], next != id { id = next }
            return id
        }
        var failed: [Int64: Int] = [:]
        // The last few decodes (a photo is compared with a few others in a row), up to
        // ``keptDecodeBytes``: a pair of 100-megapixel photos keeps none but the two compared.
        var decoded: [(id: Int64, image: DecodedImage?)] = []
        func picture(_ photo: Photo) -> DecodedImage? {
            if let known = decoded.first(where: { $0.id == photo.id }) { return known.image }
            let coming = photo.shape.width * photo.shape.height * 3
            while !decoded.isEmpty, decoded.reduce(coming, { $0 + ($1.image?.pixels.count ?? 0) }) > keptDecodeBytes { decoded.removeFirst() }
            let image = photo.decode(reader)
            if coming <= keptDecodeBytes { decoded.append((photo.id, image)) }
            return image
        }
        var found: [Pair] = []
        for (earlier, later) in candidates where root(earlier.id) != root(later.id) {
            let turns = later.turns(toMatch: earlier)
            guard !turns.isEmpty, failed[earlier.id, default: 0] < apartPerPhoto, failed[later.id, default: 0] < apartPerPhoto else { continue }
            func apart() {
                failed[earlier.id, default: 0] += 1
                failed[later.id, default: 0] += 1
            }
            if let recalled = verdicts.recalled(earlier, later) {
                guard let turn = recalled else {
                    apart()
                    continue
                }
                joined[root(later.id)] = root(earlier.id)
                found.append(Pair(earlier: earlier.id, later: later.id, turn: turn))
                continue
            }
            // A file that could not be decoded (gone, changed, unreadable) is not judged: no verdict kept.
            guard let original = picture(earlier), let copy = picture(later) else { continue }
            // The codec's own grey planes, decoded once a pair and only when a turn needs them.
            var lumas: (DecodedImage, DecodedImage)??
            let turn = turns.first(where: { turn in
                guard let colour = PixelDifference.between(original, copy, turnedBy: turn) else { return false }
                if colour.isSamePicture { return true }
                // Within what colour upsampling moves: the same if the codec's own grey planes are.
                guard colour.isWithinUpsampling else { return false }
                if lumas == nil {
                    lumas = .some(earlier.decode(reader, grey: true).flatMap { a in later.decode(reader, grey: true).map { (a, $0) } })
                }
                guard let (a, b) = lumas ?? nil else { return false }
                return PixelDifference.between(a, b, turnedBy: turn)?.isSameLuma == true
            })
            verdicts.record(earlier, later, turn)
            guard let turn else {
                apart()
                continue
            }
            joined[root(later.id)] = root(earlier.id)
            found.append(Pair(earlier: earlier.id, later: later.id, turn: turn))
        }
        return found
    }

    /// What tells which turns could bring one photo onto another: its print's signs, its size as
    /// shown (the index keeps it with the orientation applied, as the decode gives it), its orientation.
    private struct Shape {
        let signs: UInt64
        let width: Int, height: Int
        let orientation: Int

        init(_ row: Row, _ column: some ShapeColumns) {
            signs = UInt64(bitPattern: row.int64(column.signs))
            (width, height) = (Int(row.int64(column.width)), Int(row.int64(column.height)))
            orientation = Int(row.optionalInt64(column.orientation) ?? 1)
        }

        /// The turns that bring this photo onto `other`, nearest first: its signs turned are within
        /// ``printDistance`` of `other`'s, its size turned is `other`'s, and it is not the same
        /// orientation unturned.
        func turns(toMatch other: Shape) -> [Turn] {
            Turn.allCases.compactMap { turn -> (Turn, Int)? in
                let bits = (turn.apply(to: signs) ^ other.signs).nonzeroBitCount
                guard bits <= printDistance, turn.size(width: width, height: height) == (other.width, other.height),
                      turn != .none || orientation != other.orientation else { return nil }
                return (turn, bits)
            }.sorted { $0.1 < $1.1 }.map(\.0)
        }
    }

    /// A candidate photo: where it is, what the index recorded of it, and its shape.
    private struct Photo {
        let id: Int64
        let path: [UInt8]
        let recorded: IndexedIdentity
        let shape: Shape
        /// Its image-data hash, when it has one: photos of one hash are one group already.
        let imageHash: [UInt8]?

        /// The turns that bring this photo onto `other` (``Shape/turns(toMatch:)``), none for two of one image-data hash.
        func turns(toMatch other: Photo) -> [Turn] {
            if let imageHash, imageHash == other.imageHash { return [] }
            return shape.turns(toMatch: other.shape)
        }

        /// The whole picture, orientation applied, in colour or grey (a JPEG's own luma plane); nil
        /// when it is not the recorded file any more or cannot be decoded.
        func decode(_ reader: FileReader, grey: Bool = false) -> DecodedImage? {
            guard let file = reader.openUnchanged(path, as: recorded) else { return nil }
            return try? ImageDecoder.decode(file, path: PathBytes.display(path), maxSide: max(shape.width, shape.height), grey: grey)
        }

        static func load(_ db: Database, ids: [Int64]) throws -> [Int64: Photo] {
            var photos: [Int64: Photo] = [:]
            try db.forEachRow("""
                SELECT a.id, a.path, a.device, a.inode, a.size, a.mtime_ns, a.ctime_ns, a.width, a.height, a.orientation,
                       f.turn_signs, i.hash
                FROM assets a JOIN image_features f ON f.asset_id = a.id
                LEFT JOIN image_hashes i ON i.asset_id = a.id AND \(CachedRow.isCurrent("i", for: "a"))
                WHERE a.id IN (SELECT value FROM json_each(?))
                """, [.text(JSONValue.list(ids))], PhotoColumns.self) { row, column in
                let recorded = IndexedIdentity(device: row.int64(column.device), inode: row.int64(column.inode), size: row.int64(column.size),
                                               mtimeNs: row.int64(column.mtimeNs), ctimeNs: row.optionalInt64(column.ctimeNs))
                photos[row.int64(column.id)] = Photo(
                    id: row.int64(column.id), path: row.bytes(column.path) ?? [], recorded: recorded,
                    shape: Shape(row, column), imageHash: row.bytes(column.hash))
            }
            return photos
        }
    }

    /// The columns a ``Shape`` is read from.
    private protocol ShapeColumns: RowColumns {
        var width: Row.Column { get }
        var height: Row.Column { get }
        var orientation: Row.Column { get }
        var signs: Row.Column { get }
    }

    private struct PrintColumns: ShapeColumns {
        let id, width, height, orientation, signs, turns: Row.Column

        init(_ row: Row) {
            (id, width, height, orientation) = (row.index("id"), row.index("width"), row.index("height"), row.index("orientation"))
            (signs, turns) = (row.index("turn_signs"), row.index("turns"))
        }
    }

    private struct PhotoColumns: ShapeColumns {
        let id, path, device, inode, size, mtimeNs, ctimeNs, width, height, orientation, signs, hash: Row.Column

        init(_ row: Row) {
            (id, path, device, inode) = (row.index("id"), row.index("path"), row.index("device"), row.index("inode"))
            (size, mtimeNs, ctimeNs) = (row.index("size"), row.index("mtime_ns"), row.index("ctime_ns"))
            (width, height, orientation) = (row.index("width"), row.index("height"), row.index("orientation"))
            (signs, hash) = (row.index("turn_signs"), row.index("hash"))
        }
    }
}
