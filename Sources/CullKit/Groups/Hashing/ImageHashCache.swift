import Foundation

/// Keeps the `image_hashes` table current for same-picture groups (``ImageGroups``), reading as
/// little as it can: only photos and videos of a format ``ImageDataHasher`` walks, and of those
/// only the ones that share a candidate bucket (format family and pixel size, either way up: a
/// copy with other metadata has the same picture, so the same size) with another inode. A row
/// computed for the asset's current identity is reused without opening the file; a file whose
/// structure could not be walked keeps its row with the problem, so it is not read again until it
/// changes. Files are read on every core through the POSIX layer (never a FIFO, never a symlink).
public struct ImageHashCache: IdentityCache {
    static let table = CacheTable.imageHashes
    /// Contiguous shares in path order.
    static let schedule = CacheSchedule.shares

    /// What one refresh did.
    public struct Report: Sendable, Equatable {
        /// Files opened and hashed.
        public var hashed = 0
        /// Files whose image data could not be walked (malformed, unsupported) or that changed
        /// since the scan: never grouped.
        public var skipped = 0
        /// The library-relative path and reason of each file whose image data could not be walked.
        public var problems: [ScanSummary.Problem] = []

        public init() {}
    }

    let db: Database
    let root: [UInt8]

    public init(db: Database, root: String) {
        self.db = db
        self.root = Array(root.utf8)
    }

    /// A file to hash, with its format.
    typealias Candidate = CacheCandidate<MediaFormat>

    /// One file's outcome: the hash, or why there is none.
    enum Outcome: Sendable {
        case hashed(ContentHash)
        case malformed(String)
        /// Gone or changed since the scan: no row (the next scan sees it).
        case changed

        /// Whether the outcome is recorded (a changed file is not: it is tried again next time).
        var isRecorded: Bool { if case .changed = self { false } else { true } }
    }

    /// Brings every needed image-data hash up to date; `progress` hears of each file hashed. When
    /// neither the assets nor the image-hash rows changed since a refresh that left nothing to
    /// retry (their change counts, ``ChangeWatch``: a scan, a commit, an undo all move them), no
    /// candidate is even looked for.
    @discardableResult
    public func refresh(progress: HashProgress? = nil) throws -> Report {
        var report = Report()
        let watch = try Self.table.watch(db)
        if watch.isUnchanged { return report }
        let needed = try loadCandidates().sorted { PathBytes.precedes($0.path, $1.path) }
        let outcomes = hash(needed, progress: progress)
        report.hashed = needed.count
        for (file, outcome) in zip(needed, outcomes) {
            switch outcome {
            case .hashed: break
            case let .malformed(problem):
                report.skipped += 1
                report.problems.append(ScanSummary.Problem(path: file.path, reason: "image data not hashed: \(problem)"))
            case .changed: report.skipped += 1
            }
        }
        try Self.table.write(db, needed, order: Array(needed.indices), watch: watch, kept: { outcomes[$0].isRecorded }) { index, upsert, first in
            switch outcomes[index] {
            case let .hashed(hash):
                try upsert.bind(.blob(hash.bytes), at: first)
                try upsert.bind(.null, at: first + 1)
            case let .malformed(problem):
                try upsert.bind(.null, at: first)
                try upsert.bind(.text(problem), at: first + 1)
            case .changed: break
            }
        }
        // A changed file is tried again next time; a malformed one only once it changes.
        if outcomes.allSatisfy(\.isRecorded) { try watch.record(db) }
        return report
    }

    /// The files that share a candidate bucket with another inode and have no current row.
    func loadCandidates() throws -> [Candidate] {
        struct Row {
            let candidate: Candidate
            let bucket: Bucket
            let current: Bool
        }
        var rows: [Row] = []
        let formats = ImageDataHasher.formats.map(\.rawValue).sorted()
        let filter = "a.size > 0 AND a.format IN (\(formats.map { _ in "?" }.joined(separator: ", ")))"
        guard try Self.table.anyStale(db, where: filter, formats.map { .text($0) }) else { return [] }
        try Self.table.forEachCandidate(db, columns: ["a.format AS format", "a.width AS width", "a.height AS height"],
                                        where: filter, formats.map { .text($0) }, tableOrder: false, ShapeColumns.self) { row, column in
            guard let format = row.enumValue(column.extra.format, as: MediaFormat.self) else { return }
            let sides = [row.optionalInt64(column.extra.width), row.optionalInt64(column.extra.height)].map { $0 ?? -1 }
            rows.append(Row(candidate: Candidate(row, column, extra: format),
                            bucket: Bucket(family: Self.family(format), short: sides.min()!, long: sides.max()!),
                            current: row.int64(column.current) != 0))
        }
        var inodes: [Bucket: Set<FileIdentity.Key>] = [:]
        for row in rows { inodes[row.bucket, default: []].insert(row.candidate.key) }
        return rows.filter { !$0.current && (inodes[$0.bucket]?.count ?? 0) > 1 }.map(\.candidate)
    }

    /// The columns of a candidate row that place it in a bucket: its format and sides.
    struct ShapeColumns: RowColumns {
        let format, width, height: Row.Column

        init(_ row: Row) { (format, width, height) = (row.index("format"), row.index("width"), row.index("height")) }
    }

    struct Bucket: Hashable {
        let family: Int
        let short: Int64
        let long: Int64
    }

    /// Formats whose image data may be the same picture: a HEIC and an AVIF are both HEIF items,
    /// a MOV and an MP4 both carry `mdat`.
    static func family(_ format: MediaFormat) -> Int {
        switch format {
        case .jpeg: 1
        case .png: 2
        case .heic, .avif: 3
        default: 4
        }
    }

    /// Hashes `files` on every core.
    private func hash(_ files: [Candidate], progress: HashProgress?) -> [Outcome] {
        job(files, changed: Outcome.changed, progress: progress) {
            let hasher = ImageDataHasher()
            return { file, opened in
                do throws(ImageDataHasher.Failure) {
                    return .hashed(try hasher.hash(opened, format: file.extra))
                } catch {
                    return .malformed(error.reason)
                }
            }
        }.finish()
    }
}
