import Foundation
import Synchronization

/// The outcome of loading one rule file: the validated file when it has no errors, and every diagnostic.
public struct LoadedRuleFile: Sendable {
    public let path: String
    /// The text as read (diagnostic printers show its lines under each message).
    public let source: String
    public let ruleFile: RuleFile?
    public let diagnostics: [Diagnostic]

    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    /// The load's log while its queries have not been prepared by SQLite yet (``SQLProbe``; a run
    /// defers that, see ``RuleFiles/loadForRun(_:)``); nil once they were, or when the file has errors.
    var unprobed: DiagnosticLog?

    /// This load with only the diagnostics `earlier` (the same file read before) does not have:
    /// what its probe added, once the rest is printed.
    public func subtracting(_ earlier: LoadedRuleFile) -> LoadedRuleFile {
        let printed = Set(earlier.diagnostics)
        return LoadedRuleFile(path: path, source: source, ruleFile: ruleFile, diagnostics: diagnostics.filter { !printed.contains($0) })
    }

    /// This load once its queries are prepared by SQLite, as `cull check` reports them: a query
    /// SQLite refuses is a `too-complex` error at its rule.
    func probed() -> LoadedRuleFile {
        guard var log = unprobed, let file = ruleFile else { return self }
        SQLProbe.check(file, log: &log)
        return LoadedRuleFile(path: path, source: source, ruleFile: log.hasErrors ? nil : file, diagnostics: log.sorted)
    }
}

/// Loads rule files: libyaml → ``YAMLNode`` → validated ``RuleFile``, collecting every error.
public enum RuleLoader {
    static let topLevelKeys = ["version", "description", "protect", "rules"]
    static let ruleKeys = ["name", "description", "tags", "match", "action", "limit", "keep"]
    static let ruleNamePattern = "^[a-z0-9]+(-[a-z0-9]+)*$"

    /// Whether `text` is kebab-case: the pattern the JSON Schema publishes, run by the same PCRE2 as
    /// `matches` conditions (Foundation's regular expressions initialise ICU's Unicode sets first,
    /// about 2 ms of every command that loads a rule file). Compiled once; one caller at a time.
    static func isRuleName(_ text: String) -> Bool {
        ruleName.withLock { $0.test(text) == .match }
    }

    private static let ruleName = Mutex<Regex>({
        switch Regex.compile(ruleNamePattern) {
        case let .success(regex): return regex
        case let .failure(problem): fatalError("the rule-name pattern does not compile: \(problem.message)")
        }
    }())

    /// Reads and loads the file at `path` (an unreadable file is an `io-error` diagnostic).
    public static func load(path: String) -> LoadedRuleFile { read(path: path).probed() }

    /// ``load(path:)`` without the SQL probe (``LoadedRuleFile/probed()``).
    static func read(path: String) -> LoadedRuleFile {
        // Read at most one byte past the limit: a huge file is refused without being loaded. Only a
        // regular file is read (a FIFO named like a rule file must not hang `cull check` in CI); a
        // symlink to one is the user's own choice and is followed.
        guard let bytes = FileOps.read(Array(path.utf8), limit: RuleLimits.fileBytes + 1, followingLinks: true) else {
            return unusable(path: path, "cannot read rule file: \(RuleFileProbe.whyUnreadable(path))")
        }
        return read(bytes: bytes, path: path)
    }

    /// The name diagnostics give rule text read from standard input (`cull check -`, `cull plan -`).
    public static let standardInputName = "<stdin>"

    /// Reads rule text from `handle` (standard input) and loads it as `<stdin>`. Reads at most one
    /// byte past the limit, as for a file.
    public static func loadStandardInput(_ handle: FileHandle = .standardInput) -> LoadedRuleFile {
        readStandardInput(handle).probed()
    }

    /// ``loadStandardInput(_:)`` without the SQL probe.
    static func readStandardInput(_ handle: FileHandle) -> LoadedRuleFile {
        var bytes: [UInt8] = []
        do {
            while bytes.count <= RuleLimits.fileBytes,
                  let chunk = try handle.read(upToCount: RuleLimits.fileBytes + 1 - bytes.count), !chunk.isEmpty {
                bytes += chunk
            }
        } catch {
            return unusable(path: standardInputName, "cannot read rules from standard input: \(error.localizedDescription)")
        }
        return read(bytes: bytes, path: standardInputName)
    }

