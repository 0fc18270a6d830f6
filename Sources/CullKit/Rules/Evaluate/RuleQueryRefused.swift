/// SQLite refused to prepare the query a rule compiles to on the run's index (too many columns,
/// too deep an expression, …). A run does not probe its rules' queries beforehand (``RuleFiles/readForRun(_:)``):
/// preparing them for the run is the probe, and this error is when the rule files' own diagnostics
/// are worth making (``RuleFiles/probeForRun(_:)``). Nothing has been staged or moved when it is thrown.
public struct RuleQueryRefused: Error, Sendable, CustomStringConvertible {
    /// The rule file, as the user named it.
    public let file: String
    public let rule: String
    public let mark: Mark
    /// What SQLite said.
    public let error: DatabaseError

    public var description: String {
        "\(file):\(mark): error: \(Self.message(rule: rule, sqlite: error.message)) [\(DiagnosticCode.tooComplex.rawValue)]"
    }

    /// What a `too-complex` diagnostic says of rule `rule`, whose query SQLite refused saying `sqlite`.
    static func message(rule: String, sqlite: String) -> String {
        "rule '\(rule)' compiles to a query SQLite cannot run (\(sqlite)); split it into several rules or shorten its lists"
    }
}
