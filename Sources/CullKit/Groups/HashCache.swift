import Foundation

/// Keeps the `hashes` table current for exact-duplicate groups, hashing as little as it can:
/// only files that share their size with another file (another inode: hard links are one file),
/// then the partial hash (first and last block) of those, then the full content of the files
/// that still share size *and* partial hash. A row computed for the asset's current identity is
/// reused without opening the file. Files are read on every core, through the POSIX layer's
/// regular-file open (never a FIFO, never through a symlink).
public struct HashCache {
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

    /// One indexed file that may need hashing.
    struct Candidate {
        let id: Int64
        let path: [UInt8]
        let device: Int64, inode: Int64, size: Int64, mtimeNs: Int64
        let ctimeNs: Int64?
        var partial: ContentHash?
        var full: ContentHash?
    }

    /// Brings every needed hash up to date.
    @discardableResult
    public func refresh(progress: HashProgress? = nil) throws -> Report {
        var report = Report()
        // Nothing indexed or hashed changed since the last refresh: nothing to read. (A collision of
        // this summary could only leave a changed file unhashed, so ungrouped: never a false twin,
        // since groups only use rows computed for the asset's current identity.)
        let assets = try assetState()
        if try db.scalar("SELECT value FROM settings WHERE key = 'hashes_state'")?.string == assets + ":" + (try hashState()) {
            return report
        }
        var candidates = try loadCandidates()
        // Partial hashes for every size bucket of two or more files.
        // In path order, so each thread's folder handle serves runs of files of one folder.
        let byPath = { (a: Int, b: Int) in PathBytes.precedes(candidates[a].path, candidates[b].path) }
        let needPartial = candidates.indices.filter { candidates[$0].partial == nil }.sorted(by: byPath)
        let partials = hash(needPartial.map { candidates[$0] }, full: false, report: &report, progress: progress)
        for (index, result) in zip(needPartial, partials) {
            candidates[index].partial = result?.partial
            candidates[index].full = result?.full
        }
        // Full hashes where size and partial hash are shared.
        var buckets: [BucketKey: [Int]] = [:]
        for index in candidates.indices {
            guard let partial = candidates[index].partial else { continue }
            buckets[BucketKey(size: candidates[index].size, partial: partial), default: []].append(index)
        }
        let needFull = buckets.values.filter { $0.count > 1 }.flatMap { $0 }.filter { candidates[$0].full == nil }.sorted(by: byPath)
        let fulls = hash(needFull.map { candidates[$0] }, full: true, report: &report, progress: progress)
        for (index, result) in zip(needFull, fulls) { candidates[index].full = result?.full }
        try store(candidates, changed: Set(needPartial).union(needFull), failed: zip(needPartial, partials).filter { $0.1 == nil }.map(\.0))
        // Remembered only when every file could be hashed: a skipped one is tried again next time.
        if report.skipped == 0 {
            // The asset half as read before hashing, not again: it is what this refresh worked
            // from (a scan in between leaves a state that differs, so the next plan looks again),
            // and it saves the cold plan a second pass over every asset.
            try db.execute("INSERT OR REPLACE INTO settings (key, value) VALUES ('hashes_state', ?)",
                           [.text(assets + ":" + (try hashState()))])
        }
        return report
    }

    /// A summary of the identities of every asset and of the hash rows: it changes when a scan
    /// adds, removes or changes any file, or when rows come or go (undo).
    func indexState() throws -> String { try assetState() + ":" + hashState() }

    /// The asset half of ``indexState()``: one pass over `assets`, no join.
    func assetState() throws -> String {
        var parts: [String] = []
        try db.forEachRow("""
            SELECT count(*), sum(id), sum(size), sum(device % 1000000007), sum(inode % 1000000007),
                   sum(mtime_ns % 1000000007), sum(COALESCE(ctime_ns, 0) % 1000000007)
            FROM assets
            """) { row in parts = (0..<7).map { String(row.int64($0)) } }
        return parts.joined(separator: ":")
    }

    /// The hash-row half of ``indexState()``: read from the primary key alone.
    func hashState() throws -> String {
        var parts: [String] = []
        try db.forEachRow("SELECT count(*), sum(asset_id) FROM hashes") { row in parts = (0..<2).map { String(row.int64($0)) } }
        return parts.joined(separator: ":")
    }

    private struct BucketKey: Hashable {
        let size: Int64
        let partial: ContentHash
    }

