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
            LibraryOptions.spec,
            CommonOptions.now.spec,
            CommonOptions.textOrJSON,
            evaluateOption,
        ]
    )
    static let evaluateOption = OptionSpec(long: "evaluate", help: "Also run each rule and report counts and timings (changes nothing).")

    let paths: [String]
    let library: LibraryOptions
    let clock: RunClock
    let format: OutputFormat
    let evaluate: Bool

    init(_ arguments: ParsedArguments) throws(UsageError) {
        guard !arguments.positionals.isEmpty else { throw UsageError(message: "missing expected argument '<rules> ...'") }
        paths = arguments.positionals
        library = LibraryOptions(arguments)
        clock = try arguments.value(CommonOptions.now) ?? .system()
        format = arguments.choice(CommonOptions.textOrJSON, default: .text)
        evaluate = arguments.flag(Self.evaluateOption)
    }

    func run(_ terminal: Console) throws -> ExitCode {
        let loads = RuleFiles.load(paths)
        if loads.contains(where: \.hasErrors) {
            terminal.err(DiagnosticFormat.terminalText(loads) + DiagnosticSummary.line(loads))
            return .ruleError
        }
        let (database, isLibrary) = try IndexOption.open(library.explicit, terminal: terminal)
        let explained = try QueryExplanation.explain(loads.compactMap(\.ruleFile), db: database, clock: clock, evaluate: evaluate)
        let note: TerminalText = isLibrary ? "" : "note: no library found; plans are for an empty index\n\n"
        if format == .json { terminal.outJSON(.array(explained.map(ExplainRenderer.json))) }
        else { terminal.out(note + explained.map(ExplainRenderer.text).joined()) }
        return .success
    }
}
