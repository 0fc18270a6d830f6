import CullKit

/// `cull keep PATH...`: mark reviewed and kept.
struct KeepCommand: CullCommand {
    static let spec = CommandSpec(
        name: "keep",
        abstract: "Mark files reviewed and kept: no rule stages them again (unstages them if staged).",
        arguments: [ArgumentSpec(name: "path", help: "Files to keep.", repeats: true)],
        options: [CommonOptions.library, CommonOptions.format]
    )

    let library: String?
    let paths: [String]
    let format: OutputFormat

    init(_ arguments: ParsedArguments) throws(UsageError) {
        guard !arguments.positionals.isEmpty else { throw UsageError(message: "Give at least one path") }
        library = arguments.value("library")
        paths = arguments.positionals
        format = try arguments.format()
    }

    func run(_ terminal: Terminal) throws -> ExitCode {
        let access = try LibraryAccess(libraryOption: library, locking: true, terminal: terminal)
        do {
            let count = try ReviewStore(db: access.db).keep(assetIDs: try access.assetIDs(paths))
            terminal.out(format == .json ? JSONValue.object([("kept", .integer(Int64(count)))]).rendered(pretty: false) + "\n"
                                         : "Kept \(count) file\(count == 1 ? "" : "s").\n")
            return .success
        } catch let error as StagingError {
            terminal.err("cull: error: \(error)\n")
            return .usage
        }
    }
}
