internal import CLoader
import Foundation

/// Keeps `image_codes` current for the photos a run asks about: reads the QR codes and barcodes of
/// each photo with no row for its current identity, on every core, and records them (or the reason
/// the photo could not be decoded; it is not tried again until the file changes).
///
/// Run on demand, not by the feature pass: ZBar over the analysis decode costs several times what
/// the rest of the features cost together (benchmarks/codes), so it runs only where a rule of the
/// run reads `code` or `code_text`, after that rule's other top-level conditions have narrowed the
/// photos (``RuleEvaluator``), and caches by file identity like the other features.
///
/// Each photo is decoded as the features are (grey, at ``ImageFeatures/side(forLongest:)``: a
/// quarter of its size, 1,000 to 2,048 pixels long) and scanned; when that finds nothing, the photo
/// is at least twice as large, and ``CodeEvidence`` sees print-like detail, it is decoded again at
/// twice that side (at most ``largestSide``) and scanned once more, for a code small in the frame.
public struct CodeCache: IdentityCache {
    static let table = CacheTable.imageCodes
    static var schedule: CacheSchedule { .claims(threads: FeatureCache.threads) }
    /// The longest side ZBar is ever given: its time grows with the pixels.
    static let largestSide = 4096

    /// SQL for the codes row's `column` of asset `a`, when the row was computed for the file as the
    /// index has it now (NULL otherwise).
    static func current(_ column: String) -> String {
        "(SELECT c.\(column) FROM image_codes c WHERE c.asset_id = a.id AND \(CachedRow.isCurrent("c", for: "a")))"
    }

    /// What one refresh did.
    public struct Report: Sendable, Equatable {
        /// Photos decoded and scanned.
        public var scanned = 0
        /// Of those, the photos decoded a second time, larger (``CodeEvidence``).
        public var rescanned = 0
        /// Photos that could not be decoded (their reason recorded).
        public var failed = 0
        /// Photos gone, changed since the scan or unreadable: left for the next refresh.
        public var skipped = 0
    }

    let db: Database
    let root: [UInt8]

    public init(db: Database, root: String) {
        self.db = db
        self.root = Array(root.utf8)
    }

    typealias Candidate = CacheCandidate<FeatureCache.Decoding>

    enum Outcome: Sendable {
        case read([FoundCode], rescanned: Bool)
        case failed(String)
        case skipped
    }

    /// Reads the codes of every photo that needs it (of the assets `among` only, when given).
    @discardableResult
    public func refresh(among only: [Int64]? = nil) throws -> Report {
        var report = Report()
        let candidates = try loadCandidates(among: only)
        guard !candidates.isEmpty else { return report }
        // A machine without libzbar: one clear error, not a failure per photo.
        let zbar = try Libraries.zbar.get()
        let batchSize = 256
        for start in stride(from: 0, to: candidates.count, by: batchSize) {
            let batch = Array(candidates[start ..< min(candidates.count, start + batchSize)])
            let outcomes = job(batch, changed: Outcome.skipped) {
                let scanner = CodeScanner(zbar)
                return { file, opened in Self.analyse(opened, decoding: file.extra, path: file.path, scanner: scanner) }
            }.finish()
            for outcome in outcomes {
                switch outcome {
                case let .read(_, rescanned):
                    report.scanned += 1
                    if rescanned { report.rescanned += 1 }
                case .failed: report.failed += 1
                case .skipped: report.skipped += 1
                }
            }
            try store(batch, outcomes: outcomes)
        }
        return report
    }

    /// Files of a measured format (``FeatureCache/measuredFormats``), not damaged, with no current
    /// row; only those of the assets `among` when it is given.
    func loadCandidates(among ids: [Int64]?) throws -> [Candidate] {
        try FeatureCache.decodableCandidates(Self.table, db, formats: FeatureCache.measuredFormats, among: ids)
    }

    static func analyse(_ opened: ReadOnlyFile, decoding: FeatureCache.Decoding, path: [UInt8], scanner: CodeScanner) -> Outcome {
        do {
            let side = ImageFeatures.side(forLongest: decoding.longest)
            let display = PathBytes.display(path)
            let picture = try FeatureCache.picture(opened, format: decoding.format, side: side, path: display)
            let codes = scanner.scan(picture)
            let decoded = max(picture.width, picture.height)
            let larger = min(largestSide, 2 * decoded, decoding.longest ?? 0)
            guard codes.isEmpty, larger >= 2 * decoded, CodeEvidence.suggestsCode(picture) else { return .read(codes, rescanned: false) }
            let bigger = try FeatureCache.picture(opened, format: decoding.format, side: larger, path: display)
            return .read(scanner.scan(bigger), rescanned: true)
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
            if case .skipped = outcomes[$0] { false } else { true }
        }) { index, upsert, first in
            switch outcomes[index] {
            case let .read(codes, _):
                try upsert.bind(ValueList.encode(Self.kinds(of: codes).map(\.rawValue)), at: first)
                try upsert.bind(ValueList.encode(codes.map(\.text).filter { !$0.isEmpty }), at: first + 1)
                try upsert.bind(.null, at: first + 2)
            case let .failed(reason):
                try upsert.bind(.null, at: first)
                try upsert.bind(.null, at: first + 1)
                try upsert.bind(.text(reason), at: first + 2)
            case .skipped: break
            }
        }
    }

    /// The kinds of `codes`, each once, in ``CodeKind`` order.
    static func kinds(of codes: [FoundCode]) -> [CodeKind] {
        Set(codes.map(\.kind)).sorted()
    }
}
