import CullKit
import Foundation

/// `cull stage RULES...`: stage what the rules match, in one transaction; no file is touched.
struct StageCommand: CullCommand {
    static let spec = CommandSpec(
        name: "stage",
        abstract: "Stage what these rules match in Cull's trash (one transaction; no file is touched).",
        discussion: """
            Prints the plan, then stages its new matches. Re-running is idempotent. When a rule's limit or the \
            library-wide ceiling trips, nothing is staged and the exit code is 4.
            """,
        arguments: [RuleRunOptions.argument],
        options: RuleRunOptions.options + [
            formatOption,
        ]
    )
    static let formatOption = CommonOptions.format([OutputFormat.text, .json], detail: "json prints the plan that was staged")

    let rules: RuleRunOptions
    let format: OutputFormat

    init(_ arguments: ParsedArguments) throws(UsageError) {
        rules = try RuleRunOptions(arguments)
        format = arguments.choice(Self.formatOption, default: .text)
    }

    func run(_ terminal: Terminal) throws -> ExitCode {
        guard let files = RuleSelection.load(rules.paths, terminal: terminal) else { return .ruleError }
        let access = try LibraryAccess(libraryOption: rules.library, locking: true, terminal: terminal)
        let plan = try RulePlanner(db: access.db, clock: rules.clock, ceilingPercent: rules.ceiling, root: access.library.root,
                                  progress: .bar()).plan(files).plan
        terminal.out(format == .json ? PlanRenderer.json(plan) : PlanRenderer.text(plan, terminal: terminal))
        let result = try ReviewStore(db: access.db).stage(plan, runID: RunID.make())
        if format == .text {
            terminal.out("staged \(result.total) (\(ByteCount.format(plan.netNew.bytes))); review with 'cull trash', "
                         + "commit exactly this with 'cull commit --fingerprint \(plan.fingerprint)'\n")
        }
        return .success
    }
}
