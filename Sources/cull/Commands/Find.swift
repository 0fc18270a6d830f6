import CullKit

/// `cull find 'PREDICATE'...`: ad-hoc query with the rule vocabulary.
struct FindCommand: CullCommand {
    static let spec = CommandSpec(
        name: "find",
        abstract: "List assets matching predicates written in the rule vocabulary (all must match).",
        discussion: "Each argument is a YAML flow-mapping fragment: cull find 'kind: video' 'size: {gt: 1GB}'. Without one, every indexed file.",
        arguments: [ArgumentSpec(name: "predicate", help: "A predicate such as 'taken: {before: 2020-01-01}'.", repeats: true, optional: true)],
        options: [
            CommonOptions.library,
            CommonOptions.now,
            formatOption,
            CommonOptions.null,
            sortOption,
            limitOption,
            PreviewOption.spec,
        ]
    )
    static let sortOption = OptionSpec(long: "sort", value: "ORDER", help: "path (default), largest, newest or oldest (by capture time; files without one last).",
                                       choices: Order.allCases.map(\.rawValue))
    static let limitOption = OptionSpec(long: "limit", value: "N", help: "Print at most N files (after sorting).")

    enum Order: String, CaseIterable { case path, largest, newest, oldest }
    static let formatOption = CommonOptions.format([OutputFormat.text, .json, .paths],
                                                   detail: "json prints the indexed fields, paths raw bytes for piping")

    let fragments: [String]
    let library: String?
    let clock: RunClock
    let format: OutputFormat
    let nul: Bool
    let order: Order
    let limit: Int?
    let preview: PreviewOption.Request?

    init(_ arguments: ParsedArguments) throws(UsageError) {
        // No predicate lists everything, as `fd` does: every indexed file has a path.
        fragments = arguments.positionals.isEmpty ? ["path: {exists: true}"] : arguments.positionals
        order = arguments.choice(Self.sortOption, default: .path)
        if let text = arguments.value(Self.limitOption) {
            guard let number = Int(text), number > 0 else { throw UsageError(message: "invalid value '\(text)' for '--limit'; expected a positive whole number") }
            limit = number
        } else {
            limit = nil
        }
        library = arguments.value(CommonOptions.library)
        clock = try RunClockOption.parse(arguments)
        format = arguments.choice(Self.formatOption, default: .text)
        nul = arguments.flag(CommonOptions.null)
        preview = try PreviewOption.parse(arguments, format: format)
    }

    func run(_ terminal: Terminal) throws -> ExitCode {
        let parsed = fragments.enumerated().map { RuleLoader.predicate(fragment: $0.element, label: "<argument \($0.offset + 1)>") }
        let loads = parsed.map(\.load)
        if loads.contains(where: \.hasErrors) {
            terminal.err(DiagnosticFormat.terminalText(loads))
            return .ruleError
        }
        let access = try LibraryAccess(libraryOption: library, locking: false, terminal: terminal)
        let database = access.db
        // What the photo managers say now (find only warns about a catalog it cannot read).
        for error in try CatalogSync(db: database, root: access.library.root).refresh().errors { terminal.err("cull: warning: \(error)\n") }
        let evaluator = try RuleEvaluator(database: database, clock: clock)
        let predicate = Predicate.conjunction(parsed.compactMap(\.predicate))
        // What the predicates read is measured first, as a plan measures it (cached: only new files).
        try evaluator.loadGroups(predicate, root: access.library.root, progress: .bar())
        let query = AssetJSON.query(predicate, evaluator.context)
        var found: [(id: Int64, path: [UInt8], size: Int64, taken: Int64?, item: JSONValue)] = []
        let statement = try database.prepare(query.sql)
        let columns = statement.columns
        let (id, path, size) = (statement.column("id"), statement.column("path"), statement.column("size"))
        let taken = statement.column("taken")
        do {
            try statement.forEachRow(query.arguments) { row in
                let item = format == .json ? AssetJSON.object(row, columns: columns) : .null
                found.append((row.int64(id), row.bytes(path) ?? [], row.int64(size), row.optionalInt64(taken), item))
            }
        } catch let error as DatabaseError {
            // A regex that exhausted its match limits is the argument's error, not an I/O failure.
            let located = parsed.lazy.compactMap { item in
                item.predicate.flatMap {
                    RuleMatchError.from(error, file: item.load.path, rule: "find", fallback: .start, predicates: [$0])
                }
            }.first
            throw located ?? error
        }
        // Ties keep the query's path order.
        switch order {
        case .path: break  // the query's own order
        case .largest: found = found.enumerated().sorted { ($1.element.size, $0.offset) < ($0.element.size, $1.offset) }.map(\.element)
        case .newest: found = DateOrder.newest.sorted(found, taken: \.taken)
        case .oldest: found = DateOrder.oldest.sorted(found, taken: \.taken)
        }
        if let limit { found = Array(found.prefix(limit)) }
        if let preview {
            let title: TerminalText = "find \(fragments.joined(separator: " "))"
            try TerminalPreview.draw(title: title, assets: found.map(\.id),
                                     library: access.library, db: database, terminal: terminal, forced: preview.forced)
            return .success
        }
        switch format {
        case .json: terminal.outJSON(.array(found.map(\.item)))
        case .paths: terminal.outPaths(found.map { access.shown($0.path) }, nul: nul)
        case .text: terminal.out(found.map { "\(path: access.shown($0.path))\n" as TerminalText }.joined())
        }
        return .success
    }
}
