import Foundation

/// Files that came back after a commit took them: a file first indexed after a commit took a file
/// with the same bytes, or the same picture, is `returned` (a phone or a cloud client syncing a
/// deleted photo back, a chat app saving the same meme again).
///
/// Rebuilt into `returns` (migration `0029-returns`) by every run that reads `returned` or
/// `returned_from`, before its rules run:
/// - **candidates** are the files indexed after the start of the commit that took the file they
///   match (`added` later than it: a file of the library then, a keeper say, is never one);
/// - **the same bytes**: a candidate of a taken file's size whose content hash is the taken file's;
/// - **the same picture**: a photo whose perceptual hash is at most ``pictureDistance`` bits from a
///   taken photo's, of the same shape (width over height within 2%), and no nearer to a photo the
///   library already had when that commit ran (a copy of a kept burst frame or a kept original is
///   not the frame the commit took, however alike the two look).
///
/// What Cull remembers of a taken file is read from where its commit put it (the trash, the
/// quarantine folder) the first time a run needs it (``TakenFiles``): its content hash only when a
/// file of its size was indexed since, its perceptual hash when it is a photo. A file deleted for
/// good is read before the commit deletes it (``TakenFiles/rememberBeforeDeletion(_:commit:root:)``);
/// one already emptied from the trash by then is remembered only by what the index had measured of
/// it before it left (its content hash when it had a twin, its features when a rule read them).
/// `cull undo` gives the files back, and their prints are forgotten.
public enum ReturnedFiles {
    /// How many bits of 64 two perceptual hashes of the same picture may differ by: a re-encode or a
    /// resize moves a few; a second shot of the same scene usually more.
    public static let pictureDistance = 2
    /// How far apart in capture time photos the library already had are measured, around a photo
    /// that may be a taken one come back, so that a kept frame of the same burst is seen (seconds).
    static let window: Int64 = 600

    /// One indexed file that may be a taken one come back.
    private struct Candidate {
        let id: Int64
        let path: [UInt8]
        let identity: IndexedIdentity
        let added: Int64
        let photo: Bool
        let taken: Int64?
        /// Width and height, when known.
        let pixels: [Int64]?
        var content: ContentHash?
        var phash: UInt64?
    }

    /// A file found come back: which taken file it is, by what evidence, how far apart.
    private struct Found {
        let asset: Int64
        let taken: Int
        let evidence: ReturnEvidence
        let distance: Int
    }

    /// Rebuilds `returns`: which indexed files are taken files come back, reading what it must
    /// (prints of taken files from their destination, content hashes of candidates of a taken
    /// file's size, the features of new photos and of the photos shot around them).
    public static func refresh(_ db: Database, root: String) throws {
        var taken = try TakenFiles.read(db)
        let earliest = taken.map(\.started).min()
        var candidates = try earliest.map { try newFiles(db, after: $0) } ?? []
        var needs: [Int: TakenFiles.Needs] = [:]
        let sizes = Dictionary(grouping: candidates.indices, by: { candidates[$0].identity.size })
        let newestPhoto = candidates.filter(\.photo).map(\.added).max()
        for (index, file) in taken.enumerated() where file.failure == nil {
            if file.content == nil, sizes[file.identity.size]?.contains(where: { candidates[$0].added > file.started }) == true {
                needs[index, default: []].insert(.content)
            }
            if file.decoding != nil, !file.printed, file.phash == nil, let newest = newestPhoto, newest > file.started {
                needs[index, default: []].insert(.picture)
            }
        }
        try TakenFiles.complete(&taken, db: db, needs: needs)
        try readContent(of: &candidates, matching: taken, db: db, root: root)
        // New photos are measured only when a taken photo has a picture to compare them with.
        if taken.contains(where: { $0.phash != nil }) { try readPictures(of: &candidates, db: db, root: root) }
        var found = sameBytes(candidates, taken)
        let pictures = try samePicture(candidates, taken, excluding: Set(found.map(\.asset)), db: db, root: root)
        found += pictures
        let rows = found.map { match -> [SQLValue] in
            [.integer(match.asset), .integer(taken[match.taken].commit), .integer(taken[match.taken].seq),
             match.evidence.sql, .integer(Int64(match.distance))]
        }
        try db.transaction {
            // Written only when it changed: every row written moves the count a plan's memos watch
            // (`0031-plan-inputs`), and a plan after a commit found the same files come back each time.
            var stored: [[SQLValue]] = []
            try db.forEachRow("SELECT asset_id, commit_id, seq, evidence, distance FROM returns ORDER BY asset_id") { row in
                stored.append([.integer(row.int64("asset_id")), .integer(row.int64("commit_id")), .integer(row.int64("seq")),
                               row.value("evidence"), .integer(row.int64("distance"))])
            }
            guard stored != rows.sorted(by: { $0[0].int64 ?? 0 < $1[0].int64 ?? 0 }) else { return }
            try db.execute("DELETE FROM returns")
            let insert = try db.prepare("INSERT INTO returns (asset_id, commit_id, seq, evidence, distance) VALUES (?, ?, ?, ?, ?)")
            for row in rows { try insert.execute(row) }
        }
    }

