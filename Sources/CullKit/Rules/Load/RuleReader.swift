/// Reads one entry of `rules:`; the rule's mark is that of its `name` value.
enum RuleReader {
    /// The rule when valid, and its name (when readable) even when the rest is not, for duplicate checks.
    static func read(_ node: YAMLNode, log: inout DiagnosticLog) -> (name: String?, mark: Mark, rule: Rule?) {
        guard let keys = MappingReader(node, expected: "a rule (a mapping with name and match)", log: &log) else {
            return (nil, node.mark, nil)
        }
        keys.rejectUnknown(allowed: RuleLoader.ruleKeys, in: "a rule", log: &log)
        var name: String?
        var mark = node.mark
        if let pair = keys.require("name", example: "name: old-screenshots", at: node.mark, log: &log) {
            mark = pair.value.mark
            name = ScalarReader.string(pair.value, what: "a rule name", log: &log)
            if let text = name, text.unicodeScalars.count > RuleLimits.ruleNameCharacters {
                log.error(.limitExceeded, "the rule name has \(text.unicodeScalars.count) characters; names are limited to "
                          + "\(RuleLimits.ruleNameCharacters) (they are stored with every file the rule stages)", at: pair.value.mark)
            } else if let text = name, !RuleLoader.isRuleName(text) {
                log.error(.badRuleName, "rule name '\(text)' is not kebab-case (lowercase words joined by '-', e.g. old-screenshots)",
                          at: pair.value.mark)
            }
        }
        let description = keys["description"].flatMap { ScalarReader.string($0.value, what: "a description string", log: &log) }
        let tags = keys["tags"].flatMap { ScalarReader.strings($0.value, what: "tag strings", log: &log) } ?? []
        var match: Predicate?
        if let pair = keys.require("match", example: "match: {screenshot: true}", at: node.mark, log: &log) {
            match = PredicateReader.read(pair.value, log: &log)
        }
        var action = Rule.Action.trash
        if let pair = keys["action"], let word = ScalarReader.string(pair.value, what: "trash or keep", log: &log) {
            if let parsed = Rule.Action(rawValue: word) {
                action = parsed
            } else {
                let words = Rule.Action.allCases.map(\.rawValue)
                log.error(.badValue, "unknown action '\(word)'; expected trash or keep" + Suggestion.hint(for: word, in: words),
                          at: pair.value.mark)
            }
        }
        let limit = keys["limit"].flatMap { readLimit($0.value, log: &log) }
        let keep = keys["keep"].map { KeeperReader.read($0.value, log: &log) } ?? []
        guard let name, let match else { return (name, mark, nil) }
        return (name, mark, Rule(name: name, description: description, tags: tags, match: match, action: action,
                                 limit: limit, keep: keep, mark: mark))
    }

    private static func readLimit(_ node: YAMLNode, log: inout DiagnosticLog) -> Limit? {
        guard let keys = MappingReader(node, expected: "a limit such as {count: 200} or {percent: 5}", log: &log) else { return nil }
        keys.rejectUnknown(allowed: ["count", "percent"], in: "a limit", log: &log)
        var count: Int?
        var percent: Double?
        if let pair = keys["count"] {
            if pair.value.isPlainScalar, let value = YAMLScalars.integer(pair.value.scalar ?? ""), value >= 0 {
                count = Int(value)
            } else {
                log.error(.wrongType, "expected a count of assets (an integer ≥ 0), found \(pair.value.describedType)",
                          at: pair.value.mark)
            }
        }
        if let pair = keys["percent"] {
            if pair.value.isPlainScalar, let value = YAMLScalars.number(pair.value.scalar ?? ""), value > 0, value <= 100 {
                percent = value
            } else {
                log.error(.wrongType, "expected a percent of the library (a number above 0 and at most 100), found \(pair.value.describedType)",
                          at: pair.value.mark)
            }
        }
        if keys.isEmpty { log.error(.missingKey, "a limit needs 'count' or 'percent' (e.g. {count: 200})", at: node.mark) }
        guard count != nil || percent != nil else { return nil }
        return Limit(count: count, percent: percent)
    }
}
