import CullKit

/// Rule files named on the command line, loaded and validated; diagnostics go to stderr.
enum RuleSelection {
    /// `body` run with the loaded files, or `.ruleError` after printing their errors. Warnings are
    /// printed and the run goes on.
    ///
    /// SQLite checks the rules' queries as the run prepares them on the index, not on a probe index
    /// first (that cost a third of a small plan). When it refuses one (``RuleQueryRefused``: before
    /// anything is staged), the files are probed to say what a probe beforehand said: each file's
    /// errors as `cull check` reports them, else the rules SQLite refuses together.
    static func run(_ paths: [String], terminal: Console, _ body: ([RuleFile]) throws -> ExitCode) throws -> ExitCode {
        var loads = RuleFiles.readForRun(paths)
        // A run that stops anyway reports every file's errors, the probe's too.
        if loads.contains(where: \.hasErrors) { loads = RuleFiles.probeForRun(loads).files }
        guard report(loads, terminal: terminal) else { return .ruleError }
        do {
            return try body(loads.compactMap(\.ruleFile))
        } catch let refused as RuleQueryRefused {
            let (probed, together) = RuleFiles.probeForRun(loads)
            // The warnings are out already.
            if probed.contains(where: \.hasErrors) {
                terminal.err(DiagnosticFormat.terminalText(zip(probed, loads).map { $0.subtracting($1) }, color: terminal.stderrIsTTY))
                terminal.err(DiagnosticSummary.line(probed))
                return .ruleError
            }
            // Each file prepared alone in check; together their guards and keep rules add up.
            guard together.isEmpty else {
                terminal.err(together.map { "\($0)\n" as TerminalText }.joined())
                return .ruleError
            }
            throw refused.error
        }
    }

    /// Prints the diagnostics of `loads`; false when they hold an error (with the summary line).
    private static func report(_ loads: [LoadedRuleFile], terminal: Console) -> Bool {
        if loads.contains(where: { !$0.diagnostics.isEmpty }) {
            terminal.err(DiagnosticFormat.terminalText(loads, color: terminal.stderrIsTTY))
        }
        guard !loads.contains(where: \.hasErrors) else {
            terminal.err(DiagnosticSummary.line(loads))
            return false
        }
        return true
    }

    /// Options every rule-running command shares.
    static let ceilingOption = Option<Percentage>(long: "ceiling", value: "PERCENT",
        help: "Stop if the trash would hold more than this share of the library (default \(Int(RulePlanner.defaultCeilingPercent))%; 100 disables).")
}

/// What `plan`, `stage` and `run` share: the rule files, the library, the run's clock and the ceiling.
struct RuleRunOptions {
    static let argument = ArgumentSpec(name: "rules", help: "Rule files, or folders of *.yaml / *.yml files ('-': standard input).", repeats: true)
    static let liftLimitOption = OptionSpec(long: "lift-limit", value: "RULE",
        help: "Let trash rule RULE stage more than its limit: for this run, after looking at what it selects (repeatable).", repeats: true)
    static let options = [LibraryOptions.spec, CommonOptions.now.spec, RuleSelection.ceilingOption.spec, liftLimitOption, StockRules.option]

    let paths: [String]
    let library: LibraryOptions
    let clock: RunClock
    let ceiling: Double
    let liftedLimits: Set<String>

    init(_ arguments: ParsedArguments) throws(UsageError) {
        paths = arguments.positionals + (try StockRules.paths(arguments))
        guard !paths.isEmpty else { throw UsageError(message: "missing expected argument '<rules> ...'") }
        library = LibraryOptions(arguments)
        clock = try arguments.value(CommonOptions.now) ?? .system()
        ceiling = try arguments.value(RuleSelection.ceilingOption)?.value ?? RulePlanner.defaultCeilingPercent
        liftedLimits = Set(arguments.all(Self.liftLimitOption))
    }

    /// The planner of these options over `access`'s library.
    func planner(_ access: LibraryAccess, progress: HashProgress? = nil) -> RulePlanner {
        var planner = RulePlanner(db: access.db, clock: clock, ceilingPercent: ceiling, root: access.library.root, progress: progress)
        planner.liftedLimits = liftedLimits
        return planner
    }
}

/// `--rule NAME` of `trash` and `restore`: a rule that staged nothing is a typo more often than not.
enum StagedRuleOption {
    static func check(_ rule: String?, db: Database) throws {
        guard let rule else { return }
        let names = try StagingStore(db: db).stagedRuleNames()
        guard !names.contains(rule) else { return }
        let staged = names.isEmpty ? "nothing is staged" : "rules with staged files: " + English.list(names)
        throw UsageError(message: "no file is staged by rule '\(rule)' (\(staged))" + DidYouMean.hint(for: rule, in: names))
    }
}