    /// The files indexed after `time` (not damaged, not empty), with the content hash the index
    /// has for each when it is current, and its perceptual hash when it is a photo with current features.
    private static func newFiles(_ db: Database, after time: Int64) throws -> [Candidate] {
        var files: [Candidate] = []
        try db.forEachRow("""
            SELECT a.id, a.path, a.device, a.inode, a.size, a.mtime_ns, a.added, a.kind, a.format, a.width, a.height,
                   MAX(a.width, a.height) AS longest, a.taken,
                   (SELECT h.full FROM hashes h WHERE h.asset_id = a.id AND \(CachedRow.isCurrent("h", for: "a"))) AS content,
                   \(FeatureCache.current("phash")) AS phash
            FROM assets a WHERE a.added > ? AND a.size > 0 AND a.broken = 0
            """, [.integer(time)]) { row in
            let (width, height) = (row.optionalInt64("width"), row.optionalInt64("height"))
            files.append(Candidate(
                id: row.int64("id"), path: row.bytes("path") ?? [],
                identity: IndexedIdentity(device: row.int64("device"), inode: row.int64("inode"), size: row.int64("size"),
                                          mtimeNs: row.int64("mtime_ns"), ctimeNs: nil),
                added: row.int64("added"),
                photo: TakenFiles.photoDecoding(row) != nil,
                taken: row.optionalInt64("taken"),
                pixels: pixels(width, height),
                content: ContentHash(bytes: row.bytes("content")), phash: row.optionalInt64("phash").map { UInt64(bitPattern: $0) }))
        }
        return files
    }

    /// Reads the content hash of each candidate of the size of a taken file with a content hash, left
    /// by a commit that started before the candidate was indexed (where the index has none current).
    private static func readContent(of candidates: inout [Candidate], matching taken: [TakenFile], db: Database, root: String) throws {
        var started: [Int64: Int64] = [:]
        for file in taken where file.content != nil { started[file.identity.size] = min(started[file.identity.size] ?? .max, file.started) }
        let needed = candidates.indices.filter { index in
            candidates[index].content == nil && started[candidates[index].identity.size].map { candidates[index].added > $0 } == true
        }
        guard !needed.isEmpty else { return }
        let files = needed.map { index in
            CacheCandidate(id: candidates[index].id, path: candidates[index].path, device: candidates[index].identity.device,
                           inode: candidates[index].identity.inode, size: candidates[index].identity.size,
                           mtimeNs: candidates[index].identity.mtimeNs, ctimeNs: nil, extra: 0)
        }
        let job = CacheJob<Int, ContentHash?>(files, root: Array(root.utf8), schedule: .shares, changed: nil) {
            let hasher = ContentHasher()
            return { _, opened in hasher.full(opened) }
        }
        for (index, content) in zip(needed, job.finish()) { candidates[index].content = content }
    }

