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

    func run(_ terminal: Terminal) throws -> ExitCode {
        var files = RuleFiles.load(paths)
        if strict { files = files.map { $0.promotingWarnings() } }
        terminal.out(format.render(files, color: terminal.colorEnabled))
        if format == .text { terminal.err(DiagnosticSummary.line(files)) }
        return files.contains(where: \.hasErrors) ? .ruleError : .success
    }
}

/// Expands folders given on the command line into their rule files and loads them.
enum RuleFiles {
    /// Every file and every `*.yaml` / `*.yml` (any case) in every folder, loaded; a folder without
    /// one is an error of its own, not silently nothing to check.
    /// `-` reads the rules from standard input, named `<stdin>` in diagnostics (once: it has no second reading).
    static func load(_ paths: [String]) -> [LoadedRuleFile] {
        var readStandardInput = false
        return paths.flatMap { path -> [LoadedRuleFile] in
            if path == "-" {
                defer { readStandardInput = true }
                return [readStandardInput ? RuleLoader.unusable(path: RuleLoader.standardInputName, "standard input ('-') can be read only once")
                                          : RuleLoader.loadStandardInput()]
            }
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue,
                  let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return [RuleLoader.load(path: path)] }
            let base = path.hasSuffix("/") ? path : path + "/"
            let rules = names.filter { name in [".yaml", ".yml"].contains { name.lowercased().hasSuffix($0) } && !name.hasPrefix(".") }
            guard !rules.isEmpty else {
                return [RuleLoader.unusable(path: path, "no rule files (*.yaml or *.yml) in this folder")]
            }
            return rules.sorted().map { RuleLoader.load(path: base + $0) }
        }
    }
}
