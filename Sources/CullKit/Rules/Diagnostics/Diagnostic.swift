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
        self.message = Self.bounded(message)
        self.file = file
        self.mark = mark
        self.severity = severity ?? code.severity
    }

    /// `path:line:col: error: message [code]`, the one-line form.
    public var description: String {
        "\(file):\(mark.line):\(mark.column): \(severity.rawValue): \(message) [\(code.rawValue)]"
    }

    /// `message`, cut in the middle when it quotes a long value: what is printed grows with the
    /// number of diagnostics, never with the length of what a file holds.
    static func bounded(_ message: String) -> String {
        let scalars = message.unicodeScalars
        let limit = RuleLimits.messageCharacters
        guard scalars.count > limit else { return message }
        let tail = limit / 4
        var cut = String.UnicodeScalarView(scalars.prefix(limit - tail - 1))
        cut.append("…")
        cut.append(contentsOf: scalars.suffix(tail))
        return String(cut)
    }

    /// The same diagnostic as an error (for `--strict`).
    public func promoted() -> Diagnostic {
        Diagnostic(code, message, file: file, mark: mark, severity: .error)
    }
}

/// Diagnostics of one load, collected rather than thrown so every error of every file is reported.
///
/// At most ``RuleLimits/printedDiagnostics`` are kept; the rest are counted into one closing
/// `too-many-diagnostics` entry, so a file with 10,000 mistakes costs as much to report as one with 100.
public struct DiagnosticLog: Sendable {
    public let file: String
    public private(set) var diagnostics: [Diagnostic] = []
    private var omitted = 0
    private var omittedError = false
    private var firstOmitted = Mark.start

    public init(file: String) { self.file = file }

    public mutating func error(_ code: DiagnosticCode, _ message: @autoclosure () -> String, at mark: Mark) {
        record(code, .error, message, mark)
    }

    public mutating func warning(_ code: DiagnosticCode, _ message: @autoclosure () -> String, at mark: Mark) {
        record(code, .warning, message, mark)
    }

    private mutating func record(_ code: DiagnosticCode, _ severity: Diagnostic.Severity, _ message: () -> String, _ mark: Mark) {
        guard diagnostics.count < RuleLimits.printedDiagnostics else {
            if omitted == 0 { firstOmitted = mark }
            omitted += 1
            omittedError = omittedError || severity == .error
            return
        }
        diagnostics.append(Diagnostic(code, message(), file: file, mark: mark, severity: severity))
    }

    public var hasErrors: Bool { omittedError || diagnostics.contains { $0.severity == .error } }

    /// The kept diagnostics in source order, then the count of the omitted ones.
    public var sorted: [Diagnostic] {
        var result = diagnostics.sorted { $0.mark < $1.mark }
        if omitted > 0 {
            result.append(Diagnostic(.tooManyDiagnostics, "\(omitted) more diagnostics not shown (the first "
                                     + "\(RuleLimits.printedDiagnostics) are); fix these and check again",
                                     file: file, mark: firstOmitted, severity: omittedError ? .error : .warning))
        }
        return result
    }
}
