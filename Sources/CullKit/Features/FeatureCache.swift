import Foundation

/// Keeps `image_features` current: decodes only photos (RAWs by their preview) and videos (by their
/// poster frame) with no row for their current identity
/// (never analysed, or changed since), on every core, and records each result — the features, or
/// the reason a photo could not be decoded (it is skipped, never stopping the run, and not retried
/// until the file changes). Files are opened from the library root by descriptor (regular files
/// only, never through a symlink) and must still be the file the index has.
public struct FeatureCache: IdentityCache {
    static let table = CacheTable.imageFeatures
    /// ``threads`` threads of their own, each claiming the next file.
    static var schedule: CacheSchedule { .claims(threads: threads) }

    /// SQL for the features row's `column` of asset `a`, when the row was computed for the file as
    /// the index has it now (NULL otherwise).
    static func current(_ column: String) -> String {
        "(SELECT f.\(column) FROM image_features f WHERE f.asset_id = a.id AND \(CachedRow.isCurrent("f", for: "a")))"
    }

    /// The join that gives asset `a` its current features row as `alias` (NULL columns when it has
    /// none): at most one row, as `asset_id` is the table's key.
    static func join(as alias: String) -> String {
        "LEFT JOIN image_features \(alias) ON \(alias).asset_id = a.id AND \(CachedRow.isCurrent(alias, for: "a"))"
    }

    /// `fragment` reading each features column of asset `a` from the row ``join(as:)`` joins as
    /// `alias`, not by a subquery per ``current(_:)`` (the same value: the current row's, else NULL);
    /// nil when it reads none. Only for a fragment evaluated at the level of that join's `a`.
    static func readingJoined(_ fragment: SQLFragment, as alias: String) -> SQLFragment? {
        let joined = table.values.reduce(fragment) { $0.replacing(sql: current($1.name), with: "\(alias).\($1.name)") }
        return joined == fragment ? nil : joined
    }

    /// The formats measured (bound as values, never spliced): what the decoder reads (FFmpeg's still
    /// formats among them), every RAW (from its preview, ``RawPreviewDecoder``) and every video (from
    /// its poster frame).
    static let measuredFormats: [MediaFormat] = [.jpeg, .png, .webp, .heic, .avif]
        + MediaFormat.allCases.filter { $0.isRaw || $0.kind == .video || $0.isDecodedByFFmpeg }

    /// What one refresh did.
    public struct Report: Sendable, Equatable {
        /// Photos decoded and measured.
        public var analysed = 0
        /// Photos that could not be decoded (their reason recorded).
        public var failed = 0
        /// The library-relative path and reason of each of them, in path order.
        public var problems: [ScanSummary.Problem] = []
        /// Photos gone, changed since the scan or unreadable: left for the next scan and refresh.
        public var skipped = 0
    }

    let db: Database
    let root: [UInt8]
    /// Called after each batch with (done, total).
    public var progress: ((Int, Int) -> Void)?

    public init(db: Database, root: String) {
        self.db = db
        self.root = Array(root.utf8)
    }

    /// How to decode a file: its format, and its longest side as indexed (which sets the side it is
    /// decoded at, ``ImageFeatures/side(forLongest:)``).
    struct Decoding: Sendable {
        let format: MediaFormat?
        let longest: Int?
    }

    /// A file to measure, with how to decode it.
    typealias Candidate = CacheCandidate<Decoding>

    /// The columns of a candidate row that say how to decode it.
    struct FormatColumns: RowColumns {
        let format, longest: Row.Column

        init(_ row: Row) { (format, longest) = (row.index("format"), row.index("longest")) }
    }

    enum Outcome: Sendable {
        case measured(ImageFeatures)
        case failed(String)
        case skipped
    }

