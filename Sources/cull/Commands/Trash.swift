import CullKit

/// `cull trash`: what is staged, by rule and in total.
struct TrashCommand: CullCommand {
    static let spec = CommandSpec(
        name: "trash",
        abstract: "Show what is staged: totals by rule, then the files, largest first.",
        options: [
            CommonOptions.library,
            OptionSpec(long: "sort", value: "ORDER", help: "largest (default), newest, oldest or path."),
            OptionSpec(long: "kind", value: "KIND", help: "Only this kind (photo or video)."),
            OptionSpec(long: "rule", value: "RULE", help: "Only what this rule staged."),
            OptionSpec(long: "format", value: "FORMAT", help: "text (default), json or paths."),
            OptionSpec(long: "null", short: "0", help: "With --format paths: end each path with NUL instead of a newline."),
        ]
    )

    let library: String?
    let order: TrashListing.Order
    let kind: String?
    let rule: String?
    let format: OutputFormat
    let nul: Bool

    init(_ arguments: ParsedArguments) throws(UsageError) {
        guard arguments.positionals.isEmpty else { throw UsageError(message: "Unexpected argument '\(arguments.positionals[0])'") }
        library = arguments.value("library")
        order = try arguments.choice("sort", default: .largest)
        kind = arguments.value("kind")
        rule = arguments.value("rule")
        format = try arguments.choice("format", default: .text)
        nul = arguments.flag("null")
    }

    func run(_ terminal: Terminal) throws -> ExitCode {
        let access = try LibraryAccess(libraryOption: library, locking: false, terminal: terminal)
        let listing = try TrashListing(db: access.db, order: order, kind: kind, rule: rule)
        switch format {
        case .text: terminal.out(TrashRenderer.text(listing, terminal: terminal))
        case .json: terminal.out(TrashRenderer.json(listing))
        case .paths: terminal.outPaths(listing.items.map(\.path), nul: nul)
        }
        return .success
    }
}
