import CullKit
import Foundation

/// `cull run RULES... [--commit --yes]`: scan, stage and (optionally) commit under one lock, for cron.
struct RunCommand: CullCommand {
    static let spec = CommandSpec(
        name: "run",
        abstract: "Scan, stage and optionally commit under the library lock, for cron and timers.",
        discussion: """
            Quiet when nothing changed; otherwise one summary line (or, with --format json, one JSON object per run). \
            Every run appends one line of counts and timings to .cull/log. Exit 4 when a limit or the ceiling trips \
            (nothing staged, nothing committed), 5 when another cull run holds the library, 3 when a commit skipped files.
            """,
        arguments: [RuleRunOptions.argument],
        options: RuleRunOptions.options + [
            commitOption, yesOption, toOption, formatOption,
        ]
    )
    static let commitOption = OptionSpec(long: "commit", help: "Also commit everything staged (needs --yes).")
    static let yesOption = OptionSpec(long: "yes", short: "y", help: "Confirm --commit without asking (cron has no one to ask).")
    static let toOption = OptionSpec(long: "to", value: "DIR", help: "With --commit: move into this quarantine folder instead of the trash.")
    static let formatOption = CommonOptions.format([OutputFormat.text, .json], detail: "json prints one object per run")

    let rules: RuleRunOptions
    let commit: Bool
    let destination: CommitDestination
    let format: OutputFormat

    init(_ arguments: ParsedArguments) throws(UsageError) {
        rules = try RuleRunOptions(arguments)
        commit = arguments.flag(Self.commitOption)
        if commit && !arguments.flag(Self.yesOption) { throw UsageError(message: "--commit needs --yes: an unattended run cannot ask") }
        if let directory = arguments.value(Self.toOption) {
            guard commit else { throw UsageError(message: "--to only applies with --commit") }
            destination = .quarantine(directory.hasPrefix("/") ? directory : FileManager.default.currentDirectoryPath + "/" + directory)
        } else {
            destination = .trash
        }
        format = arguments.choice(Self.formatOption, default: .text)
    }

    func run(_ terminal: Terminal) throws -> ExitCode {
        let started = Date()
        guard let files = RuleSelection.load(rules.paths, terminal: terminal) else { return .ruleError }
        let access = try LibraryAccess(libraryOption: rules.library, locking: true, terminal: terminal)
        var report = RunReport()
        report.scan = try Scanner(library: access.library).scan(access.db)
        let plan = try RulePlanner(db: access.db, clock: rules.clock, ceilingPercent: rules.ceiling, root: access.library.root,
                                  progress: .bar()).plan(files).plan
        report.fingerprint = plan.fingerprint
        var exit = ExitCode.success
        do {
            let staged = try ReviewStore(db: access.db).stage(plan, runID: RunID.make())
            report.staged = staged.total
            report.stagedBytes = plan.netNew.bytes
            if commit, case let listing = try TrashListing(db: access.db), listing.total.count > 0 {
                // From here Ctrl-C or SIGTERM stops the commit between chunks instead of killing it.
                Interruption.shared.arm()
                let receipt = try Committer(library: access.library, db: access.db, destination: destination).commit(listing)
                report.receipt = receipt
                if receipt.isPartial { exit = .partialCommit }
                if Interruption.shared.isRequested { exit = .interrupted }
            }
        } catch let error as StagingError {
            report.tripped = error.description
            exit = .limitTripped
        }
        report.milliseconds = Int64(Date().timeIntervalSince(started) * 1000)
        report.exit = exit.rawValue
        RunLog.append(library: access.library, report.logFields())
        switch format {
        case .json, .paths: terminal.out(report.json().rendered(pretty: false) + "\n")
        case .text:
            if let reason = report.tripped { terminal.err("cull: error: \(reason)\n") }
            if report.changedAnything { terminal.out(report.line() + "\n") }
        }
        return exit
    }
}

/// What one `cull run` did: the line cron mails, the JSON object scripts read, the log fields.
struct RunReport {
    var scan = ScanSummary()
    var staged = 0
    var stagedBytes: Int64 = 0
    var fingerprint = ""
    var receipt: CommitReceipt?
    var tripped: String?
    var milliseconds: Int64 = 0
    var exit: Int32 = 0

    /// Quiet unless something happened (cron mails any output).
    var changedAnything: Bool {
        scan.added + scan.changed + scan.removed > 0 || staged > 0 || receipt != nil || tripped != nil
    }

    func line() -> String {
        var parts = ["scan +\(scan.added) ~\(scan.changed) -\(scan.removed)" + (scan.broken > 0 ? " (\(scan.broken) broken)" : "")]
        if tripped != nil {
            parts.append("limit tripped: nothing staged")
        } else {
            parts.append("staged \(staged) (\(ByteCount.format(stagedBytes)))")
        }
        if let receipt {
            var commit = "committed \(receipt.moved) (\(ByteCount.format(receipt.bytes)))"
            if !receipt.skipped.isEmpty { commit += ", skipped \(receipt.skipped.count)" }
            if receipt.cancelled { commit += ", cancelled: \(receipt.stillStaged) still staged" }
            parts.append(commit + ", undo with 'cull undo \(receipt.commit)'")
        }
        return "cull run: " + parts.joined(separator: "; ")
    }

    func json() -> JSONValue {
        var fields: [(String, JSONValue)] = [
            ("scan", .object([
                ("added", .integer(Int64(scan.added))), ("changed", .integer(Int64(scan.changed))),
                ("removed", .integer(Int64(scan.removed))), ("broken", .integer(Int64(scan.broken))),
                ("unchanged", .integer(Int64(scan.unchanged))),
            ])),
            ("staged", .integer(Int64(staged))),
            ("staged_bytes", .integer(stagedBytes)),
            ("fingerprint", .string(fingerprint)),
            ("limit_tripped", tripped.map { .string($0) } ?? .null),
        ]
        if let receipt {
            fields.append(("commit", .object([
                ("id", .integer(receipt.commit)), ("moved", .integer(Int64(receipt.moved))),
                ("gone", .integer(Int64(receipt.alreadyGone))), ("skipped", .integer(Int64(receipt.skipped.count))),
                ("bytes", .integer(receipt.bytes)), ("cancelled", .bool(receipt.cancelled)),
                ("still_staged", .integer(Int64(receipt.stillStaged))),
            ])))
        }
        fields += [("ms", .integer(milliseconds)), ("exit", .integer(Int64(exit)))]
        return .object(fields)
    }

    /// Counts and timings only, never a path.
    func logFields() -> [String: RunLog.Field] {
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
