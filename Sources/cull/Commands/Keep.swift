import CullKit

/// `cull keep PATH...`: mark reviewed and kept.
struct KeepCommand: CullCommand {
    static let spec = CommandSpec(
        name: "keep",
        abstract: "Mark files reviewed and kept: no rule stages them again (unstages them if staged).",
        arguments: [ArgumentSpec(name: "path", help: "Files to keep.", repeats: true)],
        options: [LibraryOptions.spec, CommonOptions.textOrJSON]
    )

    let library: LibraryOptions
    let paths: [String]
    let format: OutputFormat

    init(_ arguments: ParsedArguments) throws(UsageError) {
        guard !arguments.positionals.isEmpty else { throw UsageError(message: "missing expected argument '<path> ...'") }
        library = LibraryOptions(arguments)
        paths = arguments.positionals
        format = arguments.choice(CommonOptions.textOrJSON, default: .text)
    }

    func run(_ terminal: Console) throws -> ExitCode {
        let access = try library.open(locking: true, terminal: terminal)
        let count = try StagingStore(db: access.db).keep(assetIDs: try access.assetIDs(paths))
        if format == .json { terminal.outJSON(ActionRenderer.count("kept", count)) } else { terminal.out("Kept \(English.count(count, "file")).\n") }
        return .success
    }
}
