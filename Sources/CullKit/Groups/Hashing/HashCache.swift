import Foundation

/// Keeps the `hashes` table current for exact-duplicate groups, hashing as little as it can:
/// only files that share their size with another file (another inode: hard links are one file),
/// then the partial hash (first and last block) of those, then the full content of the files
/// that still share size *and* partial hash. A row computed for the asset's current identity is
/// reused without opening the file. Files are read on every core, through the POSIX layer's
/// regular-file open (never a FIFO, never through a symlink).
public struct HashCache: IdentityCache {
    static let table = CacheTable.hashes
    /// Contiguous shares by table order: a thread's files share folders.
    static let schedule = CacheSchedule.shares

    /// What one refresh did.
    public struct Report: Sendable, Equatable {
        /// Files opened and hashed (partially or fully).
        public var hashed = 0
        /// Bytes read.
        public var bytesRead: Int64 = 0
        /// Files that could not be hashed (gone, changed since the scan, unreadable): never grouped.
        public var skipped = 0
    }

    let db: Database
    /// The library root, absolute.
    let root: [UInt8]

    public init(db: Database, root: String) {
        self.db = db
        self.root = Array(root.utf8)
    }

    /// One indexed file that may need hashing, with its hashes when its row is current.
    typealias Candidate = CacheCandidate<Hashes>

    /// The hashes a file has so far.
    struct Hashes: Sendable {
        var partial: ContentHash?
        var full: ContentHash?
    }

    /// The cache's columns of a candidate row: the hashes stored.
    struct HashColumns: RowColumns {
        let partial, full: Row.Column

        init(_ row: Row) { (partial, full) = (row.index("partial"), row.index("full")) }
    }

    /// Brings every needed hash up to date.
    @discardableResult
    public func refresh(progress: HashProgress? = nil) throws -> Report { try update(progress: progress).report }

    /// Brings every needed hash up to date; the files that may have a twin, with their current
    /// hashes (nil where a file could not be hashed), for ``ExactGroups`` to group without another query.
    /// `watch` follows the change counts past its writes (``ChangeWatch/begin(_:)``).
    func update(progress: HashProgress? = nil, watch: ChangeWatch? = nil) throws -> (files: [Candidate], report: Report) {
        var report = Report()
        var candidates = try Self.candidates(db)
        // Partial hashes for every size bucket of two or more files.
        let needPartial = Self.inTableOrder(candidates, candidates.indices.filter { candidates[$0].extra.partial == nil })
        let partials = hash(needPartial.map { candidates[$0] }, full: false, report: &report, progress: progress)
        for (index, result) in zip(needPartial, partials) {
            candidates[index].extra = Hashes(partial: result?.partial, full: result?.full)
        }
        // Full hashes where size and partial hash are shared (by sorting each size's run, not
        // hashing every file into a dictionary: the warm plan passes here too).
        var needFull: [Int] = []
        for run in Self.runs(candidates, by: \.size) where run.contains(where: { candidates[$0].extra.full == nil }) {
            let hashed = run.compactMap { index in candidates[index].extra.partial.map { (index: index, partial: $0) } }
                .sorted { ($0.partial.high, $0.partial.low) < ($1.partial.high, $1.partial.low) }
            for bucket in Self.runs(hashed, by: \.partial) where bucket.count > 1 {
                needFull += bucket.map { hashed[$0].index }.filter { candidates[$0].extra.full == nil }
            }
        }
        try Self.readPaths(db, &candidates, needFull)
        needFull = Self.inTableOrder(candidates, needFull)
        // The rows of the first pass are written while the second one reads (the store is most
        // of the work that is not reading); its files' rows are written again with their full hash.
        let second = job(needFull.map { candidates[$0] }, full: true, progress: progress)
        let stored = Result { try store(candidates, changed: needPartial, watch: watch) }
        let fulls = finish(second, full: true, report: &report)
        try stored.get()
        for (index, result) in zip(needFull, fulls) { candidates[index].extra.full = result?.full }
        try store(candidates, changed: needFull, watch: watch)
        return (candidates, report)
    }

