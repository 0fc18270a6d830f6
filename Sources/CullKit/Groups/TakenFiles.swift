import Foundation

/// A file an earlier commit took and has not given back (its journal item is still `moved`), with
/// what Cull remembers of it (`taken_prints`, migration `0029-returns`).
struct TakenFile: Sendable {
    let commit: Int64
    let seq: Int64
    /// When its commit started (Unix seconds): only a file indexed after that can be it come back.
    let started: Int64
    /// Where it left from, relative to the library root.
    let path: [UInt8]
    /// Where the commit put it (absolute; nil when it was deleted for good).
    let destination: [UInt8]?
    let identity: IndexedIdentity
    /// How to decode it for its perceptual hash; nil when it is no photo.
    let decoding: FeatureCache.Decoding?
    /// Its capture time and its width and height, as indexed when it left (nil when unknown).
    let taken: Int64?
    let pixels: [Int64]?
    var content: ContentHash?
    var phash: UInt64?
    /// Why its prints could not be read (gone from the trash, changed there): never read again.
    var failure: String?
    /// Whether a row of it is in `taken_prints`.
    var printed: Bool
}

/// Reads the files commits took and the prints Cull keeps of them, and reads the prints a run
/// needs and lacks from where each commit put its file, once (``TakenFiles/complete(_:db:needs:)``).
enum TakenFiles {
    /// Every file taken by a commit and not given back, primaries and Live Photo halves (not
    /// sidecars), with its prints: those `taken_prints` holds, else the content and perceptual
    /// hashes the index had for the very same file when the commit took it (its `commit_` copies).
    static func read(_ db: Database) throws -> [TakenFile] {
        // Prints of items given back since (undone) are forgotten.
        try db.execute("""
            DELETE FROM taken_prints WHERE NOT EXISTS (SELECT 1 FROM commit_items i
                WHERE i.commit_id = taken_prints.commit_id AND i.seq = taken_prints.seq AND i.state = ?)
            """, [.text(ItemState.moved.rawValue)])
        func same(_ alias: String) -> String {
            "\(alias).commit_id = i.commit_id AND \(alias).seq = i.seq AND \(alias).device = i.device AND \(alias).inode = i.inode "
                + "AND \(alias).size = i.size AND \(alias).mtime_ns = i.mtime_ns"
        }
        var files: [TakenFile] = []
        try db.forEachRow("""
            SELECT i.commit_id, i.seq, c.started_at, i.path, i.destination, i.device, i.inode, i.size, i.mtime_ns,
                   s.kind, s.format, MAX(s.width, s.height) AS longest, s.width, s.height, s.taken,
                   p.commit_id IS NOT NULL AS printed, p.content, p.phash, p.failure, h.full AS saved_content, f.phash AS saved_phash
            FROM commit_items i JOIN commits c ON c.id = i.commit_id
            LEFT JOIN commit_assets s ON s.commit_id = i.commit_id AND s.seq = i.seq
            LEFT JOIN taken_prints p ON p.commit_id = i.commit_id AND p.seq = i.seq
            LEFT JOIN commit_hashes h ON \(same("h"))
            LEFT JOIN commit_image_features f ON \(same("f"))
            WHERE i.state = ? AND i.role <> ?
            ORDER BY i.commit_id, i.seq
            """, [.text(ItemState.moved.rawValue), .text(JournalRole.sidecar.rawValue)]) { row in
            let (width, height) = (row.optionalInt64("width"), row.optionalInt64("height"))
            let printed = row.int64("printed") != 0
            files.append(TakenFile(
                commit: row.int64("commit_id"), seq: row.int64("seq"), started: row.int64("started_at"), path: row.bytes("path") ?? [],
                destination: row.bytes("destination"),
                identity: IndexedIdentity(device: row.int64("device"), inode: row.int64("inode"), size: row.int64("size"),
                                          mtimeNs: row.int64("mtime_ns"), ctimeNs: nil),
                decoding: photoDecoding(row),
                taken: row.optionalInt64("taken"), pixels: ReturnedFiles.pixels(width, height),
                content: ContentHash(bytes: row.bytes("content")) ?? ContentHash(bytes: row.bytes("saved_content")),
                phash: (row.optionalInt64("phash") ?? row.optionalInt64("saved_phash")).map { UInt64(bitPattern: $0) },
                failure: row.string("failure"), printed: printed))
        }
        return files
    }

    /// How to decode the photo a row describes (its `kind`, `format` and `longest` side), for its
    /// perceptual hash; nil when it is no photo the features are measured of.
    static func photoDecoding(_ row: Row) -> FeatureCache.Decoding? {
        let format = row.string("format").flatMap(MediaFormat.init(rawValue:))
        guard row.string("kind") == MediaKind.photo.rawValue, let format, FeatureCache.measuredFormats.contains(format) else { return nil }
        return FeatureCache.Decoding(format: format, longest: row.optionalInt64("longest").map { Int(clamping: $0) })
    }

    /// What to read of a taken file: its content hash, its perceptual hash, or both.
    struct Needs: OptionSet, Sendable {
        let rawValue: Int
        static let content = Needs(rawValue: 1)
        static let picture = Needs(rawValue: 2)
    }

