import CullKit
import Foundation

/// `--now`: the run's one clock, pinned for reproducible plans and tests.
enum RunClockOption {
    static func parse(_ arguments: ParsedArguments) throws(UsageError) -> RunClock {
        guard let text = arguments.value(CommonOptions.now) else { return .system() }
        guard let clock = RunClock.parse(text) else {
            throw UsageError(message: "invalid value '\(text)' for '--now'; expected an ISO 8601 date or date-time")
        }
        return clock
    }
}

/// Opens the library's index, or (when none is found and none was named) an empty in-memory index.
enum IndexOption {
    static func open(_ explicit: String?, terminal: Terminal) throws -> (Database, isLibrary: Bool) {
        do {
            let library = try Library.locate(explicit: explicit)
            let database = try library.openIndex()
            LibraryAccess.reportUnfinished(library: library, db: database, terminal: terminal)
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
    static func line(_ files: [LoadedRuleFile]) -> String {
        let all = files.flatMap(\.diagnostics)
        let errors = all.filter { $0.severity == .error }.count
        func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
        return "\(plural(files.count, "file")) checked: \(plural(errors, "error")), \(plural(all.count - errors, "warning"))\n"
    }
}
