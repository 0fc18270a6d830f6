import CullKit
import Foundation

/// `cull status`: the library at a glance; read-only (an unfinished commit is reported, never finished).
struct StatusCommand: CullCommand {
    static let spec = CommandSpec(
        name: "status",
        abstract: "Show the library, its index, what is staged and kept, the last scan and commit; changes nothing.",
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
        let db = try library.openIndex()
        let status = try LibraryStatus.read(library: library, db: db)
        // Catalogs in the default places are looked at here too; status itself never refuses.
        let report = try CatalogSync(db: db, root: library.root).refresh()
        let catalogs = try CatalogStore.all(db).filter { $0.state != .unrelated }
        if format == .json {
            terminal.outJSON(StatusRenderer.json(status))
        } else {
            terminal.out(StatusRenderer.text(status) + catalogs.map { "catalog:     " + CatalogRenderer.text($0) }.joined())
        }
        for error in report.errors where format == .text { terminal.err("cull: warning: \(error)\n") }
        return .success
    }
}
