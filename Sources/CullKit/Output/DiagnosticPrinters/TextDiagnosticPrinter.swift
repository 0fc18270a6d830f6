/// Compiler-style text: `path:line:col: error: message [code]`, then the source line and a `^`.
/// The file's name, the message's quoted values and the source line are outside text: escaped
/// (``TerminalText``), so a rule file cannot retitle a terminal or start a CI command line.
struct TextDiagnosticPrinter {
    let color: Bool

    /// Characters of the source line shown on each side of the caret; a longer line is cut with `…`.
    static let window = 60

    func render(_ files: [LoadedRuleFile]) -> TerminalText {
        var out: TerminalText = ""
        for file in files {
            let lines = file.diagnostics.isEmpty || file.source.isEmpty ? [] : file.source.split(separator: "\n", omittingEmptySubsequences: false)
            for diagnostic in file.diagnostics {
                let severity = diagnostic.severity == .error ? style("error", "1;31") : style("warning", "1;35")
                out += style("\(diagnostic.file):\(diagnostic.mark.line):\(diagnostic.mark.column):", "1")
                out += " \(severity): \(diagnostic.message) [\(diagnostic.code.rawValue)]\n"
                guard diagnostic.mark.line >= 1, diagnostic.mark.line <= lines.count else { continue }
                var text = lines[diagnostic.mark.line - 1]
                if text.hasSuffix("\r") { text = text.dropLast() }
                let (excerpt, caretColumn) = Self.excerpt(text, column: diagnostic.mark.column)
                // The caret goes under the same character of the line as shown (an escaped control
                // takes several columns; a tab is shown as `\t`, never as a tab's width).
                let before = Escape.terminal(String(String.UnicodeScalarView(excerpt.unicodeScalars.prefix(max(0, caretColumn - 1)))))
                out += "\(excerpt)\n"
                out += "\(own: String(repeating: " ", count: before.unicodeScalars.count))" + style("^", "1;32") + "\n"
            }
        }
        return out
    }

    /// The part of `line` around 1-based `column` (the whole line when short), and the caret's
    /// column in it: printing stays proportional to the number of diagnostics, not to their lines.
    static func excerpt(_ line: Substring, column: Int) -> (String, Int) {
        let characters = Array(line.unicodeScalars)
        guard characters.count > 2 * window + 20 else { return (String(line), column) }
        let index = min(max(0, column - 1), characters.count)
        let start = max(0, index - window), end = min(characters.count, index + window)
        var shown = String(String.UnicodeScalarView(characters[start..<end]))
        var caret = index - start + 1
        if start > 0 { shown = "…" + shown; caret += 1 }
        if end < characters.count { shown += "…" }
        return (shown, caret)
    }

    private func style(_ text: TerminalText, _ code: String) -> TerminalText {
        color ? "\u{1B}[\(own: code)m\(text)\u{1B}[0m" : text
    }
}
