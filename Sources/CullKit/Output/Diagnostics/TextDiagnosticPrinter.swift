/// Compiler-style text: `path:line:col: error: message [code]`, then the source line and a `^`.
struct TextDiagnosticPrinter {
    let color: Bool

    func render(_ files: [LoadedRuleFile]) -> String {
        var out = ""
        for file in files {
            for diagnostic in file.diagnostics {
                let severity = diagnostic.severity == .error ? style("error", "1;31") : style("warning", "1;35")
                out += style("\(diagnostic.file):\(diagnostic.mark.line):\(diagnostic.mark.column):", "1")
                out += " \(severity): \(diagnostic.message) [\(diagnostic.code.rawValue)]\n"
                if let line = file.sourceLine(diagnostic.mark.line) {
                    out += line + "\n"
                    // Keep tabs so the caret lines up under the same column as in the source.
                    let prefix = line.prefix(max(0, diagnostic.mark.column - 1)).map { $0 == "\t" ? "\t" : " " }.joined()
                    out += prefix + style("^", "1;32") + "\n"
                }
            }
        }
        return out
    }

    private func style(_ text: String, _ code: String) -> String {
        color ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
