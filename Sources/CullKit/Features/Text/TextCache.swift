internal import CLoader
import Foundation

/// Keeps `text_readings` current for the photos asked about: what the text test and Tesseract read
/// of each (``TextReading``), for the identity it was read for, so no photo is sent to the OCR twice
/// while it is the same file.
///
/// Reading text costs 0.2 to 1 s a photo where Tesseract runs, so it is never done for the whole
/// library unasked: only for the photos a rule that reads a text field could still match (its other
/// conditions narrow them first, see ``RuleEvaluator``), for one file `cull show` looks at, or for every
/// photo with `cull scan --text`. Each photo is decoded small first (``TextPresence/side``) for the
/// presence test; only one with lines of text is decoded again at ``TextReading/side`` and read.
public struct TextCache: IdentityCache {
    static let table = CacheTable.textReadings
    /// One engine per decoding thread, each claiming the next photo (a photo with text costs ten times one without).
    static var schedule: CacheSchedule { .claims(threads: FeatureCache.threads) }

    /// SQL for the reading's `column` of asset `a`, when the row was read for the file as the index has it now (NULL otherwise).
    static func current(_ column: String) -> String {
        "(SELECT t.\(column) FROM text_readings t WHERE t.asset_id = a.id AND \(CachedRow.isCurrent("t", for: "a")))"
    }

    /// The formats read: every still the decoder reads and every RAW (by its preview); not videos.
    static let readFormats: [MediaFormat] = FeatureCache.measuredFormats.filter { $0.kind != .video }

    /// What one refresh did.
    public struct Report: Sendable, Equatable {
        /// Photos looked at (the presence test ran).
        public var looked = 0
        /// Photos of those that Tesseract read (the presence test found text).
        public var recognized = 0
        /// Photos that could not be decoded (their reason recorded).
        public var failed = 0
        /// The library-relative path and reason of each of them.
        public var problems: [ScanSummary.Problem] = []
        /// Photos gone, changed since the scan or unreadable: left for the next time.
        public var skipped = 0
    }

    let db: Database
    let root: [UInt8]
    /// Called after each batch with (done, total): reading is slow, so batches are small.
    public var progress: ((Int, Int) -> Void)?

    public init(db: Database, root: String) {
        self.db = db
        self.root = Array(root.utf8)
    }

    /// The languages text is read in: the library's `text_languages` setting (Tesseract's codes joined
    /// by `+`, each installed as `tesseract-ocr-LANG`), English by default.
    func languages() throws -> String {
        let setting = try db.scalar("SELECT value FROM settings WHERE key = 'text_languages'")?.string ?? ""
        let valid = !setting.isEmpty && setting.utf8.count <= 64
            && setting.split(separator: "+", omittingEmptySubsequences: false).allSatisfy { code in
                !code.isEmpty && code.allSatisfy { $0.isASCII && ($0.isLetter || $0 == "_") }
            }
        return valid ? setting : "eng"
    }

    /// Reads every photo that `scope` (SQL over `a`, an asset, and `r`, its review row) selects and
    /// that has no current reading; every photo of the library without `scope`. With `among`, only
    /// those assets are looked at.
    @discardableResult
    public func refresh(scope: SQLFragment? = nil, among: [Int64]? = nil) throws -> Report {
        let candidates = try loadCandidates(scope: scope, among: among)
        var report = Report()
        guard !candidates.isEmpty else { return report }
        let languages = try languages()
        // A machine without libtesseract: one clear error, as for missing language data.
        let library = try Libraries.tesseract.get()
        let batchSize = 16
        for start in stride(from: 0, to: candidates.count, by: batchSize) {
            let batch = Array(candidates[start ..< min(candidates.count, start + batchSize)])
            let outcomes = job(batch, changed: Outcome.skipped) {
                // Made on this thread when its first photo with text comes (a batch without text never loads the model).
                let engine = LazyEngine(languages: languages, library: library)
                return { file, opened in Self.read(opened, file: file, engine: engine.engine) }
            }.finish()
            // Missing language data is one clear error, not a skip per photo.
            if outcomes.contains(where: { if case .unavailable = $0 { true } else { false } }) {
                throw TextRecognizer.Unavailable(languages: languages)
            }
            for (file, outcome) in zip(batch, outcomes) {
                switch outcome {
                case let .read(reading):
                    report.looked += 1
                    if reading.recognized { report.recognized += 1 }
                case let .failed(reason):
                    report.failed += 1
                    report.problems.append(ScanSummary.Problem(path: file.path, reason: reason))
                case .skipped, .unavailable: report.skipped += 1
                }
            }
            try store(batch, outcomes: outcomes)
            progress?(min(candidates.count, start + batchSize), candidates.count)
        }
        return report
    }

