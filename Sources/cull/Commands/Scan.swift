import CullKit

/// `cull scan`: index new and changed files, forget vanished ones.
struct ScanCommand: CullCommand {
    static let spec = CommandSpec(
        name: "scan",
        abstract: "Index new and changed files, forget vanished ones.",
        discussion: """
            Only files whose device, inode, size or modification time changed are read again (and those \
            indexed broken or unreadable). A renamed file keeps its asset. Files that are not media, or of a \
            format Cull does not read, are counted (-v names each one; --format json lists them). Other applications' libraries \
            (Apple Photos, Lightroom previews, Immich, PhotoPrism, digiKam, ...) are skipped and named.
            """,
        options: [
            LibraryOptions.spec, CommonOptions.textOrJSON,
            includeManagedOption, hashOption, textOption, verboseOption,
        ]
    )
    static let includeManagedOption = OptionSpec(long: "include-managed",
        help: "Also walk other applications' libraries (Apple Photos, Lightroom previews, Immich, ...).")
    static let hashOption = OptionSpec(long: "hash",
        help: "Also bring the duplicate hashes and the photos' perceptual hashes, sharpness and exposure up to date (what a group or image rule would compute), e.g. from cron.")

    static let textOption = OptionSpec(long: "text",
        help: "Also read the text of every photo not read yet (the text, text_words and document fields; slow: up to a second a photo with text).")

    static let verboseOption = OptionSpec(long: "verbose", short: "v",
        help: "Also name every file the scan ignored, and why (not media, a format Cull does not read, hidden, a symlink, not a regular file).")

    let library: LibraryOptions
    let format: OutputFormat
    let includeManaged: Bool
    let hash: Bool
    let text: Bool
    let verbose: Bool

    init(_ arguments: ParsedArguments) throws(UsageError) {
        try arguments.expectNoArguments()
        library = LibraryOptions(arguments)
        format = arguments.choice(CommonOptions.textOrJSON, default: .text)
        includeManaged = arguments.flag(Self.includeManagedOption)
        hash = arguments.flag(Self.hashOption)
        text = arguments.flag(Self.textOption)
        verbose = arguments.flag(Self.verboseOption)
    }

    func run(_ terminal: Console) throws -> ExitCode {
        let access = try library.open(locking: true, terminal: terminal)
        var scan = ScanRun(library: access.library, db: access.db)
        (scan.includeManaged, scan.measure, scan.readText, scan.terminal) = (includeManaged, hash, text, terminal)
        let outcome = try scan.run()
        RunLog.append(library: access.library, outcome.logFields())
        for line in ScanRenderer.catalogLines(outcome) { terminal.err("\(line)\n") }
        switch format {
        case .text:
            let (out, err) = ScanRenderer.text(outcome, verbose: verbose)
            for line in out { terminal.out("\(line)\n") }
            for line in err { terminal.err("\(line)\n") }
        case .json, .paths:
            terminal.outJSON(ScanRenderer.json(outcome))
        }
        return .success
    }
}
