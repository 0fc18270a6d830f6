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
        case .text: Self.terminalText(files, color: color).text
        case .json: JSONDiagnosticPrinter.render(files)
        case .github: GitHubDiagnosticPrinter.render(files)
        case .sarif: SARIFDiagnosticPrinter.render(files)
        }
    }

    /// Writes `files` in this format to standard output: text through ``Terminal/out(_:)``, the
    /// machine formats (whose writers escape every value) as documents.
    public func write(_ files: [LoadedRuleFile], to terminal: Console) {
        switch self {
        case .text: terminal.out(Self.terminalText(files, color: terminal.colorEnabled))
        case .json, .github, .sarif: terminal.outDocument(render(files))
        }
    }

    /// The text form, for a terminal or a plain-text stream.
    public static func terminalText(_ files: [LoadedRuleFile], color: Bool = false) -> TerminalText {
        TextDiagnosticPrinter(color: color).render(files)
    }
}