    /// How to decode a file: its format, and its longest side as indexed.
    typealias Candidate = CacheCandidate<FeatureCache.Decoding>

    enum Outcome: Sendable {
        case read(TextReading)
        case failed(String)
        case skipped
        /// No engine could be made for the library's languages.
        case unavailable
    }

    /// One thread's engine, made on first use; nil when it cannot be made.
    final class LazyEngine {
        let languages: String
        let library: cull_tesseract
        private var made: TextRecognizer??

        init(languages: String, library: cull_tesseract) { (self.languages, self.library) = (languages, library) }

        func engine() -> TextRecognizer? {
            if let made { return made }
            let engine = try? TextRecognizer(languages: languages, library: library)
            made = .some(engine)
            return engine
        }
    }

    /// Photos of a read format, not damaged, in `scope` (and `among`), with no current reading, in path byte order.
    func loadCandidates(scope: SQLFragment?, among: [Int64]? = nil) throws -> [Candidate] {
        // The scope's own query is driven by `among` too: SQLite lists what it selects before the candidates are read.
        let listed: SQLFragment = among.map { "a.id IN (SELECT value FROM json_each(\(JSONValue.list($0)))) AND " } ?? ""
        return try FeatureCache.decodableCandidates(Self.table, db, formats: Self.readFormats, among: among, narrowing: scope.map {
            "a.id IN (SELECT a.id FROM assets a LEFT JOIN reviews r ON r.asset_id = a.id WHERE \(listed)\($0.parenthesised))"
        })
    }

    /// Decodes `opened` small for the presence test and, when it has text, at ``TextReading/side`` for Tesseract.
    static func read(_ opened: ReadOnlyFile, file: Candidate, engine: () -> TextRecognizer?) -> Outcome {
        let path = PathBytes.display(file.path)
        do {
            let small = try FeatureCache.picture(opened, format: file.extra.format, side: TextPresence.side, path: path)
            guard TextPresence.of(small).hasText else { return .read(.noText) }
            guard let engine = engine() else { return .unavailable }
            let large = max(small.width, small.height) < TextPresence.side ? small
                : try FeatureCache.picture(opened, format: file.extra.format, side: TextReading.side, path: path)
            return .read(TextReading.read(large, with: engine))
        } catch {
            switch error.problem {
            case .unreadable, .missingLibrary: return .skipped
            default: return .failed(error.problem.description)
            }
        }
    }

    /// Writes the rows of `files` in one transaction (a skipped file keeps no row).
    private func store(_ files: [Candidate], outcomes: [Outcome]) throws {
        try Self.table.write(db, files, order: Array(files.indices), kept: {
            switch outcomes[$0] {
            case .read, .failed: true
            case .skipped, .unavailable: false
            }
        }) { index, upsert, first in
            switch outcomes[index] {
            case let .read(reading):
                try upsert.bind(.integer(reading.recognized ? 1 : 0), at: first)
                try upsert.bind(reading.text.map(SQLValue.text) ?? .null, at: first + 1)
                try upsert.bind(.integer(Int64(reading.words)), at: first + 2)
                try upsert.bind(.integer(reading.document ? 1 : 0), at: first + 3)
                try upsert.bind(.real(reading.coverage), at: first + 4)
                try upsert.bind(.integer(Int64(reading.turn)), at: first + 5)
                try upsert.bind(.null, at: first + 6)
            case let .failed(reason):
                for column in 0 ..< 6 { try upsert.bind(.null, at: first + Int32(column)) }
                try upsert.bind(.text(reason), at: first + 6)
            case .skipped, .unavailable: break
            }
        }
    }
}