    /// Loads rule-file bytes (at most one past the limit were read); `path` names them in diagnostics.
    static func load(bytes: [UInt8], path: String) -> LoadedRuleFile { read(bytes: bytes, path: path).probed() }

    private static func read(bytes: [UInt8], path: String) -> LoadedRuleFile {
        let data = Data(bytes)
        if let kind = RuleFileProbe.binaryKind(data) {
            // Said in words: the parser's error would echo the file's bytes onto the terminal.
            // A photo or a video given where rules go: say what the user most likely meant.
            return unusable(path: path, "\(path) is not a rule file (looks like \(kind)); to see what rules do with a file: "
                            + "cull plan RULES --explain \(path)")
        }
        guard data.count <= RuleLimits.fileBytes else {
            let diagnostic = Diagnostic(.limitExceeded, "the file is larger than 1 MiB (\(RuleLimits.fileBytes) bytes), "
                                        + "the limit for rule files; split it", file: path, mark: .start)
            return LoadedRuleFile(path: path, source: "", ruleFile: nil, diagnostics: [diagnostic])
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            // libyaml reads the bytes as they are and says where the first bad one is.
            return read(source: String(decoding: bytes, as: UTF8.self), path: path, parsing: bytes)
        }
        return read(source: text, path: path, parsing: nil)
    }

    /// A path that yields no rules at all (unreadable, not text, a folder without rule files): one error at 1:1.
    public static func unusable(path: String, _ message: String) -> LoadedRuleFile {
        LoadedRuleFile(path: path, source: "", ruleFile: nil, diagnostics: [Diagnostic(.io, message, file: path, mark: .start)])
    }

    /// Loads rule-file text; `path` names it in diagnostics.
    public static func load(source: String, path: String) -> LoadedRuleFile {
        read(source: source, path: path, parsing: nil).probed()
    }

    /// Reads `source`, parsing `bytes` instead when the file's bytes are not valid UTF-8 (`source`
    /// is then their lossy decoding, for showing lines under diagnostics only); not yet probed.
    private static func read(source: String, path: String, parsing bytes: [UInt8]?) -> LoadedRuleFile {
        var log = DiagnosticLog(file: path)
        guard source.utf8.count <= RuleLimits.fileBytes else {
            log.error(.limitExceeded, "the file is \(source.utf8.count) bytes, over the limit of 1 MiB "
                      + "(\(RuleLimits.fileBytes) bytes) for rule files; split it", at: .start)
            return LoadedRuleFile(path: path, source: "", ruleFile: nil, diagnostics: log.sorted)
        }
        let root: YAMLNode?
        do {
            if let bytes {
                root = try YAMLParser.parse(bytes: bytes)
                // libyaml checks UTF-8 as it reads; should it ever pass what Swift refused, still refuse.
                log.error(.yamlSyntax, "the file is not valid UTF-8", at: .start)
                return LoadedRuleFile(path: path, source: source, ruleFile: nil, diagnostics: log.sorted)
            }
            root = try YAMLParser.parse(source)
        } catch {
            log.error(error.code, error.message, at: error.mark)
            return LoadedRuleFile(path: path, source: source, ruleFile: nil, diagnostics: log.sorted)
        }
        let file = root.flatMap { readFile($0, path: path, log: &log) }
        if root == nil {
            log.error(.missingKey, "empty rule file; expected a mapping with 'version: 1' and 'rules'", at: .start)
        }
        if let file { RuleLints.check(file, log: &log) }
        let valid = log.hasErrors ? nil : file
        return LoadedRuleFile(path: path, source: source, ruleFile: valid, diagnostics: log.sorted, unprobed: valid == nil ? nil : log)
    }

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
                if items.count > RuleLimits.protectEntries {
                    log.error(.limitExceeded, "\(items.count) protect entries; a file may have at most \(RuleLimits.protectEntries) "
                              + "(combine them with 'any:' or 'in:')", at: items[RuleLimits.protectEntries].mark)
                }
                for (index, item) in items.prefix(RuleLimits.protectEntries).enumerated() {
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
                if items.count > RuleLimits.rules {
                    log.error(.limitExceeded, "\(items.count) rules; a file may have at most \(RuleLimits.rules) "
                              + "(split them into several files)", at: items[RuleLimits.rules].mark)
                }
                for item in items.prefix(RuleLimits.rules) {
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
        case .tooLarge: .limitExceeded
        case .nul: .badValue
        case .tag: .wrongType
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
