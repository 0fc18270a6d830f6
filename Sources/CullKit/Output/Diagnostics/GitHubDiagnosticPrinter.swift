/// GitHub Actions workflow commands: `::error file=…,line=…,col=…,title=…::message`.
enum GitHubDiagnosticPrinter {
    static func render(_ files: [LoadedRuleFile]) -> String {
        var out = ""
        for diagnostic in files.flatMap(\.diagnostics) {
            out += "::\(diagnostic.severity.rawValue) file=\(property(diagnostic.file)),line=\(diagnostic.mark.line),"
            out += "col=\(diagnostic.mark.column),title=\(property("cull " + diagnostic.code.rawValue))::"
            out += data(diagnostic.message + " [\(diagnostic.code.rawValue)]") + "\n"
        }
        return out
    }

    /// Escaping of the message part, as the Actions runner expects.
    static func data(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25")
            .replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// Escaping of `key=value` properties (also `:` and `,`).
    static func property(_ text: String) -> String {
        data(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
