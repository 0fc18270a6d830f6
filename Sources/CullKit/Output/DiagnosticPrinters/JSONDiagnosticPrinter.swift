/// `{"files": [...], "diagnostics": [{file, line, column, severity, code, message}], "errors": n, "warnings": n}`.
enum JSONDiagnosticPrinter {
    static func render(_ files: [LoadedRuleFile]) -> String {
        let diagnostics = files.flatMap(\.diagnostics)
        let errors = diagnostics.count(where: { $0.severity == .error })
        let document: JSONValue = .object([
            ("files", .array(files.map { .string($0.path) })),
            ("diagnostics", .array(diagnostics.map { diagnostic in
                .object([
                    ("file", .string(diagnostic.file)),
                    ("line", .integer(Int64(diagnostic.mark.line))),
                    ("column", .integer(Int64(diagnostic.mark.column))),
                    ("severity", .string(diagnostic.severity.rawValue)),
                    ("code", .string(diagnostic.code.rawValue)),
                    ("message", .string(diagnostic.message)),
                ])
            })),
            ("errors", .integer(Int64(errors))),
            ("warnings", .integer(Int64(diagnostics.count - errors))),
        ])
        return document.rendered(pretty: false) + "\n"
    }
}