    /// `indices` in the order of the candidates' `asset_id`s: the scan writes a folder's files
    /// together, so each thread's folder handle serves runs of one folder, and rows are stored by
    /// appending to the table's B-tree. Sorted by plain keys: a comparison closure reading the
    /// candidates retained and released each one on every comparison (a path order did, too).
    static func inTableOrder(_ candidates: [Candidate], _ indices: [Int]) -> [Int] {
        indices.map { (id: candidates[$0].id, index: $0) }.sorted { $0 < $1 }.map(\.index)
    }

    /// The runs of consecutive elements of `items` with equal `key`, as index ranges.
    static func runs<Element, Key: Equatable>(_ items: [Element], by key: (Element) -> Key) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var start = 0
        while start < items.count {
            let first = key(items[start])
            var end = start + 1
            while end < items.count && key(items[end]) == first { end += 1 }
            result.append(start..<end)
            start = end
        }
        return result
    }

    /// Every non-empty asset sharing its size with another inode, one per inode (the first path
    /// in byte order), with its hashes when its row was computed for the asset's current identity;
    /// in (size, device, inode) order. One pass over `assets` in table order (`NOT INDEXED`: by the
    /// size index, SQLite would visit the table in size order, a random read per row, ten times
    /// slower on 50,000 assets), then one sort: hard links have one size, so they end up side by
    /// side, and so do the files of one size (no dictionary of 50,000 keys to fill). Only a file
    /// with no partial hash yet gets its path here: the others are opened only when a full hash
    /// turns out to be needed (``readPaths(_:_:_:)``), which a warm plan almost never does, and
    /// a path per asset was most of the memory this pass filled.
    ///
    /// Most sizes are a single file's (of a million photos, 7,053 shared theirs): when the files of shared
    /// sizes are under an eighth of the library, only they are read, by the size index, instead of
    /// every asset (1.5 s of a plan at a million files went to listing and sorting them all).
    static func candidates(_ db: Database) throws -> [Candidate] {
        var shared: [Int64] = []
        var sharing: Int64 = 0
        try db.forEachRow(sharedSizesSQL) { row in
            shared.append(row.int64("size"))
            sharing += row.int64("files")
        }
        let largestID = try db.scalar("SELECT max(id) FROM assets")?.int64 ?? 0
        let few = sharing * 8 < largestID
        let (filter, arguments): (String, [SQLValue]) = few ? ("a.size IN (SELECT value FROM json_each(?))", [.text(JSONValue.list(shared))])
            : ("a.size > 0", [])
        var unsorted: [Candidate] = []
        unsorted.reserveCapacity(Int(few ? sharing : largestID))
        // The identity test once per row, not once per hash column.
        try table.forEachCandidate(db, columns: ["c.partial AS partial", "c.full AS full"], where: filter, arguments, tableOrder: !few,
                                   HashColumns.self) { row, column in
            let current = row.int64(column.current) != 0
            let partial = current ? ContentHash(row, column.extra.partial) : nil
            let full = current ? ContentHash(row, column.extra.full) : nil
            unsorted.append(Candidate(row, column, readingPath: partial == nil, extra: Hashes(partial: partial, full: full)))
        }
        // Sorted by plain keys, then moved once: sorting the candidates themselves retained and
        // released each one's path on every swap. The row's place breaks ties (hard links stay in
        // table order, as a stable sort left them).
        let order = unsorted.indices.map { (size: unsorted[$0].size, device: unsorted[$0].device, inode: unsorted[$0].inode, index: $0) }
            .sorted { $0 < $1 }
        let rows = order.map { unsorted[$0.index] }
        unsorted = []
        func withPath(_ file: Candidate) throws -> Candidate {
            var copy = [file]
            try readPaths(db, &copy, [0])
            return copy[0]
        }
        var kept: [Candidate] = []
        kept.reserveCapacity(rows.count)
        for run in runs(rows, by: \.size) {
            // One size: fold its hard links, keep it when two inodes or more remain.
            let first = kept.count
            for index in run {
                if let last = kept.last, kept.count > first, last.device == rows[index].device, last.inode == rows[index].inode {
                    let (link, held) = (try withPath(rows[index]), try withPath(last))
                    kept[kept.count - 1] = PathBytes.precedes(link.path, held.path) ? link : held
                } else {
                    kept.append(rows[index])
                }
            }
            if kept.count - first < 2 { kept.removeLast(kept.count - first) }
        }
        return kept
    }

    /// The sizes more than one asset has (empty files aside), with how many: read from the size
    /// index alone.
    static let sharedSizesSQL = "SELECT size, count(*) AS files FROM assets WHERE size > 0 GROUP BY size HAVING count(*) > 1"

    /// Reads the paths the candidates at `indices` were listed without.
    static func readPaths(_ db: Database, _ candidates: inout [Candidate], _ indices: [Int]) throws {
        guard indices.contains(where: { candidates[$0].path.isEmpty }) else { return }
        let pathOf = try db.cached("SELECT path FROM assets WHERE id = ?")
        for index in indices where candidates[index].path.isEmpty {
            try pathOf.forEachRow([.integer(candidates[index].id)]) { candidates[index].path = $0.bytes("path") ?? [] }
        }
    }

    /// Hashes `files` on every core; nil for a file that could not be hashed.
    private func hash(_ files: [Candidate], full: Bool, report: inout Report,
                      progress: HashProgress?) -> [(partial: ContentHash, full: ContentHash?)?] {
        finish(job(files, full: full, progress: progress), full: full, report: &report)
    }

    /// Starts hashing `files` (partially or fully) on every core.
    private func job(_ files: [Candidate], full: Bool, progress: HashProgress?) -> CacheJob<Hashes, (partial: ContentHash, full: ContentHash?)?> {
        job(files, changed: nil, progress: progress) {
            let hasher = ContentHasher()
            return { file, opened in hasher.hashes(of: opened, file, full: full) }
        }
    }

    /// Waits for `job`, counting its files in `report`; nil for a file that could not be hashed.
    private func finish(_ job: CacheJob<Hashes, (partial: ContentHash, full: ContentHash?)?>, full: Bool,
                        report: inout Report) -> [(partial: ContentHash, full: ContentHash?)?] {
        let values = job.finish()
        report.hashed += values.count
        for (file, value) in zip(job.files, values) where value != nil {
            report.bytesRead += full ? file.size : min(file.size, Int64(2 * ContentHasher.blockSize))
        }
        report.skipped += values.count(where: { $0 == nil })
        return values
    }

    /// Writes what changed in one transaction, in `asset_id` order (the table's key: appending
    /// to its B-tree, not inserting at random); a file that could not be hashed loses its row, so
    /// it is tried again next time.
    private func store(_ candidates: [Candidate], changed: [Int], watch: ChangeWatch?) throws {
        try Self.store(db, candidates, order: Self.inTableOrder(candidates, changed), watch: watch)
    }

    /// Writes the rows of the candidates at `order`, in that order, in one transaction (one with
    /// no partial hash loses its row).
    static func store(_ db: Database, _ candidates: [Candidate], order: [Int], watch: ChangeWatch? = nil) throws {
        try table.write(db, candidates, order: order, watch: watch, kept: { candidates[$0].extra.partial != nil }) { index, upsert, first in
            try candidates[index].extra.partial!.bind(to: upsert, at: first)
            if let full = candidates[index].extra.full { try full.bind(to: upsert, at: first + 1) } else { try upsert.bind(.null, at: first + 1) }
        }
    }
}

extension FileReader {
    /// The hashes of `file` when it is still the file the index has (else nil: it changed since the scan).
    func hash(_ file: HashCache.Candidate, full: Bool, with hasher: ContentHasher) -> (partial: ContentHash, full: ContentHash?)? {
        openUnchanged(file.path, as: file).flatMap { hasher.hashes(of: $0, file, full: full) }
    }
}

extension ContentHasher {
    /// The hashes of the opened `file`: its partial hash (and its full one when it is at most two
    /// blocks long), or with `full` its full hash beside the partial one it has; nil when unreadable.
    func hashes(of opened: ReadOnlyFile, _ file: HashCache.Candidate, full: Bool) -> (partial: ContentHash, full: ContentHash?)? {
        if full {
            guard let partial = file.extra.partial, let whole = self.full(opened) else { return nil }
            return (partial, whole)
        }
        guard let partial = self.partial(opened) else { return nil }
        // A file of at most two blocks was read whole: its partial hash is its full hash.
        return (partial, file.size <= Int64(2 * ContentHasher.blockSize) ? partial : nil)
    }
}
