import CullKit

/// `cull restore PATH... | --rule R | --all`: unstage.
struct RestoreCommand: CullCommand {
    static let spec = CommandSpec(
        name: "restore",
        abstract: "Unstage files by path, by rule, or everything; a named file also loses a keep (no file moves).",
        arguments: [ArgumentSpec(name: "path", help: "Files to unstage (or un-keep): back to never reviewed.", repeats: true, optional: true)],
        options: [
            LibraryOptions.spec,
            ruleOption,
            allOption,
            CommonOptions.textOrJSON,
        ]
    )

    static let ruleOption = OptionSpec(long: "rule", value: "RULE", help: "Unstage everything this rule staged.")
    static let allOption = OptionSpec(long: "all", help: "Unstage everything.")

    let library: LibraryOptions
    let selection: Selection
    let format: OutputFormat

    enum Selection {
        case paths([String])
        case rule(String)
        case all
    }

    init(_ arguments: ParsedArguments) throws(UsageError) {
        library = LibraryOptions(arguments)
        format = arguments.choice(CommonOptions.textOrJSON, default: .text)
        let given = [!arguments.positionals.isEmpty, arguments.value(Self.ruleOption) != nil, arguments.flag(Self.allOption)]
        guard given.filter({ $0 }).count == 1 else { throw UsageError(message: "give paths, --rule RULE or --all (exactly one of them)") }
        if let rule = arguments.value(Self.ruleOption) {
            selection = .rule(rule)
        } else if arguments.flag(Self.allOption) {
            selection = .all
        } else {
            selection = .paths(arguments.positionals)
        }
    }

    func run(_ terminal: Console) throws -> ExitCode {
        let access = try library.open(locking: true, terminal: terminal)
        let store = StagingStore(db: access.db)
        let count: Int
        switch selection {
        case .all: count = try store.restore(.all)
        case let .rule(rule):
            try StagedRuleOption.check(rule, db: access.db)
            count = try store.restore(.rule(rule))
        case let .paths(paths): count = try store.restore(.assets(try access.assetIDs(paths)))
        }
        if format == .json { terminal.outJSON(ActionRenderer.count("unstaged", count)) } else { terminal.out("Unstaged \(English.count(count, "file")).\n") }
        return .success
    }
}
