import Dispatch
import Foundation

/// What one scan did, printed as the one-line summary or as JSON.
public struct ScanSummary: Sendable, Equatable {
    public var added = 0
    public var changed = 0
    public var removed = 0
    public var broken = 0
    public var unchanged = 0
    public var seconds = 0.0
    /// Folders that could not be read (path and reason); their files are left as they were.
    public var problems: [Problem] = []

    public struct Problem: Sendable, Equatable {
        public var path: String
        public var reason: String
    }

    public init() {}

    /// The summary as one JSON object (`cull scan --format json`).
    public var json: JSONValue {
        .object([
            ("added", .integer(Int64(added))), ("changed", .integer(Int64(changed))),
            ("removed", .integer(Int64(removed))), ("broken", .integer(Int64(broken))),
            ("unchanged", .integer(Int64(unchanged))), ("seconds", .number(seconds)),
            ("problems", .array(problems.map { .object([("path", .string($0.path)), ("reason", .string($0.reason))]) })),
        ])
    }

    /// `added 12, changed 1, removed 0, broken 2, unchanged 4031 in 0.41s`
    public var line: String {
        let time = String(format: "%.2fs", seconds)
        return "added \(added), changed \(changed), removed \(removed), broken \(broken), unchanged \(unchanged) in \(time)"
    }
}

/// `cull scan`: indexes new and changed files and forgets vanished ones.
///
/// Incremental: a file whose (device, inode, size, mtime) and sidecars are unchanged is not
/// re-read. Changed files are read on all cores; results are written one transaction per batch.
public struct Scanner {
    public let library: Library
    /// Files per transaction (and per parallel read batch).
    public var batchSize = 512
    /// Called with (done, total) as changed files are read.
    public var progress: (@Sendable (Int, Int) -> Void)?

    public init(library: Library) { self.library = library }

    public func scan(_ db: Database, now: Date = Date()) throws -> ScanSummary {
        let started = DispatchTime.now()
        var summary = ScanSummary()
        let known = try loadKnown(db)
        var problems: [UnreadableFolder] = []
        let found = TreeWalker(root: library.root).walk(problems: &problems)
        summary.problems = problems.map {
            ScanSummary.Problem(path: library.absolutePath(of: String(decoding: $0.relativePath, as: UTF8.self)), reason: $0.reason)
        }

        var seen = Set<Int64>()
        seen.reserveCapacity(known.count)
        var toRead: [(file: FoundFile, existing: Int64?)] = []
        for file in found {
            if let entry = known[PathKey(file.relativePath)] {
                seen.insert(entry.id)
                if entry.stamp == file.stamp && entry.sidecarSignature == file.sidecarSignature {
                    summary.unchanged += 1
                    continue
                }
                summary.changed += 1
                toRead.append((file, entry.id))
            } else {
                summary.added += 1
                toRead.append((file, nil))
            }
        }

        let writer = IndexWriter(db: db, now: Int64(now.timeIntervalSince1970))
        var done = 0
        var start = 0
        while start < toRead.count {
            let batch = toRead[start ..< min(start + batchSize, toRead.count)]
            let records = Self.readInParallel(batch.map(\.file), root: library.root)
            summary.broken += records.lazy.filter { $0.brokenReason != nil }.count
            try writer.write(records, changed: batch.compactMap(\.existing))
            done += batch.count
            progress?(done, toRead.count)
            start += batchSize
        }

        // A folder we could not read is not evidence that its files vanished.
        let unreadable = problems.map { $0.relativePath.isEmpty ? [] : $0.relativePath + [UInt8(ascii: "/")] }
        let vanished = known.values.filter { entry in
            !seen.contains(entry.id) && !unreadable.contains { prefix in entry.path.starts(with: prefix) }
        }.map(\.id)
        summary.removed = vanished.count
        if !vanished.isEmpty { try writer.remove(vanished) }
        if summary.added + summary.changed + summary.removed > 0 { try writer.pairLivePhotos() }
        summary.seconds = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
        return summary
    }

    private struct KnownFile {
        var id: Int64
        var path: [UInt8]
        var stamp: FileStamp
        var sidecarSignature: String
    }

    private func loadKnown(_ db: Database) throws -> [PathKey: KnownFile] {
        var known: [PathKey: KnownFile] = [:]
        let count = try db.scalar("SELECT count(*) FROM assets")?.int64 ?? 0
        known.reserveCapacity(Int(count))
        try db.forEachRow("SELECT id, path, device, inode, size, mtime_ns, sidecar_signature FROM assets") { row in
            let path = row.bytes(1) ?? []
            let stamp = FileStamp(device: UInt64(bitPattern: row.int64(2)), inode: UInt64(bitPattern: row.int64(3)),
                                  size: row.int64(4), mtimeNanoseconds: row.int64(5))
            known[PathKey(path)] = KnownFile(id: row.int64(0), path: path, stamp: stamp, sidecarSignature: row.string(6) ?? "")
        }
        return known
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

/// One slot per file for parallel readers; each index is written by exactly one worker,
/// and read only after `concurrentPerform` returns, so no two threads touch the same slot.
private struct Slots: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<AssetRecord?>

    init(count: Int) {
        buffer = .allocate(capacity: count)
        buffer.initialize(repeating: nil)
    }
}