    /// Every non-empty asset sharing its size with another inode, one per inode (the first path
    /// in byte order), with its current cached hashes.
    func loadCandidates() throws -> [Candidate] {
        var rows: [Candidate] = []
        try db.forEachRow("""
            SELECT a.id, a.path, a.device, a.inode, a.size, a.mtime_ns, a.ctime_ns,
                   CASE WHEN \(HashSchema.current("h", "a")) THEN h.partial END,
                   CASE WHEN \(HashSchema.current("h", "a")) THEN h.full END
            FROM assets a LEFT JOIN hashes h ON h.asset_id = a.id
            WHERE a.size > 0 AND a.size IN (SELECT size FROM assets WHERE size > 0 GROUP BY size HAVING COUNT(*) > 1)
            ORDER BY a.size, a.device, a.inode
            """) { row in
            rows.append(Candidate(id: row.int64(0), path: row.bytes(1) ?? [], device: row.int64(2), inode: row.int64(3),
                                  size: row.int64(4), mtimeNs: row.int64(5), ctimeNs: row.optionalInt64(6),
                                  partial: ContentHash(bytes: row.bytes(7)), full: ContentHash(bytes: row.bytes(8))))
        }
        // One file per inode: hard links are one file, never twins.
        var byInode: [FileKey: Int] = [:]
        var kept: [Candidate] = []
        for row in rows {
            let key = FileKey(device: row.device, inode: row.inode)
            if let index = byInode[key] {
                if PathBytes.precedes(row.path, kept[index].path) { kept[index] = row }
            } else {
                byInode[key] = kept.count
                kept.append(row)
            }
        }
        // Sizes still shared once links are folded.
        var sizes: [Int64: Int] = [:]
        for row in kept { sizes[row.size, default: 0] += 1 }
        return kept.filter { sizes[$0.size, default: 0] > 1 }
    }

    struct FileKey: Hashable {
        let device: Int64
        let inode: Int64
    }

    /// Hashes `files` on every core; nil for a file that could not be hashed.
    private func hash(_ files: [Candidate], full: Bool, report: inout Report,
                      progress: HashProgress?) -> [(partial: ContentHash, full: ContentHash?)?] {
        guard !files.isEmpty else { return [] }
        progress?.begin(total: files.count)
        defer { progress?.end() }
        let results = ResultBox(count: files.count)
        let workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, files.count))
        let root = root
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            let reader = FileReader(root: root)
            // Contiguous shares, so a thread's files share folders.
            let share = (files.count + workers - 1) / workers
            for index in (worker * share)..<min(files.count, (worker + 1) * share) {
                let file = files[index]
                results.set(index, reader.hash(file, full: full), read: full ? file.size : min(file.size, Int64(2 * ContentHasher.blockSize)))
                progress?.advance()
            }
        }
        report.hashed += files.count
        report.bytesRead += results.bytesRead
        report.skipped += results.values.filter { $0 == nil }.count
        return results.values
    }

    /// Writes what changed in one transaction; a file that could not be hashed loses its row.
    private func store(_ candidates: [Candidate], changed: Set<Int>, failed: [Int]) throws {
        guard !changed.isEmpty else { return }
        try db.transaction {
            let upsert = try db.prepare("""
                INSERT OR REPLACE INTO hashes (asset_id, device, inode, size, mtime_ns, ctime_ns, partial, full)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """)
            let remove = try db.prepare("DELETE FROM hashes WHERE asset_id = ?")
            let failedSet = Set(failed)
            for index in changed.sorted() {
                let file = candidates[index]
                guard !failedSet.contains(index), let partial = file.partial else {
                    try remove.execute([.integer(file.id)])
                    continue
                }
                try upsert.execute([.integer(file.id), .integer(file.device), .integer(file.inode), .integer(file.size),
                                    .integer(file.mtimeNs), .integer(file.ctimeNs ?? 0), .blob(partial.bytes),
                                    file.full.map { .blob($0.bytes) } ?? .null])
            }
        }
    }
}

/// Per-index results written by several threads.
private final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var values: [(partial: ContentHash, full: ContentHash?)?]
    private(set) var bytesRead: Int64 = 0

    init(count: Int) { values = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ value: (partial: ContentHash, full: ContentHash?)?, read: Int64) {
        lock.lock()
        values[index] = value
        if value != nil { bytesRead += read }
        lock.unlock()
    }
}

/// Opens indexed files from the library root by descriptor, one folder handle kept at a time.
final class FileReader {
    private let library: DirectoryHandle?
    private var folder: (path: [UInt8], handle: DirectoryHandle?)?
    let hasher = ContentHasher()

    init(root: [UInt8]) {
        let trimmed = root.count > 1 && root.last == PathBytes.slash ? Array(root.dropLast()) : root
        library = DirectoryHandle.open(trimmed).0
    }

    /// Opens the library-relative `path` (every folder on the way by descriptor, never a symlink).
    func open(_ path: [UInt8]) -> (ReadOnlyFile?, Int32) {
        guard let library, !PathBytes.escapes(path) else { return (nil, EINVAL) }
        let parent = PathBytes.parent(path)
        if folder?.path != parent { folder = (parent, library.walk(parent).0) }
        guard let handle = folder?.handle else { return (nil, ENOENT) }
        return ReadOnlyFile.open(PathBytes.basename(path), in: handle)
    }

    /// The hashes of `file` when it is still the file the index has (else nil: it changed since the scan).
    func hash(_ file: HashCache.Candidate, full: Bool) -> (partial: ContentHash, full: ContentHash?)? {
        guard let opened = open(file.path).0 else { return nil }
        let now = opened.identity
        guard now.device == file.device, now.inode == file.inode, now.size == file.size, now.mtimeNs == file.mtimeNs,
              file.ctimeNs.map({ $0 == now.ctimeNs }) ?? true else { return nil }
        if full {
            guard let partial = file.partial, let whole = hasher.full(opened) else { return nil }
            return (partial, whole)
        }
        guard let partial = hasher.partial(opened) else { return nil }
        // A file of at most two blocks was read whole: its partial hash is its full hash.
        return (partial, file.size <= Int64(2 * ContentHasher.blockSize) ? partial : nil)
    }
}
