/// Reads a YAML mapping's keys: checks they are strings, reports duplicates and unknown keys.
struct MappingReader {
    /// The pairs by key, first occurrence only (later duplicates are reported and ignored).
    private(set) var pairs: [String: YAMLNode.Pair] = [:]
    /// Keys in source order.
    private(set) var order: [String] = []

    /// Nil (with a `wrong-type` error) when `node` is not a mapping.
    init?(_ node: YAMLNode, expected: String, log: inout DiagnosticLog) {
        guard case let .mapping(list) = node.kind else {
            log.error(.wrongType, "expected \(expected), found \(node.describedType)", at: node.mark)
            return nil
        }
        for pair in list {
            guard let key = pair.key.scalar, pair.key.tag == nil || pair.key.tag == "tag:yaml.org,2002:str" else {
                log.error(.wrongType, "expected a key name, found \(pair.key.describedType)", at: pair.key.mark)
                continue
            }
            if let first = pairs[key] {
                log.error(.duplicateKey, "duplicate key '\(key)' (first defined at \(first.key.mark))", at: pair.key.mark)
                continue
            }
            pairs[key] = pair
            order.append(key)
        }
    }

    subscript(_ key: String) -> YAMLNode.Pair? { pairs[key] }

    var isEmpty: Bool { order.isEmpty }

    /// Reports every key not in `allowed` as `unknown-key`, with a suggestion.
    func rejectUnknown(allowed: [String], in context: String, log: inout DiagnosticLog) {
        for key in order where !allowed.contains(key) {
            log.error(.unknownKey, "unknown key '\(key)' in \(context); expected one of \(allowed.joined(separator: ", "))"
                      + Suggestion.hint(for: key, in: allowed), at: pairs[key]!.key.mark)
        }
    }

    /// Reports a missing required key at `mark` (the mapping's start).
    func require(_ key: String, example: String, at mark: Mark, log: inout DiagnosticLog) -> YAMLNode.Pair? {
        if let pair = pairs[key] { return pair }
        log.error(.missingKey, "missing required key '\(key)' (e.g. \(example))", at: mark)
        return nil
    }
}

/// Small typed readers for plain YAML values.
enum ScalarReader {
    /// A string written in any style; numbers and booleans must be quoted to be strings.
    static func string(_ node: YAMLNode, what: String, log: inout DiagnosticLog) -> String? {
        guard let text = node.scalar, !node.isNull,
              !node.isPlainScalar || (YAMLScalars.bool(text) == nil && YAMLScalars.number(text) == nil) else {
            log.error(.wrongType, "expected \(what), found \(node.describedType)", at: node.mark)
            return nil
        }
        return text
    }

    /// A list of strings (a single string is accepted as a list of one when `single` is true).
    static func strings(_ node: YAMLNode, what: String, single: Bool = false, log: inout DiagnosticLog) -> [String]? {
        if single, node.scalar != nil { return string(node, what: what, log: &log).map { [$0] } }
        guard case let .sequence(items) = node.kind else {
            log.error(.wrongType, "expected a list of \(what), found \(node.describedType)", at: node.mark)
            return nil
        }
        let values = items.compactMap { string($0, what: what, log: &log) }
        return values.count == items.count ? values : nil
    }
}
