/// Reads a group rule's `keep:` ranking: a word or a list of words and `{path: GLOB}` /
/// `{not_path: GLOB}` mappings, each error marked where it was written, with did-you-mean.
enum KeeperReader {
    static func read(_ node: YAMLNode, log: inout DiagnosticLog) -> [KeeperKey] {
        if case let .sequence(items) = node.kind { return items.compactMap { readOne($0, log: &log) } }
        return readOne(node, log: &log).map { [$0] } ?? []
    }

    private static var expected: String {
        KeeperKey.words.joined(separator: ", ") + ", {path: GLOB} or {not_path: GLOB}"
    }

    private static func readOne(_ node: YAMLNode, log: inout DiagnosticLog) -> KeeperKey? {
        if case .mapping = node.kind {
            guard let keys = MappingReader(node, expected: "a keeper ranking", log: &log) else { return nil }
            keys.rejectUnknown(allowed: KeeperKey.globKeys, in: "a keeper ranking", log: &log)
            let present = KeeperKey.globKeys.filter { keys[$0] != nil }
            guard present.count == 1, let key = present.first, let pair = keys[key] else {
                if keys.order.allSatisfy(KeeperKey.globKeys.contains) {
                    log.error(.badValue, "a keeper ranking mapping holds exactly one of path or not_path (e.g. {path: \"Originals/**\"})",
                              at: node.mark)
                }
                return nil
            }
            guard let glob = ScalarReader.string(pair.value, what: "a glob such as \"Originals/**\"", log: &log) else { return nil }
            return key == "path" ? .path(glob) : .notPath(glob)
        }
        guard let word = ScalarReader.string(node, what: "a keeper ranking", log: &log) else { return nil }
        if let key = KeeperKey(word: word) { return key }
        log.error(.badValue, "unknown keeper ranking '\(word)'; expected one of \(expected)"
                  + Suggestion.hint(for: word, in: KeeperKey.words + KeeperKey.globKeys), at: node.mark)
        return nil
    }
}
