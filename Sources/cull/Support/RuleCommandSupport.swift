import CullKit
import Foundation

/// Opens the library's index, or (when none is found and none was named) an empty in-memory index.
enum IndexOption {
    static func open(_ explicit: String?, terminal: Console) throws -> (Database, isLibrary: Bool) {
        do {
            let library = try Library.locate(explicit: explicit)
            let database = try library.openIndex()
            for note in OpenedLibrary.unfinished(library: library, db: database) { terminal.err("cull: \(note)\n") }
            return (database, true)
        } catch IndexError.notALibrary where explicit == nil && ProcessInfo.processInfo.environment["CULL_LIBRARY"] == nil {
            let database = try Database(path: ":memory:")
            try Migrator.migrate(database)
            return (database, false)
        }
    }
}

/// The one-line totals after text diagnostics.
enum DiagnosticSummary {
    static func line(_ files: [LoadedRuleFile]) -> TerminalText {
        let all = files.flatMap(\.diagnostics)
        let errors = all.count(where: { $0.severity == .error })
        func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
        return "\(plural(files.count, "file")) checked: \(plural(errors, "error")), \(plural(all.count - errors, "warning"))\n"
    }
}

/// `--preview[=MODE]` of `plan`, `trash` and `find`: a contact sheet in the terminal.
enum PreviewOption {
    static let spec = OptionSpec(long: "preview", value: "MODE",
                                 help: "Draw the files as a contact sheet in the terminal: kitty, iterm, sixel or symbols "
                                     + "(default: the best the terminal supports; text only on a pipe or TERM=dumb).",
                                 choices: PreviewMode.allCases.map(\.rawValue), valueIsOptional: true)

    /// What `--preview` asked for: nil when it was not given.
    struct Request {
        /// The mode named after `=`; nil: the best the terminal supports.
        let forced: PreviewMode?
    }

    /// The request, refused with any `--format` but text (a sheet is for eyes, not programs).
    static func parse(_ arguments: ParsedArguments, format: OutputFormat) throws(UsageError) -> Request? {
        let forced = arguments.value(spec).flatMap(PreviewMode.init(rawValue:))
        guard forced != nil || arguments.flag(spec) else { return nil }
        if format != .text { throw UsageError(message: "'--preview' cannot be combined with '--format \(format.rawValue)'") }
        return Request(forced: forced)
    }
}
