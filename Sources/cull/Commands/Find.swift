import CullKit

/// `cull find 'PREDICATE'...`: ad-hoc query with the rule vocabulary.
struct FindCommand: CullCommand {
    static let spec = CommandSpec(
        name: "find",
        abstract: "List assets matching predicates written in the rule vocabulary (all must match).",
        discussion: "Each argument is a YAML flow-mapping fragment: cull find 'kind: video' 'size: {gt: 1GB}'. Without one, every indexed file.",
        arguments: [ArgumentSpec(name: "predicate", help: "A predicate such as 'taken: {before: 2020-01-01}'.", repeats: true, optional: true)],
        options: [
            LibraryOptions.spec,
            CommonOptions.now.spec,
            formatOption,
            CommonOptions.null,
            sortOption,
            limitOption.spec,
            PreviewOption.spec,
        ]
    )
    static let sortOption = OptionSpec(long: "sort", value: "ORDER", help: "path (default), largest, newest or oldest (by capture time; files without one last).",
                                       choices: FindQuery.Order.allCases.map(\.rawValue))
    static let limitOption = Option<PositiveCount>(long: "limit", value: "N", help: "Print at most N files (after sorting).")

    static let formatOption = CommonOptions.format([OutputFormat.text, .json, .paths],
                                                   detail: "json prints the indexed fields, paths raw bytes for piping")

    let fragments: [String]
    let library: LibraryOptions
    let clock: RunClock
    let format: OutputFormat
    let nul: Bool
    let order: FindQuery.Order
    let limit: Int?
    let preview: PreviewOption.Request?

    init(_ arguments: ParsedArguments) throws(UsageError) {
        // No predicate lists everything, as `fd` does: every indexed file has a path.
        fragments = arguments.positionals.isEmpty ? ["path: {exists: true}"] : arguments.positionals
        order = arguments.choice(Self.sortOption, default: .path)
        limit = try arguments.value(Self.limitOption)?.value
        library = LibraryOptions(arguments)
        clock = try arguments.value(CommonOptions.now) ?? .system()
        format = arguments.choice(Self.formatOption, default: .text)
        nul = arguments.flag(CommonOptions.null)
        preview = try PreviewOption.parse(arguments, format: format)
    }

    func run(_ terminal: Console) throws -> ExitCode {
        var query = FindQuery(fragments: fragments, clock: clock)
        if let failed = query.failedLoads {
            terminal.err(DiagnosticFormat.terminalText(failed))
            return .ruleError
        }
        (query.order, query.limit, query.withJSON) = (order, limit, format == .json)
        let access = try library.open(locking: false, terminal: terminal)
        let result = try query.run(library: access.library, db: access.db, progress: .bar())
        for error in result.unreadableCatalogs { terminal.err("cull: warning: \(error)\n") }
        if let preview {
            try TerminalPreview.draw(title: "find \(fragments.joined(separator: " "))", assets: result.found.map(\.id),
                                     library: access.library, db: access.db, terminal: terminal, forced: preview.forced)
            return .success
        }
        switch format {
        case .json: terminal.outJSON(.array(result.found.map(\.json)))
        case .paths: terminal.outPaths(result.found.map { access.shown($0.path) }, nul: nul)
        case .text: terminal.out(result.found.map { "\(path: access.shown($0.path))\n" as TerminalText }.joined())
        }
        return .success
    }
}
