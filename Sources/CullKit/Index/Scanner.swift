import Dispatch
import Foundation
import Synchronization

/// What one scan did, printed as the one-line summary or as JSON.
public struct ScanSummary: Sendable, Equatable {
    public var added = 0
    public var changed = 0
    public var removed = 0
    /// Assets found under a new path (same device, inode, size and mtime): their id, review and
    /// companions moved with them.
    public var renamed = 0
    public var broken = 0
    /// Files that could not be opened or read (never counted as broken).
    public var unreadable = 0
    /// Files a decoder declined (never counted as broken).
    public var declined = 0
    public var unchanged = 0
    public var seconds = 0.0
    /// Folders that could not be read (path and reason); their files are left as they were.
    public var problems: [Problem] = []
    /// Other applications' libraries that were not walked.
    public var managed: [Managed] = []
    /// Entries that are not media: symlinks, hidden entries, other files, each with its path and why.
    public var ignored = IgnoredEntries()
    /// Files whose sources (the file, the photo managers' catalogs) disagree on rating or pick.
    public var disagreements = 0
    /// The first ``namedAtMost`` files this scan found broken, unreadable or declined, each with its reason.
    public var notWhole: [NamedState] = []
    /// The first ``namedAtMost`` files (by path) whose sources disagree.
    public var disagreeing: [[UInt8]] = []
    /// How many files of each list the summary names; the counts say how many there are.
    public static let namedAtMost = 10

    /// A file and what stands against it.
    public struct NamedState: Sendable, Equatable {
        public var path: [UInt8]
        public var state: ReadState
    }

    public struct Problem: Sendable, Equatable {
        /// The path as bytes (absolute for a folder the walk could not read, library-relative for a
        /// photo that could not be decoded or hashed).
        public var path: [UInt8]
        public var reason: String

        public init(path: [UInt8], reason: String) {
            self.path = path
            self.reason = reason
        }
    }

    public struct Managed: Sendable, Equatable {
        /// Library-relative path of the library (or of the folder holding its managed parts).
        public var path: [UInt8]
        public var application: String
        public var note: String?
    }

    public init() {}
}

/// `cull scan`: indexes new and changed files and forgets vanished ones.
///
/// Incremental: a file whose (device, inode, size, mtime) and sidecars are unchanged is not
/// re-read, unless it was indexed broken or unreadable (a chmod or a repaired disk changes
/// neither size nor mtime), or declined by a decoder that has changed since. Changed files are read on all cores; results are written one
/// transaction per batch. A vanished path and a new one with the same (device, inode, size,
/// mtime) are one asset renamed: it keeps its id, and so its review and companions.
public struct Scanner {
    public let library: Library
    /// Files per transaction (and per parallel read batch).
    public var batchSize = 512
    /// Called with (done, total) as changed files are read.
    public var progress: (@Sendable (Int, Int) -> Void)?
    /// Walk other applications' libraries too (`cull scan --include-managed`).
    public var includeManaged = false

    public init(library: Library) { self.library = library }

    /// A file to read (its place in the walk's list), the asset it updates (nil: a new one), and
    /// whether its content changed (a changed asset loses a `trashed` review; a renamed or
    /// re-checked one keeps it). A few bytes each: a first scan of a million files holds a million.
    private struct Pending {
        var file: Int32
        var existing: Int64?
        var contentChanged: Bool
        /// Unchanged on disk, read again because it was broken, unreadable or declined (the row of
        /// `known` saying why; -1 for none): not counted again, and not written again when it still
        /// is, for the same reason.
        var recheck: Int32 = -1
    }

