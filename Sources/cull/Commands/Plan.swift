import CullKit

/// `cull plan RULES...`: the dry run of `cull stage`; changes nothing.
struct PlanCommand: CullCommand {
    static let spec = CommandSpec(
        name: "plan",
        abstract: "Show what 'cull stage' would do with these rules; changes nothing.",
        discussion: """
            Per rule: matched, already staged, what protect guards, your keeps and keep rules left out, and what \
            is new, with bytes and sample paths; then totals and the fingerprint 'cull commit --fingerprint' accepts \
            once this plan is staged. Exit 4 when a rule's limit or the library-wide ceiling would trip.
            """,
        arguments: [RuleRunOptions.argument],
        options: RuleRunOptions.options + [
            formatOption,
            CommonOptions.null,
            explainOption,
            PreviewOption.spec,
        ]
    )
    static let formatOption = CommonOptions.format([OutputFormat.text, .json, .paths], detail: "paths lists every path staging would add")
    static let explainOption = OptionSpec(long: "explain", value: "PATH", help: "Say which rules match this file and why it is or is not staged (repeatable).",
                                         repeats: true)

    let rules: RuleRunOptions
    let format: OutputFormat
    let nul: Bool
    let explain: [String]
    let preview: PreviewOption.Request?

    init(_ arguments: ParsedArguments) throws(UsageError) {
        rules = try RuleRunOptions(arguments)
        format = arguments.choice(Self.formatOption, default: .text)
        nul = arguments.flag(CommonOptions.null)
        explain = arguments.all(Self.explainOption)
        preview = try PreviewOption.parse(arguments, format: format)
        if preview != nil, !explain.isEmpty { throw UsageError(message: "'--preview' cannot be combined with '--explain'") }
    }

    func run(_ terminal: Console) throws -> ExitCode {
        try RuleSelection.run(rules.paths, terminal: terminal) { try plan($0, terminal) }
    }

    private func plan(_ files: [RuleFile], _ terminal: Console) throws -> ExitCode {
        let access = try rules.library.open(locking: false, terminal: terminal)
        let (plan, evaluations) = try rules.planner(access, progress: .bar()).plan(files)
        ProcessLifetime.keep((plan, evaluations))
        if !explain.isEmpty {
            for path in explain { try self.explain(path, files: files, plan: plan, evaluations: evaluations, access: access, terminal) }
            return .success
        }
        if let preview {
            // The pictures first: the totals and the fingerprint stay in view below them.
            try TerminalPreview.draw(try .planned(plan, db: access.db), library: access.library, db: access.db, terminal: terminal,
                                     forced: preview.forced)
        }
        switch format {
        case .text: terminal.out(PlanRenderer.text(plan, terminal: terminal))
        case .json: terminal.outDocument(PlanRenderer.json(plan))
        case .paths: terminal.outPaths(try PlanRenderer.netNewPaths(plan, db: access.db).map(access.shown), nul: nul)
        }
        return plan.limitTripped ? .limitTripped : .success
    }

    /// `--explain PATH`: what the rules do with one file, and what stands against it.
    private func explain(_ path: String, files: [RuleFile], plan: Plan, evaluations: [RuleEvaluation], access: LibraryAccess, _ terminal: Console) throws {
        let relative = try access.relativePath(path)
        let store = StagingStore(db: access.db)
        guard let id = try store.assetID(path: relative) else { throw StagingError.notIndexed(path: path) }
        let evaluator = try RuleEvaluator(database: access.db, clock: rules.clock)
        terminal.out(AssetExplanation.text(assetID: id, path: PathBytes.display(relative), status: try store.status(of: id),
                                           plan: plan, evaluations: evaluations, terminal: terminal,
                                           failing: { (try? evaluator.failingExplained(of: $0, assetID: id)) ?? [] }))
        // A member of a similar group near another only turned or mirrored: which way.
        for line in try TurnedExplanation.lines(db: access.db, plan: plan, assetID: id) { terminal.out(line + "\n") }
        // What was measured of it (the pixels, text, codes, a return), when a rule of the run decides on it.
        let measured = Set(files.flatMap { $0.rules.flatMap(\.measured) })
        for evidence in MeasuredEvidence.allCases where measured.contains(evidence) {
            terminal.out("\(try evidence.line(db: access.db, assetID: id))\n")
        }
        // What stands against the file: damage, or (never damage) a decoder's refusal or a failed read.
        if let state = try ReadState.of(access.db, assetID: id) { terminal.out("  \(state.line)\n") }
        let sources = try DecisionSources.lines(db: access.db, root: access.library.root, assetID: id, path: relative)
        if !sources.isEmpty {
            terminal.out("  decisions, by source (the value that stages less counts):\n" + sources.map { "\($0)\n" as TerminalText }.joined())
        }
    }
}
