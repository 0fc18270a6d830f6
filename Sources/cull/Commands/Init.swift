import CullKit

/// `cull init [DIR]`: make DIR a library.
struct InitCommand: CullCommand {
    static let spec = CommandSpec(
        name: "init",
        abstract: "Make a folder a Cull library (creates DIR/.cull/ with the index).",
        arguments: [ArgumentSpec(name: "dir", help: "The library root (default: the working directory).", optional: true)],
        options: [CommonOptions.textOrJSON]
    )

    let directory: String
    let format: OutputFormat

    init(_ arguments: ParsedArguments) throws(UsageError) {
        guard arguments.positionals.count <= 1 else { throw UsageError(message: "expected at most one directory") }
        directory = arguments.positionals.first ?? "."
        format = arguments.choice(CommonOptions.textOrJSON, default: .text)
    }

    func run(_ terminal: Console) throws -> ExitCode {
        let library = try Library.initialize(at: directory)
        // The photo managers' catalogs in their default places that list files of this library count from now on.
        let catalogs = try CatalogSync(db: try library.openIndex(), root: library.root).refresh()
        if format == .json { terminal.outJSON(ActionRenderer.path("library", library.root)) } else { terminal.out("Initialized Cull library in \(library.root)\n") }
        for note in catalogs.notes where format == .text { terminal.out("\(note.prefix(1).uppercased() + note.dropFirst()).\n") }
        for error in catalogs.errors { terminal.err("cull: warning: \(error)\n") }
        return .success
    }
}
