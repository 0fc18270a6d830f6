/// One finding about a rule file: where, how bad, a stable code and a message that says what was expected.
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
    public enum Severity: String, Sendable, Hashable {
        case error, warning
    }

    public let severity: Severity
    public let code: DiagnosticCode
    public let message: String
    /// The file as the user named it (or `<argument 1>` for `cull find`).
    public let file: String
    public let mark: Mark

    public init(_ code: DiagnosticCode, _ message: String, file: String, mark: Mark, severity: Severity? = nil) {
        self.code = code
        self.message = message
        self.file = file
        self.mark = mark
        self.severity = severity ?? code.severity
    }

    /// `path:line:col: error: message [code]`, the one-line form.
    public var description: String {
        "\(file):\(mark.line):\(mark.column): \(severity.rawValue): \(message) [\(code.rawValue)]"
    }

    /// The same diagnostic as an error (for `--strict`).
    public func promoted() -> Diagnostic {
        Diagnostic(code, message, file: file, mark: mark, severity: .error)
    }
}

/// Diagnostics of one load, collected rather than thrown so every error of every file is reported.
public struct DiagnosticLog: Sendable {
    public let file: String
    public private(set) var diagnostics: [Diagnostic] = []

    public init(file: String) { self.file = file }

    public mutating func error(_ code: DiagnosticCode, _ message: String, at mark: Mark) {
        diagnostics.append(Diagnostic(code, message, file: file, mark: mark))
    }

    public mutating func warning(_ code: DiagnosticCode, _ message: String, at mark: Mark) {
        diagnostics.append(Diagnostic(code, message, file: file, mark: mark, severity: .warning))
    }

    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}
