import CullKit
import Foundation

/// `cull check RULES...`: validate rule files; no library needed.
struct CheckCommand: CullCommand {
    static let spec = CommandSpec(
        name: "check",
        abstract: "Validate rule files and report every error at once (no library needed).",
        discussion: "Exits 0 when clean, 1 on any error (or warning with --strict), 2 on usage errors.",
        arguments: [RuleRunOptions.argument],
        options: [
            formatOption,
            strictOption,
        ]
    )
    static let formatOption = CommonOptions.format(DiagnosticFormat.allCases)
    static let strictOption = OptionSpec(long: "strict", help: "Treat warnings as errors.")

    let paths: [String]
    let format: DiagnosticFormat
    let strict: Bool

    init(_ arguments: ParsedArguments) throws(UsageError) {
        guard !arguments.positionals.isEmpty else { throw UsageError(message: "missing expected argument '<rules> ...'") }
        paths = arguments.positionals
        format = arguments.choice(Self.formatOption, default: DiagnosticFormat.text)
        strict = arguments.flag(Self.strictOption)
    }

    func run(_ terminal: Console) throws -> ExitCode {
        var files = RuleFiles.load(paths)
        if strict { files = files.map { $0.promotingWarnings() } }
        format.write(files, to: terminal)
        if format == .text { terminal.err(DiagnosticSummary.line(files)) }
        return files.contains(where: \.hasErrors) ? .ruleError : .success
    }
}