    /// Measures the new photos that have no current features (once: the feature cache keeps them).
    private static func readPictures(of candidates: inout [Candidate], db: Database, root: String) throws {
        let missing = candidates.filter { $0.photo && $0.phash == nil }.map(\.id)
        guard !missing.isEmpty else { return }
        try FeatureCache(db: db, root: root).refresh(among: missing)
        let measured = try phashes(db, of: missing)
        for index in candidates.indices where candidates[index].phash == nil {
            candidates[index].phash = measured[candidates[index].id]
        }
    }

    /// The current perceptual hashes of the assets `ids` that have one.
    private static func phashes(_ db: Database, of ids: [Int64]) throws -> [Int64: UInt64] {
        var found: [Int64: UInt64] = [:]
        try db.forEachRow("""
            SELECT a.id, \(FeatureCache.current("phash")) AS phash FROM assets a WHERE a.id IN (SELECT value FROM json_each(?))
            """, [.text(JSONValue.list(ids))]) { row in
            if let phash = row.optionalInt64("phash") { found[row.int64("id")] = UInt64(bitPattern: phash) }
        }
        return found
    }

    /// Each candidate with the bytes of a taken file it was indexed after (the latest such taking).
    private static func sameBytes(_ candidates: [Candidate], _ taken: [TakenFile]) -> [Found] {
        var byContent: [ContentHash: [Int]] = [:]
        for (index, file) in taken.enumerated() { if let content = file.content { byContent[content, default: []].append(index) } }
        return candidates.compactMap { candidate in
            guard let content = candidate.content,
                  let match = byContent[content]?.filter({ candidate.added > taken[$0].started && taken[$0].identity.size == candidate.identity.size })
                    .max(by: { taken[$0].commit < taken[$1].commit }) else { return nil }
            return Found(asset: candidate.id, taken: match, evidence: .bytes, distance: 0)
        }
    }
}

extension ReturnedFiles {
    /// Each new photo (not already found by its bytes) within ``pictureDistance`` bits of a taken
    /// photo of its shape that it was indexed after (the nearest; the latest taking of equals), unless
    /// a photo the library had when that commit ran is as near to it.
    private static func samePicture(_ candidates: [Candidate], _ taken: [TakenFile], excluding found: Set<Int64>,
                                    db: Database, root: String) throws -> [Found] {
        var byHash: [UInt64: [Int]] = [:]
        for (index, file) in taken.enumerated() { if let phash = file.phash { byHash[phash, default: []].append(index) } }
        guard !byHash.isEmpty else { return [] }
        let index = HammingIndex(Array(byHash.keys), radius: pictureDistance)
        var matches: [(candidate: Candidate, found: Found)] = []
        for candidate in candidates where candidate.photo && !found.contains(candidate.id) {
            guard let phash = candidate.phash else { continue }
            var best: (taken: Int, distance: Int)?
            index.forEach(within: phash) { value in
                let distance = (value ^ phash).nonzeroBitCount
                for match in byHash[value] ?? [] where candidate.added > taken[match].started && sameShape(candidate.pixels, taken[match].pixels) {
                    if let known = best, (known.distance, taken[known.taken].commit) <= (distance, taken[match].commit) { continue }
                    best = (match, distance)
                }
            }
            if let best { matches.append((candidate, Found(asset: candidate.id, taken: best.taken, evidence: .picture, distance: best.distance))) }
        }
        guard !matches.isEmpty else { return [] }
        let around = Around(times: matches.flatMap { [$0.candidate.taken, taken[$0.found.taken].taken] }.compactMap { $0 },
                            sizes: Set(matches.flatMap { [$0.candidate.pixels, taken[$0.found.taken].pixels] }.compactMap { $0 }))
        guard let kept = try keptPhotos(db, root: root, around: around, before: matches.map { taken[$0.found.taken].started }.max() ?? 0) else {
            return []
        }
        let near = HammingIndex(Array(kept.keys), radius: pictureDistance)
        return matches.filter { match in
            guard let phash = match.candidate.phash else { return false }
            var nearer = false
            near.forEach(within: phash) { value in
                guard (value ^ phash).nonzeroBitCount <= match.found.distance else { return }
                if kept[value]?.contains(where: { $0.id != match.candidate.id && $0.added <= taken[match.found.taken].started }) == true { nearer = true }
            }
            return !nearer
        }.map(\.found)
    }

