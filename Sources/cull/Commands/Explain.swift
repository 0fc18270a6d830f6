import CullKit
import Foundation

/// `cull explain RULES...`: what each rule compiles to — predicate, SQL, bound values, query plan.
struct ExplainCommand: CullCommand {
    static let spec = CommandSpec(
        name: "explain",
        abstract: "Show what each rule compiles to: the normalised predicate, SQL, bound values and SQLite's plan.",
        discussion: "Without a library, plans are made against an empty index with the current schema.",
        arguments: [RuleRunOptions.argument],
        options: [
            CommonOptions.library,
            CommonOptions.now,
            CommonOptions.textOrJSON,
            evaluateOption,
        ]
    )
    static let evaluateOption = OptionSpec(long: "evaluate", help: "Also run each rule and report counts and timings (changes nothing).")

    let paths: [String]
    let library: String?
    let clock: RunClock
    let format: OutputFormat
    let evaluate: Bool

    init(_ arguments: ParsedArguments) throws(UsageError) {
        guard !arguments.positionals.isEmpty else { throw UsageError(message: "missing expected argument '<rules> ...'") }
        paths = arguments.positionals
        library = arguments.value(CommonOptions.library)
        clock = try RunClockOption.parse(arguments)
        format = arguments.choice(CommonOptions.textOrJSON, default: .text)
        evaluate = arguments.flag(Self.evaluateOption)
    }

    func run(_ terminal: Terminal) throws -> ExitCode {
        let loads = RuleFiles.load(paths)
        if loads.contains(where: \.hasErrors) {
            terminal.err(DiagnosticFormat.terminalText(loads) + DiagnosticSummary.line(loads))
            return .ruleError
        }
        let (database, isLibrary) = try IndexOption.open(library, terminal: terminal)
        let evaluator = try RuleEvaluator(database: database, clock: clock)
        let groups = evaluate ? try evaluator.loadGroups(loads.compactMap(\.ruleFile)) : nil
        let compiled = evaluator.compile(loads.compactMap(\.ruleFile))
        let count = try evaluator.libraryAssetCount()
        var reports: [JSONValue] = []
        var text: TerminalText = isLibrary ? "" : "note: no library found; plans are for an empty index\n\n"
        for rule in compiled {
            let plan = try database.queryPlan(rule.query.sql, rule.query.arguments)
            var evaluation: (RuleEvaluation, Double)?
            if evaluate {
                let start = DispatchTime.now().uptimeNanoseconds
                let result = try evaluator.evaluate(rule, libraryCount: count)
                evaluation = (result, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
            }
            let specs = rule.rule.groupSpecsRead
            reports.append(ExplainReport.json(rule, plan: plan, evaluation: evaluation,
                                              setup: specs.isEmpty ? [] : groups?.membershipSQL(of: specs) ?? []))
            text += ExplainReport.text(rule, plan: plan, evaluation: evaluation)
        }
        if format == .json { terminal.outJSON(.array(reports)) } else { terminal.out(text) }
        return .success
    }
}
