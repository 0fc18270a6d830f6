import Foundation
import Synchronization

/// The last check of a valid rule file: every query it compiles to is prepared by SQLite itself,
/// on an empty in-memory index, so whatever SQLite refuses (expression depth, parser nesting,
/// variables, columns) is a `too-complex` error at the rule's line:col in `cull check`, and no file
/// that check accepts makes `plan` fail with raw SQLite text.
public enum SQLProbe {
    /// The diagnostics of the queries `files` compile to together (empty when SQLite takes them all).
    public static func diagnostics(_ files: [RuleFile]) -> [Diagnostic] {
        ProbeIndex.shared.use { (database: Database) -> [Diagnostic] in
            var found: [Diagnostic] = []
            for compiled in RuleCompiler.compile(files, CompileContext(now: 0)) {
                do {
                    _ = try database.prepare(compiled.query.sql)
                } catch let error as DatabaseError {
                    found.append(Diagnostic(.tooComplex, RuleQueryRefused.message(rule: compiled.rule.name, sqlite: error.message),
                                            file: compiled.file, mark: compiled.rule.mark))
                } catch {}
            }
            return found
        } ?? []
    }

    /// Adds an error when the `cull find` query of `predicate` is one SQLite cannot run.
    static func check(_ predicate: Predicate, log: inout DiagnosticLog) {
        let query = RuleCompiler.findQuery(predicate, columns: "a.id", CompileContext(now: 0))
        let problem = ProbeIndex.shared.use { (database: Database) -> String? in
            do {
                _ = try database.prepare(query.sql)
                return nil
            } catch let error as DatabaseError {
                return error.message
            } catch {
                return "\(error)"
            }
        } ?? nil
        if let problem {
            log.error(.tooComplex, "the predicate compiles to a query SQLite cannot run (\(problem)); shorten it", at: .start)
        }
    }

    /// Adds the diagnostics of one file to its load.
    static func check(_ file: RuleFile, log: inout DiagnosticLog) {
        for diagnostic in diagnostics([file]) {
            log.error(diagnostic.code, diagnostic.message, at: diagnostic.mark)
        }
    }
}

/// One in-memory index of the current schema's tables (``SchemaSnapshot``, without its indexes) with the rule functions, made on first use and shared by every
/// load of the process (`cull check` of 100 files makes it once, not 100 times).
private final class ProbeIndex: Sendable {
    static let shared = ProbeIndex()

    /// The connection (nil until made, or when SQLite could not make one), used by one thread at a time.
    private let state = Mutex<(database: Database?, failed: Bool)>((nil, false))

    /// Runs `body` on the index; nil when SQLite cannot even open one (then nothing is probed and
    /// the run reports what SQLite says).
    func use<T: Sendable>(_ body: (Database) -> T) -> T? {
        state.withLock { state in
            if state.database == nil, !state.failed {
                do {
                    let opened = try Database(path: ":memory:")
                    try SchemaSnapshot.create(on: opened, indexes: false)
                    try RuleFunctions.register(on: opened)
                    try GroupSet.prepareMembership(opened)
                    state.database = opened
                } catch {
                    state.failed = true
                }
            }
            return state.database.map(body)
        }
    }
}
