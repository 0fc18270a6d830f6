/// The stable code of every rule diagnostic. Codes are part of Cull's interface (CI greps them,
/// SARIF uses them as rule ids): add new ones, never rename.
public enum DiagnosticCode: String, Sendable, CaseIterable, Hashable {
    // Errors
    case io = "io-error"
    case yamlSyntax = "yaml-syntax"
    case yamlTab = "yaml-tab"
    case yamlAlias = "yaml-alias"
    case tooDeep = "too-deep"
    case duplicateKey = "duplicate-key"
    case missingKey = "missing-key"
    case unknownKey = "unknown-key"
    case unknownField = "unknown-field"
    case unknownOperator = "unknown-operator"
    case operatorNotAllowed = "operator-not-allowed"
    case unsupportedField = "unsupported-field"
    case wrongType = "wrong-type"
    case badUnit = "bad-unit"
    case badValue = "bad-value"
    case badDate = "bad-date"
    case badRegex = "bad-regex"
    case emptyMatch = "empty-match"
    case duplicateRuleName = "duplicate-rule-name"
    case badRuleName = "bad-rule-name"
    case unsupportedVersion = "unsupported-version"
    case limitExceeded = "limit-exceeded"
    case tooComplex = "too-complex"
    case tooManyDiagnostics = "too-many-diagnostics"
    // Warnings
    case neverMatches = "never-matches"
    case unboundedBroadRule = "unbounded-broad-rule"
    case ambiguousMinutes = "ambiguous-minutes"

    /// The default severity of the code.
    public var severity: Diagnostic.Severity {
        switch self {
        case .neverMatches, .unboundedBroadRule, .ambiguousMinutes: .warning
        default: .error
        }
    }

    /// One sentence describing the code (SARIF rule descriptions, docs).
    public var summary: String {
        switch self {
        case .io: "The rule file could not be read."
        case .yamlSyntax: "The file is not valid YAML."
        case .yamlTab: "A tab is used where YAML allows only spaces."
        case .yamlAlias: "Anchors and aliases are not allowed in rule files."
        case .tooDeep: "The predicate nests too deeply."
        case .duplicateKey: "A mapping has the same key twice."
        case .missingKey: "A required key is missing."
        case .unknownKey: "A key that the rule format does not define."
        case .unknownField: "A predicate uses a field that does not exist."
        case .unknownOperator: "A predicate uses an operator that does not exist."
        case .operatorNotAllowed: "The operator does not fit the field's type."
        case .unsupportedField: "The field is declared but not supported yet."
        case .wrongType: "A value has the wrong type."
        case .badUnit: "A size or duration has a missing or unknown unit."
        case .badValue: "A value is outside what the field accepts."
        case .badDate: "A date is not an ISO 8601 date or date-time."
        case .badRegex: "A regular expression does not compile."
        case .emptyMatch: "A match (or all/any list) is empty."
        case .duplicateRuleName: "Two rules in one file have the same name."
        case .badRuleName: "A rule name is not kebab-case."
        case .unsupportedVersion: "The file's version is not one this Cull reads."
        case .limitExceeded: "The file crosses one of the documented limits (size, nodes, rules, list length, pattern length)."
        case .tooComplex: "A rule compiles to a query the database cannot run; simplify it or split it."
        case .tooManyDiagnostics: "More diagnostics than are printed per file; fix the first ones and check again."
        case .neverMatches: "A predicate can never match anything."
        case .unboundedBroadRule: "A trash rule with a very broad match and no limit."
        case .ambiguousMinutes: "An age in minutes (m) that probably meant months."
        }
    }
}
