import Foundation

/// The scheduled run (`cull run`): scan, plan and stage, and optionally commit, under the one lock
/// the caller holds. It never asks; what it did comes back as a ``RunReport``.
public struct ScheduledRun {
    public let library: Library
    public let db: Database
    public let clock: RunClock
    public let ceilingPercent: Double?
    /// Trash rules whose limit does not hold for this run (see ``RulePlanner/liftedLimits``).
    public var liftedLimits: Set<String> = []
    /// Where a commit goes; nil: stage only.
    public let commitTo: CommitDestination?
    /// Reports the hashing a group rule needs (a bar on a TTY).
    public let progress: HashProgress?

    public init(library: Library, db: Database, clock: RunClock, ceilingPercent: Double?, commitTo: CommitDestination?,
                progress: HashProgress? = nil) {
        self.library = library
        self.db = db
        self.clock = clock
        self.ceilingPercent = ceilingPercent
        self.commitTo = commitTo
        self.progress = progress
    }

    /// Runs `files`. A tripped limit or ceiling is not thrown: it is the report's `tripped`, with
    /// nothing staged and nothing committed. `beforeCommit` runs just before a commit starts (the
    /// CLI arms ``Interruption`` there, so Ctrl-C stops the commit between chunks, not the scan).
    public func run(_ files: [RuleFile], holding lock: LibraryLock, runID: String = RunID.make(),
                    beforeCommit: () -> Void = {}) throws -> RunReport {
        let started = Date()
        var report = RunReport()
        // The scan `cull scan` makes; an unreadable catalog stops the plan below (as it stops `cull plan`).
        report.scan = try ScanRun(library: library, db: db).run().summary
        var planner = RulePlanner(db: db, clock: clock, ceilingPercent: ceilingPercent, root: library.root, progress: progress)
        planner.liftedLimits = liftedLimits
        let plan = try planner.plan(files).plan
        report.fingerprint = plan.fingerprint
        do {
            let staged = try StagingStore(db: db).stage(plan, runID: runID)
            report.staged = staged.total
            report.stagedBytes = plan.netNew.bytes
            if let commitTo, case let session = try CommitSession(library: library, db: db), !session.isEmpty {
                beforeCommit()
                report.receipt = try session.commit(expectedFingerprint: session.fingerprint, destination: commitTo, holding: lock)
            }
        } catch let error as StagingError {
            report.tripped = error.description
        }
        report.milliseconds = Int64(Date().timeIntervalSince(started) * 1000)
        return report
    }
}

/// What one `cull run` did: the line cron mails, the JSON object scripts read (see ``RunRenderer``),
/// the log fields.
public struct RunReport: Sendable {
    public var scan = ScanSummary()
    public var staged = 0
    public var stagedBytes: Int64 = 0
    public var fingerprint = ""
    public var receipt: CommitReceipt?
    /// Why nothing was staged: the limit or ceiling that tripped.
    public var tripped: String?
    public var milliseconds: Int64 = 0
    /// The exit code the front end ends with (it is logged and printed).
    public var exit: Int32 = 0

    public init() {}

    /// Quiet unless something happened (cron mails any output).
    public var changedAnything: Bool {
        scan.added + scan.changed + scan.removed > 0 || staged > 0 || receipt != nil || tripped != nil
    }

    /// Counts and timings only, never a path.
    public func logFields() -> [String: RunLog.Field] {
        var fields: [String: RunLog.Field] = [
            "command": .string("run"), "added": .int(Int64(scan.added)), "changed": .int(Int64(scan.changed)),
            "removed": .int(Int64(scan.removed)), "broken": .int(Int64(scan.broken)), "staged": .int(Int64(staged)),
            "staged_bytes": .int(stagedBytes), "limit_tripped": .bool(tripped != nil), "ms": .int(milliseconds),
            "exit": .int(Int64(exit)),
        ]
        if let receipt {
            for (key, value) in receipt.logFields() { fields["commit_" + key] = value }
        }
        return fields
    }
}

/// Identifies one run in review rows and the log.
public enum RunID {
    public static func make() -> String {
        "\(Int64(Date().timeIntervalSince1970))-\(ProcessInfo.processInfo.processIdentifier)"
    }
}