    /// Walks the library, compares what it finds with the index, reads what is new or changed
    /// and writes it, then forgets what vanished.
    public func scan(_ db: Database, now: Date = Date()) throws -> ScanSummary {
        let started = DispatchTime.now()
        // A migration that reads new metadata asks for one re-read of unchanged files (reviews kept).
        let reread = try db.scalar("SELECT 1 FROM settings WHERE key = 'reread_metadata'") != nil
        // Files a decoder declined are read again once another decoder (a newer LibRaw) is here.
        let decoders = MetadataReaders.decoders
        let declinedBy = try db.scalar("SELECT value FROM settings WHERE key = 'declining_decoders'")?.string
        var pass = Pass(known: try KnownFiles(db, decodersChanged: declinedBy.map { $0 != decoders } ?? false))
        // Unchanged files are settled in the walk (a migration's re-read wants every one back).
        pass.settle(walk(&pass, comparing: !reread))
        pass.compare(reread: reread)
        let renames = pass.matchRenames()
        pass.sortUnmatched()

        let writer = IndexWriter(db: db, now: Int64(now.timeIntervalSince1970))
        // Paths move first, so the upserts below (keyed by path) land on the moved rows.
        if !renames.isEmpty { try writer.rename(renames) }
        if !pass.resigned.isEmpty { try writer.updateSidecarSignatures(pass.resigned) }
        try read(pass.toRead, of: pass.found, damage: pass.known, into: writer, summary: &pass.summary)
        let vanished = pass.vanished()
        pass.summary.removed = vanished.count
        if !vanished.isEmpty { try writer.remove(vanished) }
        let summary = pass.summary
        if summary.added + summary.changed + summary.removed + summary.renamed > 0 { try writer.pairLivePhotos() }
        if reread { try db.execute("DELETE FROM settings WHERE key = 'reread_metadata'") }
        if declinedBy != decoders {
            try db.execute("INSERT OR REPLACE INTO settings (key, value) VALUES ('declining_decoders', ?)", [.text(decoders)])
        }
        pass.summary.seconds = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
        return pass.summary
    }

    /// The walk, with what it could not list and what it left out recorded in the summary; with
    /// `comparing`, what it found unchanged comes back as rows of `pass.known`.
    private func walk(_ pass: inout Pass, comparing: Bool) -> TreeWalker.Findings {
        var skipped = TreeWalker.Skipped()
        let found = TreeWalker(root: library.root, includeManaged: includeManaged)
            .walk(problems: &pass.problems, skipped: &skipped, comparingWith: comparing ? pass.known : nil)
        pass.summary.problems = pass.problems.map {
            ScanSummary.Problem(path: PathBytes.join(Array(library.root.utf8), $0.relativePath), reason: $0.reason)
        }
        pass.summary.managed = skipped.managed.map {
            ScanSummary.Managed(path: $0.relativePath, application: $0.application, note: $0.note)
        }
        pass.summary.ignored = skipped.ignored
        return found
    }

    /// Reads `toRead` (files of `found`) on every core, a batch at a time, and writes each batch in
    /// one transaction while the next one is read: the writer is one thread, and the readers waited for it.
    private func read(_ toRead: [Pending], of found: [FoundFile], damage known: KnownFiles, into writer: IndexWriter,
                      summary: inout ScanSummary) throws {
        let batches = stride(from: 0, to: toRead.count, by: batchSize).map { $0 ..< min($0 + batchSize, toRead.count) }
        let root = library.root
        let files = { (range: Range<Int>) in toRead[range].map { found[Int($0.file)] } }
        var reading = batches.first.map { BatchRead(files($0), root: root) }
        var done = 0
        for (number, range) in batches.enumerated() {
            guard var records = reading?.wait() else { break }
            reading = number + 1 < batches.count ? BatchRead(files(batches[number + 1]), root: root) : nil
            let batch = toRead[range]
            var stillDamaged = Set<Int>()
            for (index, (pending, record)) in zip(batch, records).enumerated() {
                if pending.recheck >= 0, let damage = known.damage(Int(pending.recheck)) {
                    let same = damage.broken == record.brokenReason && damage.unreadable == record.unreadableReason
                        && damage.declined == record.declinedReason
                    if same { stillDamaged.insert(index) }
                    continue
                }
                if record.brokenReason != nil { summary.broken += 1 }
                if record.unreadableReason != nil { summary.unreadable += 1 }
                if record.declinedReason != nil { summary.declined += 1 }
                if let state = record.readState, summary.notWhole.count < ScanSummary.namedAtMost {
                    summary.notWhole.append(.init(path: record.file.relativePath, state: state))
                }
            }
            if !stillDamaged.isEmpty { records = records.enumerated().filter { !stillDamaged.contains($0.offset) }.map(\.element) }
            try writer.write(records, changed: batch.filter(\.contentChanged).compactMap(\.existing))
            done += batch.count
            progress?(done, toRead.count)
        }
    }

