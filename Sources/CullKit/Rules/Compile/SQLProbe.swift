/// The last check of a valid rule file: every query it compiles to is prepared by SQLite itself,
/// on an empty in-memory index, so whatever SQLite refuses (expression depth, parser nesting,
/// variables, columns) is a `too-complex` error at the rule's line:col in `cull check`, and no file
/// that check accepts makes `plan` fail with raw SQLite text.
public enum SQLProbe {
    /// The diagnostics of the queries `files` compile to together (empty when SQLite takes them all).
    public static func diagnostics(_ files: [RuleFile]) -> [Diagnostic] {
        guard let database = try? Database(path: ":memory:") else { return [] }
        do {
            try Migrator.migrate(database)
            try RuleFunctions.register(on: database)
        } catch {
            return []
        }
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

    /// Adds the diagnostics of one file to its load.
    static func check(_ file: RuleFile, log: inout DiagnosticLog) {
        for diagnostic in diagnostics([file]) {
            log.error(diagnostic.code, diagnostic.message, at: diagnostic.mark)
        }
    }
}
