import Foundation

/// The outcome of loading one rule file: the validated file when it has no errors, and every diagnostic.
public struct LoadedRuleFile: Sendable {
    public let path: String
    /// The text as read (diagnostic printers show its lines under each message).
    public let source: String
    public let ruleFile: RuleFile?
    public let diagnostics: [Diagnostic]

    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}

/// Loads rule files: libyaml → ``YAMLNode`` → validated ``RuleFile``, collecting every error.
public enum RuleLoader {
    static let topLevelKeys = ["version", "description", "protect", "rules"]
    static let ruleKeys = ["name", "description", "tags", "match", "action", "limit", "keep"]
    /// Keeper rankings a group rule may name (groups are not built yet; the words are reserved).
    public static let keeperRankings = ["oldest", "newest", "largest", "smallest", "most-pixels",
                                        "shortest-path", "favorite", "rated"]
    static let ruleNamePattern = "^[a-z0-9]+(-[a-z0-9]+)*$"

    /// Reads and loads the file at `path` (an unreadable file is an `io-error` diagnostic).
    public static func load(path: String) -> LoadedRuleFile {
        guard let data = FileManager.default.contents(atPath: path) else {
            return unusable(path: path, "cannot read rule file: \(RuleFileProbe.whyUnreadable(path))")
        }
        if let kind = RuleFileProbe.binaryKind(data) {
            // Said in words: the parser's error would echo the file's bytes onto the terminal.
            return unusable(path: path, "\(path) is not a rule file (looks like \(kind))")
        }
        return load(source: String(decoding: data, as: UTF8.self), path: path)
    }

    /// A path that yields no rules at all (unreadable, not text, a folder without rule files): one error at 1:1.
    public static func unusable(path: String, _ message: String) -> LoadedRuleFile {
        LoadedRuleFile(path: path, source: "", ruleFile: nil, diagnostics: [Diagnostic(.io, message, file: path, mark: .start)])
    }

    /// Loads rule-file text; `path` names it in diagnostics.
    public static func load(source: String, path: String) -> LoadedRuleFile {
        var log = DiagnosticLog(file: path)
        let root: YAMLNode?
        do {
            root = try YAMLParser.parse(source)
        } catch {
            log.error(error.code, error.message, at: error.mark)
            return LoadedRuleFile(path: path, source: source, ruleFile: nil, diagnostics: log.diagnostics)
        }
        let file = root.flatMap { readFile($0, path: path, log: &log) }
        if root == nil {
            log.error(.missingKey, "empty rule file; expected a mapping with 'version: 1' and 'rules'", at: .start)
        }
        if let file { RuleLints.check(file, log: &log) }
        let valid = log.hasErrors ? nil : file
        return LoadedRuleFile(path: path, source: source, ruleFile: valid, diagnostics: log.diagnostics.sorted(by: order))
    }

    static func order(_ a: Diagnostic, _ b: Diagnostic) -> Bool { a.mark < b.mark }

    private static func readFile(_ root: YAMLNode, path: String, log: inout DiagnosticLog) -> RuleFile? {
        guard let top = MappingReader(root, expected: "a mapping with 'version: 1' and 'rules'", log: &log) else { return nil }
        top.rejectUnknown(allowed: topLevelKeys, in: "the rule file", log: &log)
        var version = 1
        if let pair = top.require("version", example: "version: 1", at: root.mark, log: &log) {
            if pair.value.isPlainScalar, let text = pair.value.scalar, let number = YAMLScalars.integer(text) {
                version = Int(number)
                if number != 1 {
                    log.error(.unsupportedVersion, "unsupported version \(number); this Cull reads version 1", at: pair.value.mark)
                }
            } else {
                log.error(.wrongType, "expected version 1, found \(pair.value.describedType)", at: pair.value.mark)
            }
        }
        let description = top["description"].flatMap { ScalarReader.string($0.value, what: "a description string", log: &log) }
        var guards: [Guard] = []
        if let pair = top["protect"] {
            if case let .sequence(items) = pair.value.kind {
                for (index, item) in items.enumerated() {
                    if let predicate = PredicateReader.read(item, log: &log) {
                        guards.append(Guard(index: index, predicate: predicate, mark: item.mark))
                    }
                }
            } else {
                log.error(.wrongType, "expected a list of predicates under 'protect', found \(pair.value.describedType)",
                          at: pair.value.mark)
            }
        }
        var rules: [Rule] = []
        // A file of protect guards alone is valid: its guards apply to every rule of the run.
        if top["rules"] == nil && top["protect"] == nil {
            log.error(.missingKey, "a rule file needs 'rules' or 'protect' (e.g. rules: [{name: old-screenshots, "
                      + "match: {screenshot: true}}])", at: root.mark)
        }
        if let pair = top["rules"] {
            if case let .sequence(items) = pair.value.kind {
                var names: [String: Mark] = [:]
                for item in items {
                    let (name, mark, rule) = RuleReader.read(item, log: &log)
                    if let name {
                        if let first = names[name] {
                            log.error(.duplicateRuleName, "duplicate rule name '\(name)' (first used at \(first))", at: mark)
                        } else {
                            names[name] = mark
                        }
                    }
                    if let rule { rules.append(rule) }
                }
            } else {
                log.error(.wrongType, "expected a list of rules under 'rules', found \(pair.value.describedType)", at: pair.value.mark)
            }
        }
        return RuleFile(path: path, version: version, description: description, protect: guards, rules: rules)
    }
}

extension YAMLError {
    /// The diagnostic code of a libyaml or shape failure.
    var code: DiagnosticCode {
        switch reason {
        case .syntax, .multipleDocuments: .yamlSyntax
        case .tab: .yamlTab
        case .alias: .yamlAlias
        case .tooDeep: .tooDeep
        }
    }
}

extension LoadedRuleFile {
    /// The same load with every warning turned into an error (`--strict`).
    public func promotingWarnings() -> LoadedRuleFile {
        let promoted = diagnostics.map { $0.promoted() }
        return LoadedRuleFile(path: path, source: source, ruleFile: promoted.isEmpty ? ruleFile : nil, diagnostics: promoted)
    }
}
