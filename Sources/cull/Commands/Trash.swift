import CullKit

/// `cull trash`: what is staged, by rule and in total.
struct TrashCommand: CullCommand {
    static let spec = CommandSpec(
        name: "trash",
        abstract: "Show what is staged: totals by rule, then the files, largest first.",
        options: [
            LibraryOptions.spec,
            sortOption, kindOption.spec, ruleOption, formatOption, CommonOptions.null, PreviewOption.spec,
        ]
    )
    static let sortOption = OptionSpec(long: "sort", value: "ORDER", help: "largest (default), newest, oldest (by capture time; files without one last) or path.",
                                       choices: TrashListing.Order.allCases.map(\.rawValue))
    static let kindOption = Option<MediaKind>(long: "kind", value: "KIND", help: "Only this kind (photo or video).")
    static let ruleOption = OptionSpec(long: "rule", value: "RULE", help: "Only what this rule staged.")
    static let formatOption = CommonOptions.format([OutputFormat.text, .json, .paths])

    let library: LibraryOptions
    let order: TrashListing.Order
    let kind: MediaKind?
    let rule: String?
    let format: OutputFormat
    let nul: Bool
    let preview: PreviewOption.Request?

    init(_ arguments: ParsedArguments) throws(UsageError) {
        try arguments.expectNoArguments()
        library = LibraryOptions(arguments)
        order = arguments.choice(Self.sortOption, default: .largest)
        kind = try arguments.value(Self.kindOption)
        rule = arguments.value(Self.ruleOption)
        format = arguments.choice(Self.formatOption, default: .text)
        nul = arguments.flag(CommonOptions.null)
        preview = try PreviewOption.parse(arguments, format: format)
    }

    func run(_ terminal: Console) throws -> ExitCode {
        let access = try library.open(locking: false, terminal: terminal)
        try StagedRuleOption.check(rule, db: access.db)
        let listing = try TrashListing(db: access.db, order: order, kind: kind, rule: rule)
        ProcessLifetime.keep(listing)
        if let preview {
            // By rule, with each twin beside its keeper, as 'cull review' shows the staged set.
            try TerminalPreview.draw(try ReviewScope.staged(db: access.db), only: Set(listing.items.map(\.id)), library: access.library,
                                     db: access.db, terminal: terminal, forced: preview.forced)
        }
        switch format {
        case .text: terminal.out(TrashRenderer.text(listing, terminal: terminal))
        case .json: terminal.outDocument(TrashRenderer.json(listing))
        case .paths: terminal.outPaths(listing.items.map { access.shown($0.path) }, nul: nul)
        }
        return .success
    }
}