    /// One scan's comparison of the walk with the index: what to read, what was renamed, what vanished.
    private struct Pass {
        let known: KnownFiles
        var summary = ScanSummary()
        var problems: [UnreadableFolder] = [] {
            didSet { unreadable = problems.map { $0.relativePath.isEmpty ? [] : $0.relativePath + [UInt8(ascii: "/")] } }
        }
        /// The folders the walk could not list, as path prefixes: not evidence that their files vanished.
        private var unreadable: [[UInt8]] = []
        /// Rows of `known` found again (under their path, renamed, or replaced under it).
        var seen: [Bool]
        /// The files the walk found and did not settle as unchanged; everything below points into it.
        private(set) var found: [FoundFile] = []
        var toRead: [Pending] = []
        /// New paths, and known paths now holding another inode: maybe renamed from elsewhere.
        private var candidates: [Int32] = []
        private var unmatched: [Int32] = []
        /// Assets whose sidecars an older Cull recorded without ctimes: the same ones, signed afresh.
        var resigned: [(id: Int64, signature: String)] = []

        init(known: KnownFiles) {
            self.known = known
            seen = Array(repeating: false, count: known.count)
        }

        /// Takes the walk's findings: the rows it found unchanged (``KnownFiles/unchangedRow(_:_:sidecars:guess:)``)
        /// are seen, with nothing to read; the files it found are this pass's to compare.
        mutating func settle(_ findings: consuming TreeWalker.Findings) {
            for row in findings.unchanged { seen[Int(row)] = true }
            summary.unchanged += findings.unchanged.count
            found = findings.found
        }

        /// Files at their indexed path with their indexed inode: unchanged (read again only when
        /// damaged or when a migration asks), or changed.
        ///
        /// A directory read while names change in it may list a name twice (POSIX leaves it open):
        /// the first sight of a path counts and later ones are dropped, so no two files claim one path.
        mutating func compare(reread: Bool) {
            var listed = Set<[UInt8]>()
            toRead.reserveCapacity(found.count) // each found file is read once at most
            for (index, file) in found.enumerated() {
                let row = known.row(for: file.relativePath)
                if let row, seen[row] { continue }
                guard let row, case let entry = known.entries[row], entry.recorded.key == file.identity.key else {
                    if listed.insert(file.relativePath).inserted { candidates.append(Int32(index)) }
                    continue
                }
                seen[row] = true
                // Without sidecars then and now (most files) there is no signature to build or compare.
                var sidecarsUnchanged = file.sidecars.isEmpty && entry.signatureIsEmpty
                if !sidecarsUnchanged {
                    let recorded = known.sidecarSignature(row), signature = file.sidecarSignature
                    sidecarsUnchanged = recorded == signature
                    if !sidecarsUnchanged && Companions.unchanged(file.sidecars, since: recorded) {
                        sidecarsUnchanged = true
                        resigned.append((entry.id, signature))
                    }
                }
                if file.identity.isUnchanged(since: entry.recorded) && sidecarsUnchanged {
                    summary.unchanged += 1
                    if let damage = known.damage(row), damage.needsRecheck(recorded: entry.recorded, decodersChanged: known.decodersChanged) {
                        toRead.append(Pending(file: Int32(index), existing: entry.id, contentChanged: false, recheck: Int32(row)))
                    } else if reread {
                        toRead.append(Pending(file: Int32(index), existing: entry.id, contentChanged: false))
                    }
                    continue
                }
                summary.changed += 1
                toRead.append(Pending(file: Int32(index), existing: entry.id, contentChanged: true))
            }
        }