    /// A pixel size as a key, when both sides are known.
    static func pixels(_ width: Int64?, _ height: Int64?) -> [Int64]? {
        guard let width, let height, width > 0, height > 0 else { return nil }
        return [width, height]
    }

    /// Whether two pixel sizes have the same shape (width over height) within 2%; unknown ones are not told apart.
    private static func sameShape(_ a: [Int64]?, _ b: [Int64]?) -> Bool {
        guard let a, let b else { return true }
        let (x, y) = (Double(a[0]) / Double(a[1]), Double(b[0]) / Double(b[1]))
        return abs(x - y) <= 0.02 * max(x, y)
    }

    /// Where photos the library had may be the ones a new photo is a copy of: shot within ``window``
    /// of one of `times`, or of one of these pixel sizes (width, height).
    private struct Around {
        let times: [Int64]
        let sizes: Set<[Int64]>

        init(times: [Int64], sizes: Set<[Int64]>) {
            self.times = times.sorted()
            self.sizes = sizes
        }

        func contains(taken time: Int64?, pixels: [Int64]?) -> Bool {
            if let pixels, sizes.contains(pixels) { return true }
            guard let time else { return false }
            var (low, high) = (0, times.count)
            while low < high { let middle = (low + high) / 2; if times[middle] < time - window { low = middle + 1 } else { high = middle } }
            return low < times.count && times[low] <= time + window
        }
    }

    /// The most photos a run measures to tell a copy of a kept photo from a taken one come back;
    /// past it, no photo counts as returned by its picture (the safe side), until their features are
    /// measured (any rule reading `similar` or `blurry` measures every photo).
    static let measuredAround = 5_000

    /// The photos indexed by `before` with current features, by perceptual hash (each with its id and
    /// when it was indexed), after measuring those `around` covers that lack them; nil when those are
    /// more than ``measuredAround``.
    private static func keptPhotos(_ db: Database, root: String, around: Around,
                                   before: Int64) throws -> [UInt64: [(id: Int64, added: Int64)]]? {
        var unmeasured: [Int64] = []
        var kept: [UInt64: [(id: Int64, added: Int64)]] = [:]
        try db.forEachRow("""
            SELECT a.id, a.added, a.taken, a.width, a.height, \(FeatureCache.current("phash")) AS phash,
                   \(FeatureCache.current("edges")) AS measured
            FROM assets a WHERE a.added <= ? AND a.kind = ?
            """, [.integer(before), .text(MediaKind.photo.rawValue)]) { row in
            if let phash = row.optionalInt64("phash") {
                kept[UInt64(bitPattern: phash), default: []].append((row.int64("id"), row.int64("added")))
            } else if row.optionalInt64("measured") == nil,
                      around.contains(taken: row.optionalInt64("taken"), pixels: pixels(row.optionalInt64("width"), row.optionalInt64("height"))) {
                unmeasured.append(row.int64("id"))
            }
        }
        guard unmeasured.count <= measuredAround else { return nil }
        guard !unmeasured.isEmpty else { return kept }
        try FeatureCache(db: db, root: root).refresh(among: unmeasured)
        try db.forEachRow("""
            SELECT a.id, a.added, \(FeatureCache.current("phash")) AS phash FROM assets a WHERE a.id IN (SELECT value FROM json_each(?))
            """, [.text(JSONValue.list(unmeasured))]) { row in
            if let phash = row.optionalInt64("phash") { kept[UInt64(bitPattern: phash), default: []].append((row.int64("id"), row.int64("added"))) }
        }
        return kept
    }
}
