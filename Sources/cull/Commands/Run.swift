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

    func run(_ terminal: Console) throws -> ExitCode {
        try RuleSelection.run(rules.paths, terminal: terminal) { try run($0, terminal) }
    }

    private func run(_ files: [RuleFile], _ terminal: Console) throws -> ExitCode {
        let access = try rules.library.open(locking: true, terminal: terminal)
        var scheduled = ScheduledRun(library: access.library, db: access.db, clock: rules.clock, ceilingPercent: rules.ceiling,
                                     commitTo: commit ? destination : nil, progress: .bar())
        scheduled.liftedLimits = rules.liftedLimits
        var report = try scheduled.run(files, holding: access.heldLock) {
            // From here Ctrl-C or SIGTERM stops the commit between chunks instead of killing it.
            Interruption.shared.arm()
        }
        var exit = ExitCode.success
        if report.tripped != nil { exit = .limitTripped }
        if report.receipt?.isPartial == true { exit = .partialCommit }
        if report.receipt != nil && Interruption.shared.isRequested { exit = .interrupted }
        report.exit = exit.rawValue
        RunLog.append(library: access.library, report.logFields())
        switch format {
        case .json, .paths: terminal.outJSON(RunRenderer.json(report))
        case .text:
            if let reason = report.tripped { terminal.err("cull: error: \(reason)\n") }
            if report.changedAnything { terminal.out("\(RunRenderer.line(report))\n") }
        }
        return exit
    }
}
