import CullKit

/// `cull show FILE...`: everything Cull knows of each file, and where each thing comes from.
struct ShowCommand: CullCommand {
    static let spec = CommandSpec(
        name: "show",
        abstract: "Show all Cull knows of files: fields and their sources, measures, copies and groups, staging, history.",
        discussion: "Measures what is missing first, as find does: the file's sharpness and look, and whether another file has its bytes.",
        arguments: [ArgumentSpec(name: "path", help: "Files to show (indexed, or moved out by a commit).", repeats: true)],
        options: [LibraryOptions.spec, CommonOptions.now.spec, CommonOptions.textOrJSON]
    )

    let library: LibraryOptions
    let paths: [String]
    let clock: RunClock
    let format: OutputFormat

    init(_ arguments: ParsedArguments) throws(UsageError) {
        guard !arguments.positionals.isEmpty else { throw UsageError(message: "missing expected argument '<path> ...'") }
        library = LibraryOptions(arguments)
        paths = arguments.positionals
        clock = try arguments.value(CommonOptions.now) ?? .system()
        format = arguments.choice(CommonOptions.textOrJSON, default: .text)
    }

    func run(_ terminal: Console) throws -> ExitCode {
        let access = try library.open(locking: false, terminal: terminal)
        let context = try RuleEvaluator(database: access.db, clock: clock).context
        let reports = try paths.map { path in
            let relative = try access.relativePath(path)
            guard let report = try FileReport.make(access.db, path: relative, root: access.library.root, context: context,
                                                   progress: .bar()) else { throw StagingError.notIndexed(path: path) }
            return report
        }
        if format == .json {
            terminal.outJSON(FileReportRenderer.json(reports))
        } else {
            terminal.out(reports.map { FileReportRenderer.text($0, terminal: terminal, shown: access.shown) }.joined(separator: "\n"))
        }
        return .success
    }
}