        private func unlisted(_ row: Int) -> Bool {
            guard !unreadable.isEmpty else { return false }
            let path = known.path(row)
            return unreadable.contains { prefix in path.starts(with: prefix) }
        }

        /// Renames: a candidate takes over an unseen asset with its (device, inode, size, mtime).
        /// Not ctime: a rename changes it. Hard links stay apart, as both names are seen.
        mutating func matchRenames() -> [(id: Int64, file: FoundFile)] {
            var renames: [(id: Int64, file: FoundFile)] = []
            unmatched = []
            guard !candidates.isEmpty else { return [] }
            var gone: [RenameKey: [Int]] = [:]
            for row in seen.indices where !seen[row] && !unlisted(row) {
                gone[RenameKey(known.entries[row].recorded), default: []].append(row)
            }
            for index in candidates {
                let file = found[Int(index)]
                if let row = gone[RenameKey(file.identity.key, size: file.identity.size, mtimeNs: file.identity.mtimeNs)]?.popLast() {
                    seen[row] = true
                    let id = known.entries[row].id
                    renames.append((id, file))
                    toRead.append(Pending(file: index, existing: id, contentChanged: false))
                } else {
                    unmatched.append(index)
                }
            }
            summary.renamed = renames.count
            return renames
        }

        /// What no rename took: another inode under a known name (an editor saving through a
        /// temporary file) is that asset changed; anything else is new.
        mutating func sortUnmatched() {
            for index in unmatched {
                if let row = known.row(for: found[Int(index)].relativePath), !seen[row] {
                    seen[row] = true
                    summary.changed += 1
                    toRead.append(Pending(file: index, existing: known.entries[row].id, contentChanged: true))
                } else {
                    summary.added += 1
                    toRead.append(Pending(file: index, existing: nil, contentChanged: false))
                }
            }
        }

        /// The assets not found again, outside the folders that could not be listed.
        func vanished() -> [Int64] {
            var ids: [Int64] = []
            for row in seen.indices where !seen[row] && !unlisted(row) { ids.append(known.entries[row].id) }
            return ids
        }
    }

    /// What a rename keeps: which file, its size and mtime (not its ctime, which a rename changes).
    private struct RenameKey: Hashable {
        var file: FileIdentity.Key
        var size: Int64
        var mtimeNs: Int64

        init(_ file: FileIdentity.Key, size: Int64, mtimeNs: Int64) {
            self.file = file
            self.size = size
            self.mtimeNs = mtimeNs
        }

        init(_ recorded: some RecordedIdentity) { self.init(recorded.key, size: recorded.size, mtimeNs: recorded.mtimeNs) }
    }

    /// Reads a batch on every core; order of the result matches `files`.
    static func readInParallel(_ files: [FoundFile], root: String) -> [AssetRecord] {
        let results = Slots(count: files.count)
        defer { results.buffer.deallocate() }
        let workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, files.count))
        let chunk = (files.count + workers - 1) / workers
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            let lower = worker * chunk
            let upper = min(lower + chunk, files.count)
            guard lower < upper else { return }
            for index in lower ..< upper {
                results.buffer[index] = AssetRecord.read(files[index], root: root)
            }
        }
        return results.buffer.map { $0! }
    }
}

/// One batch of files read on other threads (``Scanner/readInParallel(_:root:)``) while the
/// caller writes the batch before it.
private final class BatchRead: Sendable {
    private let group = DispatchGroup()
    private let records = Mutex<[AssetRecord]>([])

    init(_ files: [FoundFile], root: String) {
        DispatchQueue.global().async(group: group) {
            let read = Scanner.readInParallel(files, root: root)
            self.records.withLock { $0 = read }
        }
    }

    /// The batch's records, in the order of its files, once all are read.
    func wait() -> [AssetRecord] {
        group.wait()
        return records.withLock { $0 }
    }
}

/// One slot per file for parallel readers; each index is written by exactly one worker,
/// and read only after `concurrentPerform` returns, so no two threads touch the same slot.
private struct Slots: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<AssetRecord?>

    init(count: Int) {
        buffer = .allocate(capacity: count)
        buffer.initialize(repeating: nil)
    }
}