    /// Reads, from where their commit put them, the prints `needs` asks of `files` (by index) and
    /// records them in `taken_prints`, with the reason where a file cannot be read: gone from the
    /// trash, changed there, deleted for good, not decodable (it is not tried again).
    static func complete(_ files: inout [TakenFile], db: Database, needs: [Int: Needs]) throws {
        let wanted = needs.filter { files[$0.key].failure == nil && !$0.value.isEmpty }
        guard !wanted.isEmpty else { return }
        // One job per folder the files went to (the trash's `files`, the quarantine's folders).
        var byFolder: [[UInt8]: [Int]] = [:]
        for index in wanted.keys.sorted() {
            guard let destination = files[index].destination else {
                files[index].failure = "deleted for good"
                continue
            }
            byFolder[PathBytes.parent(destination), default: []].append(index)
        }
        for (folder, indices) in byFolder {
            let candidates = indices.map { index in
                CacheCandidate(id: Int64(index), path: PathBytes.basename(files[index].destination ?? []),
                               device: files[index].identity.device, inode: files[index].identity.inode, size: files[index].identity.size,
                               mtimeNs: files[index].identity.mtimeNs, ctimeNs: nil,
                               extra: Reading(needs: wanted[index] ?? [], decoding: files[index].decoding))
            }
            for (index, prints) in zip(indices, read(candidates, root: folder)) {
                guard let prints else {
                    files[index].failure = "gone from where the commit put it, or changed there"
                    continue
                }
                if let content = prints.content { files[index].content = content }
                if let phash = prints.phash { files[index].phash = phash }
                if prints.unreadable { files[index].failure = "its picture could not be decoded" }
            }
        }
        try remember(wanted.keys.sorted().map { files[$0] }.map { ($0.commit, $0.seq, $0.content, $0.phash, $0.failure) }, db: db)
    }

    /// Reads the prints `files` ask for (relative to `root`) on the decoding threads; nil for a file
    /// that is gone or not the file recorded.
    private static func read(_ files: [CacheCandidate<Reading>], root: [UInt8]) -> [Prints?] {
        CacheJob<Reading, Prints?>(files, root: root, schedule: .claims(threads: FeatureCache.threads), changed: nil) {
            let hasher = ContentHasher()
            return { file, opened in Self.prints(of: opened, file.extra, hasher: hasher, path: file.path) }
        }.finish()
    }

    /// What a job reads of one taken file.
    struct Reading: Sendable {
        let needs: Needs
        let decoding: FeatureCache.Decoding?
    }

    /// What was read of one taken file; `unreadable` when its picture was asked for and could not be decoded.
    struct Prints: Sendable {
        var content: ContentHash?
        var phash: UInt64?
        var unreadable = false
    }

    static func prints(of opened: ReadOnlyFile, _ reading: Reading, hasher: ContentHasher, path: [UInt8]) -> Prints? {
        var prints = Prints()
        if reading.needs.contains(.content) {
            guard let content = hasher.full(opened) else { return nil }
            prints.content = content
        }
        if reading.needs.contains(.picture), let decoding = reading.decoding {
            switch FeatureCache.analyse(opened, decoding: decoding, path: path) {
            case let .measured(features): prints.phash = features.hash?.value
            case .failed: prints.unreadable = true
            case .skipped: return nil
            }
        }
        return prints
    }

    /// Writes prints to `taken_prints` (commit, seq, content hash, perceptual hash, failure), in one transaction.
    private static func remember(_ rows: [(Int64, Int64, ContentHash?, UInt64?, String?)], db: Database) throws {
        try db.transaction {
            let upsert = try db.prepare("INSERT OR REPLACE INTO taken_prints (commit_id, seq, content, phash, failure) VALUES (?, ?, ?, ?, ?)")
            for (commit, seq, content, phash, failure) in rows {
                try upsert.execute([.integer(commit), .integer(seq), content.map { .blob($0.bytes) } ?? .null,
                                    phash.map { .integer(Int64(bitPattern: $0)) } ?? .null, failure.map(SQLValue.text) ?? .null])
            }
        }
    }

    /// `--permanently`: nothing is left to read later, so the prints of what commit `commit` is about
    /// to delete are read now, from the library (the content hash of each file, the perceptual hash of
    /// each photo), and kept in `taken_prints` (a file that cannot be read keeps its reason).
    static func rememberBeforeDeletion(_ db: Database, commit: Int64, root: [UInt8]) throws {
        var files: [CacheCandidate<Reading>] = []
        var seqs: [Int64] = []
        try db.forEachRow("""
            SELECT i.seq, i.path, i.device, i.inode, i.size, i.mtime_ns, a.kind, a.format, MAX(a.width, a.height) AS longest
            FROM commit_items i LEFT JOIN assets a ON a.id = i.asset_id
            WHERE i.commit_id = ? AND i.state = ? AND i.role <> ? ORDER BY i.seq
            """, [.integer(commit), .text(ItemState.pending.rawValue), .text(JournalRole.sidecar.rawValue)]) { row in
            let decoding = photoDecoding(row)
            seqs.append(row.int64("seq"))
            files.append(CacheCandidate(id: row.int64("seq"), path: row.bytes("path") ?? [], device: row.int64("device"), inode: row.int64("inode"),
                                        size: row.int64("size"), mtimeNs: row.int64("mtime_ns"), ctimeNs: nil,
                                        extra: Reading(needs: decoding != nil ? [.content, .picture] : [.content], decoding: decoding)))
        }
        try remember(zip(seqs, Self.read(files, root: root)).map { seq, prints in
            (commit, seq, prints?.content, prints?.phash, prints == nil ? "changed before the commit deleted it" : nil)
        }, db: db)
    }
}
