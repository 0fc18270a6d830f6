import CullKit

/// `cull log`: the runs recorded in `.cull/log` and the commits and undos the index records.
struct LogCommand: CullCommand {
    static let spec = CommandSpec(
        name: "log",
        abstract: "Show the runs recorded in .cull/log and every commit and undo, oldest first.",
        options: [LibraryOptions.spec, CommonOptions.textOrJSON]
    )

    let library: LibraryOptions
    let format: OutputFormat

    init(_ arguments: ParsedArguments) throws(UsageError) {
        try arguments.expectNoArguments()
        library = LibraryOptions(arguments)
        format = arguments.choice(CommonOptions.textOrJSON, default: .text)
    }

    func run(_ terminal: Console) throws -> ExitCode {
        let library = try Library.locate(explicit: library.explicit)
        let runs = LibraryLog.entries(library: library)
        let batches = try LibraryLog.batches(db: try library.openIndex())
        if format == .json { terminal.outJSON(LogRenderer.json(runs: runs, batches: batches)) } else { terminal.out(LogRenderer.text(runs: runs, batches: batches)) }
        return .success
    }
}
