import CullKit
import Foundation

/// `cull catalog add PATH [--map FROM=TO] | list | ignore PATH`: the photo-manager catalogs whose
/// decisions Cull reads, kept in the library's config (never in rule files, which stay shareable).
struct CatalogCommand: CullCommand {
    static let spec = CommandSpec(
        name: "catalog",
        abstract: "List, add or ignore the photo-manager catalogs (darktable, digiKam, Shotwell, Lightroom) whose decisions count.",
        discussion: """
            Catalogs in their default places that list files of this library are used by default. 'add PATH' uses \
            another one (any .lrcat, a catalog elsewhere); --map FROM=TO says the catalog writes FROM for what is \
            at TO here (a NAS, a library mounted elsewhere, C:/Users/me/Pictures from Windows); a catalog that cannot \
            be read, or lists no file of this library, is not added (exit 7, naming the --map that would match it). 'list' shows each \
            with its kind, schema version and how many of its rows are files of this library. 'ignore PATH' is the \
            only way to stop using one. Catalogs are only ever read.
            """,
        arguments: [ArgumentSpec(name: "action", help: "add, list or ignore."),
                    ArgumentSpec(name: "path", help: "The catalog file (add, ignore).", optional: true)],
        options: [LibraryOptions.spec, mapOption.spec, kindOption.spec, CommonOptions.textOrJSON]
    )
    static let mapOption = Option<PathMap>(long: "map", value: "FROM=TO", help: "With add: the catalog's paths under FROM are the library's under TO.",
                                      repeats: true)
    static let kindOption = Option<CatalogKind>(long: "kind", value: "KIND", help: "With add: the application, when the file name does not say.")

    enum Action: String { case add, list, ignore }

    let library: LibraryOptions
    let action: Action
    let path: String?
    let maps: [PathMap]
    let kind: CatalogKind?
    let format: OutputFormat

    init(_ arguments: ParsedArguments) throws(UsageError) {
        guard let word = arguments.positionals.first else { throw UsageError(message: "expected add, list or ignore") }
        guard let action = Action(rawValue: word) else {
            throw UsageError(message: "unknown action '\(word)'; expected add, list or ignore" + DidYouMean.hint(for: word, in: ["add", "list", "ignore"]))
        }
        self.action = action
        path = arguments.positionals.dropFirst().first
        switch action {
        case .list: if let extra = arguments.positionals.dropFirst().first { throw UsageError(message: "unexpected argument '\(extra)'") }
        case .add, .ignore:
            guard path != nil else { throw UsageError(message: "'catalog \(word)' needs the catalog's path") }
            if arguments.positionals.count > 2 { throw UsageError(message: "unexpected argument '\(arguments.positionals[2])'") }
        }
        let maps = try arguments.all(Self.mapOption)
        if !maps.isEmpty, action != .add { throw UsageError(message: "--map only applies to 'catalog add'") }
        self.maps = maps
        kind = try arguments.value(Self.kindOption)
        library = LibraryOptions(arguments)
        format = arguments.choice(CommonOptions.textOrJSON, default: .text)
    }

    func run(_ terminal: Console) throws -> ExitCode {
        let access = try library.open(locking: action != .list, terminal: terminal)
        let sync = CatalogSync(db: access.db, root: access.library.root)
        switch action {
        case .add:
            let absolute = Self.absolute(path!)
            guard let kind = kind ?? CatalogKind.guess(path: absolute) else {
                throw UsageError(message: "cannot tell which application wrote '\(path!)'; say it with --kind")
            }
            // Nothing that cannot be read is added: it would stop every plan until ignored.
            if let problem = try sync.probe(path: absolute, kind: kind, maps: maps) {
                terminal.err("cull: error: \(problem.notAdded)\n")
                return .catalogUnreadable
            }
            try CatalogStore.add(access.db, path: absolute, kind: kind, maps: maps)
            return try list(sync, access.db, terminal, added: absolute)
        case .ignore:
            let absolute = Self.absolute(path!)
            try CatalogStore.ignore(access.db, path: absolute, kind: kind ?? CatalogKind.guess(path: absolute))
            try sync.merge()
            if format == .json { terminal.outJSON(ActionRenderer.path("ignored", absolute)) }
            else { terminal.out("Ignoring \(absolute): its decisions no longer count.\n") }
            return .success
        case .list:
            return try list(sync, access.db, terminal, added: nil)
        }
    }

    /// Reads the catalogs again and lists them; a catalog just `added` that cannot be read after all
    /// is an error.
    private func list(_ sync: CatalogSync, _ db: Database, _ terminal: Console, added: String?) throws -> ExitCode {
        let report = try sync.refresh()
        for note in report.notes where format == .text { terminal.err("cull: note: \(note)\n") }
        let records = try CatalogStore.all(db)
        switch format {
        case .json, .paths: terminal.outJSON(.array(records.map(CatalogRenderer.json)))
        case .text: terminal.out(records.isEmpty ? "No catalogs.\n" : records.map(CatalogRenderer.text).joined())
        }
        if let added, let record = records.first(where: { $0.path == added }), record.problem != nil {
            for error in report.errors where error.path == record.path { terminal.err("cull: error: \(error)\n") }
            return .catalogUnreadable
        }
        return .success
    }

    static func absolute(_ path: String) -> String {
        let joined = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        guard let resolved = realpath(joined, nil) else { return joined }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