    /// Decodes and records every photo that needs it.
    ///
    /// What is left to retry once it is done (the photos skipped: gone, changed since the scan,
    /// unreadable, or waiting for a library) is remembered with the change counts of `assets` and
    /// `image_features` (``ChangeWatch``): while neither changes, those photos are exactly the ones
    /// without a current row, so the next refresh reads them by id instead of looking through
    /// every asset for them. They are still tried every time, as before.
    /// With `only`, just those assets (the frames a group needs measured): what is left to retry is
    /// then not remembered, since it is not every photo's.
    @discardableResult
    public func refresh(among only: [Int64]? = nil) throws -> Report {
        var report = Report()
        let watch = try Self.table.watch(db, version: Self.memoVersion)
        let candidates = try loadCandidates(among: only ?? watch.memo.flatMap(Self.ids(in:)))
        guard !candidates.isEmpty else {
            if only == nil { try watch.record(db, memo: Self.bytes(of: [])) }
            return report
        }
        // Hard links are one file: measured once (the first path of the inode), recorded for each
        // asset. `links[first]` lists every candidate of that inode, so storing a batch touches its
        // own candidates only (a pass over all candidates per batch made the refresh quadratic).
        var firstOfInode: [FileIdentity.Key: Int] = [:]
        var links: [Int: [Int]] = [:]
        var work: [Int] = []
        for (index, candidate) in candidates.enumerated() {
            let key = candidate.key
            if let first = firstOfInode[key] {
                links[first, default: [first]].append(index)
            } else {
                firstOfInode[key] = index
                work.append(index)
            }
        }
        // Batches keep memory flat and store progress as it goes (an interrupted run keeps what it did).
        let batchSize = 256
        var done = 0
        var start = 0
        var retried: [Int64] = []
        while start < work.count {
            let batch = Array(work[start ..< min(work.count, start + batchSize)])
            let outcomes = analyse(batch.map { candidates[$0] })
            var byInode: [FileIdentity.Key: Outcome] = [:]
            for (index, outcome) in zip(batch, outcomes) {
                byInode[candidates[index].key] = outcome
                switch outcome {
                case .measured: report.analysed += 1
                case let .failed(reason):
                    report.failed += 1
                    report.problems.append(ScanSummary.Problem(path: candidates[index].path, reason: reason))
                case .skipped:
                    report.skipped += 1
                    retried += (links[index] ?? [index]).map { candidates[$0].id }
                }
            }
            try store(batch.flatMap { links[$0] ?? [$0] }.sorted().map { candidates[$0] }, outcomes: byInode, watch: watch)
            done += batch.count
            start += batchSize
            progress?(done, work.count)
        }
        if only == nil { try watch.record(db, memo: Self.bytes(of: retried.sorted())) }
        return report
    }

    /// `ids` as the memo of the photos to retry keeps them (``MemoWriter``).
    static func bytes(of ids: [Int64]) -> [UInt8] {
        var writer = MemoWriter()
        writer.append(list: ids)
        return writer.bytes
    }

    /// The ids `bytes` (from ``bytes(of:)``) hold; nil for anything else.
    static func ids(in bytes: [UInt8]) -> [Int64]? {
        var reader = MemoReader(bytes)
        guard let ids = reader.list(), reader.isAtEnd else { return nil }
        return ids
    }

    /// The version of the memo of the photos to retry (``ChangeWatch/version``): 2 since it is
    /// written by ``MemoWriter``.
    static let memoVersion = 2

    /// Files of a measured format, not damaged, with no row for their current identity, in path
    /// byte order; only those of the assets `among` when it is given (the ones a refresh left to retry).
    func loadCandidates(among ids: [Int64]? = nil) throws -> [Candidate] {
        try Self.decodableCandidates(Self.table, db, formats: Self.measuredFormats, among: ids)
    }

    /// The files of `formats` that a cache decoding photos (`table`: features, codes, text) still
    /// lacks: not damaged, with no row for their current identity, in path byte order; only those of
    /// the assets `among`, or those `narrowing` selects (SQL over `a`, an asset), when given.
    static func decodableCandidates(_ table: CacheTable, _ db: Database, formats: [MediaFormat], among ids: [Int64]? = nil,
                                    narrowing: SQLFragment? = nil) throws -> [Candidate] {
        var rows: [Candidate] = []
        if ids?.isEmpty == true { return rows }
        let listed = SQLFragment.join(formats.map { "\($0.rawValue)" }, separator: ", ")
        var filter: SQLFragment = "a.format IN (\(listed)) AND a.broken = 0 AND a.unreadable_reason IS NULL AND a.size > 0"
        if let ids { filter = "\(filter) AND a.id IN (SELECT value FROM json_each(\(JSONValue.list(ids))))" }
        if let narrowing { filter = "\(filter) AND \(narrowing.parenthesised)" }
        try table.forEachCandidate(db, columns: ["a.format AS format", "MAX(a.width, a.height) AS longest"], where: filter.sql,
                                   filter.arguments, staleOnly: true, tableOrder: ids == nil && narrowing == nil, FormatColumns.self) { row, column in
            let decoding = Decoding(format: row.enumValue(column.extra.format, as: MediaFormat.self),
                                    longest: row.optionalInt64(column.extra.longest).map { Int(clamping: $0) })
            rows.append(Candidate(row, column, extra: decoding))
        }
        // Sorted here, not by `ORDER BY a.path`: SQLite would walk the whole table in path order,
        // a random read per asset (0.37 s against 0.08 s on 100,000 assets), to return the few
        // photos a warm cache still lacks.
        return rows.sorted { PathBytes.precedes($0.path, $1.path) }
    }

