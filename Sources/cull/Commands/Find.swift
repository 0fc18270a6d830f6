import CullKit

/// `cull find 'PREDICATE'...`: ad-hoc query with the rule vocabulary.
struct FindCommand: CullCommand {
    static let spec = CommandSpec(
        name: "find",
        abstract: "List assets matching predicates written in the rule vocabulary (all must match).",
        discussion: "Each argument is a YAML flow-mapping fragment: cull find 'kind: video' 'size: {gt: 1GB}'",
        arguments: [ArgumentSpec(name: "predicate", help: "A predicate such as 'taken: {before: 2020-01-01}'.", repeats: true)],
        options: [
            CommonOptions.library,
            CommonOptions.now,
            formatOption,
            CommonOptions.null,
        ]
    )
    static let formatOption = CommonOptions.format([OutputFormat.text, .json, .paths],
                                                   detail: "json prints the indexed fields, paths raw bytes for piping")

    /// The indexed fields `--format json` prints, in order.
    static let columns = [
        "a.id", "a.path", "a.folder", "a.name", "a.extension", "a.size", "a.modified", "a.added", "a.kind", "a.format",
        "a.width", "a.height", "a.duration", "a.taken", "a.taken_utc", "a.taken_offset", "a.taken_source",
        "a.camera_make", "a.camera_model", "a.lens", "a.software", "a.latitude", "a.longitude", "a.rating",
        "a.favorite_flag", "a.screenshot", "a.live_id", "a.burst_id", "a.raw", "a.broken", "a.broken_reason", "a.unreadable_reason",
        "COALESCE(r.status, 'new') AS status",
    ]

    let fragments: [String]
    let library: String?
    let clock: RunClock
    let format: OutputFormat
    let nul: Bool

    init(_ arguments: ParsedArguments) throws(UsageError) {
        guard !arguments.positionals.isEmpty else { throw UsageError(message: "missing expected argument '<predicate> ...'") }
        fragments = arguments.positionals
        library = arguments.value(CommonOptions.library)
        clock = try RunClockOption.parse(arguments)
        format = arguments.choice(Self.formatOption, default: .text)
        nul = arguments.flag(CommonOptions.null)
    }

    func run(_ terminal: Terminal) throws -> ExitCode {
        let parsed = fragments.enumerated().map { RuleLoader.predicate(fragment: $0.element, label: "<argument \($0.offset + 1)>") }
        let loads = parsed.map(\.load)
        if loads.contains(where: \.hasErrors) {
            terminal.err(DiagnosticFormat.text.render(loads))
            return .ruleError
        }
        let access = try LibraryAccess(libraryOption: library, locking: false, terminal: terminal)
        let database = access.db
        let evaluator = try RuleEvaluator(database: database, clock: clock)
        let predicate = Predicate.conjunction(parsed.compactMap(\.predicate))
        let query = RuleCompiler.findQuery(predicate, columns: Self.columns.joined(separator: ", "), evaluator.context)
        var items: [JSONValue] = []
        var paths: [[UInt8]] = []
        let statement = try database.prepare(query.sql)
        let names = (0..<Self.columns.count).map { statement.columnName($0) }
        try statement.forEachRow(query.arguments) { row in
            switch format {
            case .json: items.append(.object(names.enumerated().map { ($0.element, JSONValue(row.value($0.offset))) }))
            case .text: terminal.out(PathBytes.display(access.shown(row.bytes(1) ?? [])) + "\n")
            case .paths: paths.append(access.shown(row.bytes(1) ?? []))
            }
        }
        switch format {
        case .json: terminal.out(JSONValue.array(items).rendered() + "\n")
        case .paths: terminal.outPaths(paths, nul: nul)
        case .text: break
        }
        return .success
    }
}
