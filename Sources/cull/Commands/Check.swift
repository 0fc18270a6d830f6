import CullKit
import Foundation

/// `cull check RULES...`: validate rule files; no library needed.
struct CheckCommand: CullCommand {
    static let spec = CommandSpec(
        name: "check",
        abstract: "Validate rule files and report every error at once (no library needed).",
        discussion: "Exits 0 when clean, 1 on any error (or warning with --strict), 2 on usage errors.",
        arguments: [ArgumentSpec(name: "rules", help: "Rule files, or folders of *.yaml / *.yml files.", repeats: true)],
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
        var files = RuleFiles.expand(paths).map(RuleLoader.load(path:))
        if strict { files = files.map { $0.promotingWarnings() } }
        terminal.out(format.render(files, color: terminal.colorEnabled))
        // No library needed; but inside one, say when a crash left a batch unfinished.
        if let library = try? Library.locate(explicit: nil), let database = try? library.openIndex() {
            LibraryAccess.reportUnfinished(library: library, db: database, terminal: terminal)
        }
        if format == .text { terminal.err(DiagnosticSummary.line(files)) }
        return files.contains(where: \.hasErrors) ? .ruleError : .success
    }
}

/// Expands folders given on the command line into their rule files.
enum RuleFiles {
    static func expand(_ paths: [String]) -> [String] {
        paths.flatMap { path -> [String] in
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue,
                  let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return [path] }
            let base = path.hasSuffix("/") ? path : path + "/"
            return names.filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }.sorted().map { base + $0 }
        }
    }
}
