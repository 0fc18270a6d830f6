/// One scan as every command that scans makes it (`cull scan`, `cull run`), so the two cannot drift:
/// the walk, the photo managers' decisions read again where their catalogs changed, the files whose
/// sources disagree counted and the first of them named, the distinct sets pruned of pictures the scan
/// forgot, and, when asked (`scan --hash`), the hashes and image features a group or image rule would
/// compute, so that a cron scan leaves a plan nothing to read.
public struct ScanRun {
    public let library: Library
    public let db: Database
    /// Walk other applications' libraries too (`--include-managed`).
    public var includeManaged = false
    /// Also bring the content hashes, perceptual hashes and image features up to date.
    public var measure = false
    /// Also read the text of every photo not read yet (`--text`, ``TextCache``).
    public var readText = false
    /// Where progress bars go (drawn only when its standard error is a TTY); nil: none.
    public var terminal: Console?

    public init(library: Library, db: Database) {
        self.library = library
        self.db = db
    }

    /// What the scan did and what it measured.
    public struct Outcome: Sendable {
        /// The walk and read; its `problems` include the photos that could not be decoded or hashed.
        public var summary: ScanSummary
        /// The catalogs used, read again or unreadable (a scan only warns; plan, stage, run and commit refuse).
        public var catalogs: CatalogSync.Report
        public var hashed: HashCache.Report?
        public var analysed: FeatureCache.Report?
        /// What `--text` read.
        public var text: TextCache.Report?

        /// The fields `cull scan` appends to the run log.
        public func logFields() -> [String: RunLog.Field] {
            ["command": .string("scan"), "added": .int(Int64(summary.added)), "changed": .int(Int64(summary.changed)),
             "removed": .int(Int64(summary.removed)), "broken": .int(Int64(summary.broken)), "exit": .int(0)]
        }
    }

    /// Scans. Under the library lock the caller holds.
    public func run() throws -> Outcome {
        var scanner = Scanner(library: library)
        scanner.includeManaged = includeManaged
        let reading = terminal.map { ProgressBar(label: "Reading", terminal: $0) }
        if let reading { scanner.progress = { done, total in reading.update(done: done, total: total) } }
        var summary = try scanner.scan(db)
        reading?.finish()
        let changed = summary.added + summary.changed + summary.removed + summary.renamed > 0
        let catalogs = try CatalogSync(db: db, root: library.root).refresh(assetsChanged: changed)
        (summary.disagreements, summary.disagreeing) = try CatalogSync.disagreements(db, naming: ScanSummary.namedAtMost)
        // Files the scan forgot may have been the last holders of a distinct set's pictures.
        try DistinctSets.prune(db)
        var outcome = Outcome(summary: summary, catalogs: catalogs)
        if readText { outcome.text = try readAllText() }
        guard measure else { return outcome }
        let bar = { (label: String) -> HashProgress? in terminal.flatMap { HashProgress.bar(label, terminal: $0) } }
        outcome.hashed = try HashCache(db: db, root: library.root).refresh(progress: bar("Hashing"))
        let imageHashed = try ImageHashCache(db: db, root: library.root).refresh(progress: bar("Hashing"))
        var features = FeatureCache(db: db, root: library.root)
        let analysing = terminal.map { ProgressBar(label: "Analysing", terminal: $0) }
        if let analysing { features.progress = { done, total in analysing.update(done: done, total: total) } }
        outcome.analysed = try features.refresh()
        analysing?.finish()
        // A photo that could not be decoded or hashed is named when first tried; it is not tried
        // again until it changes.
        outcome.summary.problems += imageHashed.problems + (outcome.analysed?.problems ?? [])
        return outcome
    }

    /// The text of every photo without a current reading (`--text`), a bar on a terminal; the photos
    /// that could not be decoded are named with the scan's problems.
    private func readAllText() throws -> TextCache.Report {
        var cache = TextCache(db: db, root: library.root)
        let bar = terminal.flatMap { $0.stderrIsTTY ? ProgressBar(label: "Reading text", terminal: $0) : nil }
        if let bar { cache.progress = { done, total in bar.update(done: done, total: total) } }
        defer { bar?.finish() }
        return try cache.refresh()
    }
}
