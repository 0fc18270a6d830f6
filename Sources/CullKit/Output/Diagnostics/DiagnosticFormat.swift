/// How `cull check` prints diagnostics.
public enum DiagnosticFormat: String, Sendable, CaseIterable {
    /// `file:line:col: error: message [code]`, the source line and a caret.
    case text
    /// One JSON document with every diagnostic and totals.
    case json
    /// GitHub Actions workflow commands (`::error file=…,line=…,col=…::`), shown inline on PRs.
    case github
    /// SARIF 2.1.0, for code-scanning dashboards.
    case sarif

    /// Renders `files` (every file checked, clean ones included) in this format.
    public func render(_ files: [LoadedRuleFile], color: Bool = false) -> String {
        switch self {
        case .text: TextDiagnosticPrinter(color: color).render(files)
        case .json: JSONDiagnosticPrinter.render(files)
        case .github: GitHubDiagnosticPrinter.render(files)
        case .sarif: SARIFDiagnosticPrinter.render(files)
        }
    }
}
