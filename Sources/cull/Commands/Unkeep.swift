import CullKit

/// `cull unkeep PATH... | --all`: forget keeps, e.g. the ones `cull undo` leaves on everything it restores.
struct UnkeepCommand: CullCommand {
    static let spec = CommandSpec(
        name: "unkeep",
        abstract: "Forget keeps, by path or all of them: the rules decide those files again (staged files stay staged).",
        arguments: [ArgumentSpec(name: "path", help: "Files or folders whose keeps to forget.", repeats: true, optional: true)],
        options: [LibraryOptions.spec, allOption, CommonOptions.textOrJSON]
    )
    static let allOption = OptionSpec(long: "all", help: "Forget every keep.")

    let library: LibraryOptions
    let paths: [String]?
    let format: OutputFormat

    init(_ arguments: ParsedArguments) throws(UsageError) {
        library = LibraryOptions(arguments)
        format = arguments.choice(CommonOptions.textOrJSON, default: .text)
        switch (arguments.positionals.isEmpty, arguments.flag(Self.allOption)) {
        case (true, false), (false, true): throw UsageError(message: "give paths or --all (exactly one of them)")
        case (true, true): paths = nil
        case (false, false): paths = arguments.positionals
        }
    }

    func run(_ terminal: Console) throws -> ExitCode {
        let access = try library.open(locking: true, terminal: terminal)
        let store = StagingStore(db: access.db)
        let count = try store.unkeep(paths.map { .assets(try access.assetIDs($0)) } ?? .all)
        if format == .json { terminal.outJSON(ActionRenderer.count("unkept", count)) } else { terminal.out("Forgot \(English.count(count, "keep")).\n") }
        return .success
    }
}
