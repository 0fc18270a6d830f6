import CullKit
import Foundation

/// `cull distinct PATH PATH...`: these photos are different pictures; never group them as similar.
struct DistinctCommand: CullCommand {
    static let spec = CommandSpec(
        name: "distinct",
        abstract: "Mark photos as different pictures: similar groups never hold two of them.",
        discussion: """
            Stored as one set of the files' content hashes (computed now if missing), so renaming, moving or \
            rescanning never brings the likeness back. Editing a photo makes it another picture. A photo may be \
            in several sets; marking a set again stores nothing.
            """,
        arguments: [ArgumentSpec(name: "path", help: "Two or more indexed photos (or folders of them).", repeats: true)],
        options: [LibraryOptions.spec, CommonOptions.textOrJSON]
    )

    let library: LibraryOptions
    let paths: [String]
    let format: OutputFormat

    init(_ arguments: ParsedArguments) throws(UsageError) {
        guard arguments.positionals.count >= 2 else { throw UsageError(message: "expected at least two paths") }
        library = LibraryOptions(arguments)
        paths = arguments.positionals
        format = arguments.choice(CommonOptions.textOrJSON, default: .text)
    }

    func run(_ terminal: Console) throws -> ExitCode {
        let access = try library.open(locking: true, terminal: terminal)
        let ids = try access.assetIDs(paths)
        guard ids.count >= 2 else { throw UsageError(message: "expected at least two different files") }
        let marked = try DistinctSets.mark(access.db, root: access.library.root, ids: ids, now: Int64(Date().timeIntervalSince1970))
        if format == .json { terminal.outJSON(ActionRenderer.json(marked)) } else { terminal.out(ActionRenderer.text(marked)) }
        return .success
    }
}
