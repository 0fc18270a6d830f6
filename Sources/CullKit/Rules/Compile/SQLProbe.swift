/// The last check of a valid rule file: every query it compiles to is prepared by SQLite itself,
/// on an empty in-memory index, so whatever SQLite refuses (expression depth, parser nesting,
/// variables, columns) is a `too-complex` error at the rule's line:col in `cull check`, and no file
/// that check accepts makes `plan` fail with raw SQLite text.
public enum SQLProbe {
    /// The diagnostics of the queries `files` compile to together (empty when SQLite takes them all).
    public static func diagnostics(_ files: [RuleFile]) -> [Diagnostic] {
        guard let database = emptyIndex() else { return [] }
        var found: [Diagnostic] = []
        for compiled in RuleCompiler.compile(files, CompileContext(now: 0)) {
            do {
                _ = try database.prepare(compiled.query.sql)
            } catch {
                found.append(Diagnostic(.tooComplex, "rule '\(compiled.rule.name)' compiles to a query SQLite cannot run "
                                        + "(\(error.message)); split it into several rules or shorten its lists",
                                        file: compiled.file, mark: compiled.rule.mark))
            }
        }
        return found
    }

    /// Adds an error when the `cull find` query of `predicate` is one SQLite cannot run.
    static func check(_ predicate: Predicate, log: inout DiagnosticLog) {
        guard let database = emptyIndex() else { return }
        let query = RuleCompiler.findQuery(predicate, columns: "a.id", CompileContext(now: 0))
        do {
            _ = try database.prepare(query.sql)
        } catch {
            log.error(.tooComplex, "the predicate compiles to a query SQLite cannot run (\(error.message)); shorten it",
                      at: .start)
        }
    }

    /// A migrated in-memory index with the rule functions; nil if SQLite cannot even open one
    /// (then nothing is probed and the run reports what SQLite says).
    private static func emptyIndex() -> Database? {
        guard let database = try? Database(path: ":memory:") else { return nil }
        do {
            try Migrator.migrate(database)
            try RuleFunctions.register(on: database)
        } catch {
            return nil
        }
        return database
    }

    /// Adds the diagnostics of one file to its load.
    static func check(_ file: RuleFile, log: inout DiagnosticLog) {
        for diagnostic in diagnostics([file]) {
            log.error(diagnostic.code, diagnostic.message, at: diagnostic.mark)
        }
    }
}
