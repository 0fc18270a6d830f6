import CullKit
import Foundation

/// `cull stage RULES...`: stage what the rules match, in one transaction; no file is touched.
/// `cull stage --path PATH...`: stage these files by hand, through the same guards.
struct StageCommand: CullCommand {
    static let spec = CommandSpec(
        name: "stage",
        abstract: "Stage what these rules match in Cull's trash (one transaction; no file is touched).",
        discussion: """
            Prints the plan, then stages its new matches. Re-running is idempotent. When a rule's limit or the \
            library-wide ceiling trips, nothing is staged and the exit code is 4. With --path, the arguments are \
            files or folders (from the current folder) staged by hand, as the rule "by hand": a keep still wins, \
            a Live Photo goes whole or not at all, and every copy named is staged (the plan says when every copy of \
            a picture leaves).
            """,
        arguments: [ArgumentSpec(name: "rules", help: "Rule files, or folders of *.yaml / *.yml files ('-': standard input; with --path: files or folders to stage).",
                                 repeats: true)],
        options: RuleRunOptions.options + [
            pathOption, formatOption,
        ]
    )
    static let pathOption = OptionSpec(long: "path", help: "Stage the files named as arguments by hand, instead of reading rules.")
    static let formatOption = CommonOptions.format([OutputFormat.text, .json], detail: "json prints the plan that was staged")

    let rules: RuleRunOptions
    let byHand: Bool
    let format: OutputFormat

    init(_ arguments: ParsedArguments) throws(UsageError) {
        rules = try RuleRunOptions(arguments)
        byHand = arguments.flag(Self.pathOption)
        if byHand, let ruleOnly = [CommonOptions.now.spec, RuleSelection.ceilingOption.spec, RuleRunOptions.liftLimitOption]
            .first(where: { arguments.value($0) != nil }) {
            throw UsageError(message: "--\(ruleOnly.long) applies to rules, not to --path")
        }
        format = arguments.choice(Self.formatOption, default: .text)
    }

    func run(_ terminal: Console) throws -> ExitCode {
        if byHand {
            let access = try rules.library.open(locking: true, terminal: terminal)
            let (plan, result) = try HandStaging(db: access.db, root: access.library.root).stage(try access.assetIDs(rules.paths),
                                                                                              runID: RunID.make())
            write(plan, terminal: terminal)
            done(plan, result, terminal: terminal)
            return .success
        }
        return try RuleSelection.run(rules.paths, terminal: terminal) { files in
            let access = try rules.library.open(locking: true, terminal: terminal)
            let plan = try rules.planner(access, progress: .bar()).plan(files).plan
            ProcessLifetime.keep(plan)
            write(plan, terminal: terminal)
            done(plan, try StagingStore(db: access.db).stage(plan, runID: RunID.make()), terminal: terminal)
            return .success
        }
    }

    private func write(_ plan: Plan, terminal: Console) {
        if format == .json { terminal.outDocument(PlanRenderer.json(plan)) } else { terminal.out(PlanRenderer.text(plan, terminal: terminal)) }
    }

    private func done(_ plan: Plan, _ result: StagingStore.StageResult, terminal: Console) {
        if format == .text {
            let unstaged = result.unstaged > 0 ? ", unstaged \(result.unstaged) twin\(result.unstaged == 1 ? "" : "s") whose keeper is staged" : ""
            terminal.out("staged \(result.total) (\(ByteCount.format(plan.netNew.bytes)))\(unstaged); review with 'cull trash', "
                         + "commit exactly this with 'cull commit --fingerprint \(plan.fingerprint)'\n")
        }
    }
}
