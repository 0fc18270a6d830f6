/// GitHub Actions workflow commands: `::error file=…,line=…,col=…,title=…::message`. The file and
/// the message are outside text: escaped by ``Escape/githubProperty(_:)`` and
/// ``Escape/githubMessage(_:)``, so neither can end the annotation, start a line or add a property.
enum GitHubDiagnosticPrinter {
    static func render(_ files: [LoadedRuleFile]) -> String {
        var out = ""
        for diagnostic in files.flatMap(\.diagnostics) {
            out += "::\(diagnostic.severity.rawValue) file=\(Escape.githubProperty(diagnostic.file)),line=\(diagnostic.mark.line),"
            out += "col=\(diagnostic.mark.column),title=\(Escape.githubProperty("cull " + diagnostic.code.rawValue))::"
            out += Escape.githubMessage(diagnostic.message + " [\(diagnostic.code.rawValue)]") + "\n"
        }
        return out
    }
}