    /// Decoding threads: one per core, or `CULL_DECODE_THREADS` (more decoders than cores, to see
    /// that the shared ``DecodeBudget`` bounds their memory together, not each).
    static let threads: Int = ProcessInfo.processInfo.environment["CULL_DECODE_THREADS"].flatMap(Int.init).map { min(max($0, 1), 256) }
        ?? ProcessInfo.processInfo.activeProcessorCount

    /// Decodes `files` on ``threads`` threads of their own (GCD would run no more than the cores),
    /// each taking the next file.
    private func analyse(_ files: [Candidate]) -> [Outcome] {
        job(files, changed: Outcome.skipped) {
            { file, opened in Self.analyse(opened, decoding: file.extra, path: file.path) }
        }.finish()
    }

    static func analyse(_ opened: ReadOnlyFile, decoding: Decoding, path: [UInt8]) -> Outcome {
        do {
            let side = ImageFeatures.side(forLongest: decoding.longest)
            return .measured(ImageFeatures.of(try picture(opened, format: decoding.format, side: side, path: PathBytes.display(path))))
        } catch {
            switch error.problem {
            // Not the file's fault: measured by a later scan, once it can be read or the library is installed.
            case .unreadable, .missingLibrary: return .skipped
            default: break
            }
            return .failed(error.problem.description)
        }
    }

    /// What is measured of a file, at most `side` pixels long: a video's poster frame, a RAW's
    /// preview, else the picture itself.
    static func picture(_ file: ReadOnlyFile, format: MediaFormat?, side: Int, path: String) throws(DecodeError) -> DecodedImage {
        if format?.kind == .video { return try VideoFrameDecoder.poster(file, path: path, maxSide: side).grey }
        if format?.isRaw == true {
            guard let preview = try RawPreviewDecoder.decode(file, path: path, side: side, grey: true, orientation: nil) else {
                throw DecodeError(path: path, problem: .unsupported("a RAW without a preview"))
            }
            return preview
        }
        return try ImageDecoder.decode(file, path: path, maxSide: side, grey: true)
    }

    /// Writes the rows of `files` in one transaction (a skipped file keeps no row).
    private func store(_ files: [Candidate], outcomes: [FileIdentity.Key: Outcome], watch: ChangeWatch) throws {
        let outcomes = files.map { outcomes[$0.key] ?? .skipped }
        try Self.table.write(db, files, order: Array(files.indices), watch: watch, kept: {
            if case .skipped = outcomes[$0] { false } else { true }
        }) { index, upsert, first in
            switch outcomes[index] {
            case let .measured(features):
                try upsert.bind(features.hash.map { .integer(Int64(bitPattern: $0.value)) } ?? .null, at: first)
                try upsert.bind(features.sharpness.value.map(SQLValue.real) ?? .null, at: first + 1)
                try upsert.bind(.real(features.exposure), at: first + 2)
                try upsert.bind(.integer(Int64(features.sharpness.strongEdges)), at: first + 3)
                try upsert.bind(.null, at: first + 4)
                try upsert.bind(features.layout.map { .blob($0.cells) } ?? .null, at: first + 5)
                // A picture without a hash has no print to fill later: NULL; else its print, or 0 for none.
                let print = TurnPrints.stored(features.turnPrint)
                try upsert.bind(print.signs, at: first + 6)
                try upsert.bind(features.hash == nil ? .null : print.code, at: first + 7)
            case let .failed(reason):
                for column in 0 ..< 4 { try upsert.bind(.null, at: first + Int32(column)) }
                try upsert.bind(.text(reason), at: first + 4)
                for column in 5 ..< 8 { try upsert.bind(.null, at: first + Int32(column)) }
            case .skipped: break
            }
        }
    }
}
