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
            CommonOptions.library, CommonOptions.textOrJSON,
            includeManagedOption, hashOption, verboseOption,
        ]
    )
    static let includeManagedOption = OptionSpec(long: "include-managed",
        help: "Also walk other applications' libraries (Apple Photos, Lightroom previews, Immich, ...).")
    static let hashOption = OptionSpec(long: "hash",
        help: "Also bring the duplicate hashes and the photos' perceptual hashes, sharpness and exposure up to date (what a group or image rule would compute), e.g. from cron.")

    static let verboseOption = OptionSpec(long: "verbose", short: "v",
        help: "Also name every file the scan ignored, and why (not media, a format Cull does not read, hidden, a symlink, not a regular file).")

    let library: String?
    let format: OutputFormat
    let includeManaged: Bool
    let hash: Bool
    let verbose: Bool

    init(_ arguments: ParsedArguments) throws(UsageError) {
        try arguments.expectNoArguments()
        library = arguments.value(CommonOptions.library)
        format = arguments.choice(CommonOptions.textOrJSON, default: .text)
        includeManaged = arguments.flag(Self.includeManagedOption)
        hash = arguments.flag(Self.hashOption)
        verbose = arguments.flag(Self.verboseOption)
    }

    func run(_ terminal: Terminal) throws -> ExitCode {
        let access = try LibraryAccess(libraryOption: library, locking: true, terminal: terminal)
        var scanner = Scanner(library: access.library)
        scanner.includeManaged = includeManaged
        let bar = ProgressBar(label: "Reading", terminal: terminal)
        scanner.progress = { done, total in bar.update(done: done, total: total) }
        var summary = try scanner.scan(access.db)
        bar.finish()
        // The photo managers' decisions, read again where their catalogs changed (a scan only warns
        // about one it cannot read; plan, stage, run and commit refuse).
        let changed = summary.added + summary.changed + summary.removed + summary.renamed > 0
        let catalogs = try CatalogSync(db: access.db, root: access.library.root).refresh(assetsChanged: changed)
        summary.disagreements = try CatalogSync.disagreements(access.db)
        for note in catalogs.notes { terminal.err("cull: note: \(note)\n") }
        for error in catalogs.errors { terminal.err("cull: warning: \(error)\n") }
        // Files the scan forgot may have been the last holders of a distinct set's pictures.
        try DistinctSets.prune(access.db)
        let hashed = hash ? try HashCache(db: access.db, root: access.library.root).refresh(progress: .bar()) : nil
        // The same-picture hashes and the image features too, so a cron scan leaves a plan nothing to read.
        let imageHashed = hash ? try ImageHashCache(db: access.db, root: access.library.root).refresh(progress: .bar()) : nil
        var analysed: FeatureCache.Report?
        if hash {
            var features = FeatureCache(db: access.db, root: access.library.root)
            let analysing = ProgressBar(label: "Analysing", terminal: terminal)
            features.progress = { done, total in analysing.update(done: done, total: total) }
            analysed = try features.refresh()
            analysing.finish()
        }
        RunLog.append(library: access.library, [
            "command": .string("scan"), "added": .int(Int64(summary.added)), "changed": .int(Int64(summary.changed)),
            "removed": .int(Int64(summary.removed)), "broken": .int(Int64(summary.broken)), "exit": .int(0),
        ])
        // A photo that could not be decoded or walked is named when first tried; it is not tried
        // again until it changes.
        summary.problems += (imageHashed?.problems ?? []) + (analysed?.problems ?? [])
        switch format {
        case .text:
            terminal.out("\(summary.line)\n")
            if let hashed {
                terminal.out("hashed \(English.count(hashed.hashed, "file")) (\(ByteCount.format(hashed.bytesRead)) read), \(hashed.skipped) could not be hashed\n")
            }
            if let analysed {
                terminal.out("analysed \(English.count(analysed.analysed, "photo")), \(analysed.failed) could not be decoded\n")
            }
            for line in summary.detailLines { terminal.out("\(line)\n") }
            if verbose {
                for entry in summary.ignored.entries { terminal.out("ignored: \(path: entry.path) (\(entry.reason.words))\n") }
            }
            for problem in summary.problems { terminal.err("cull: warning: \(path: problem.path): \(problem.reason)\n") }
        case .json, .paths:
            terminal.outJSON(summary.json)
        }
        return .success
    }
}
