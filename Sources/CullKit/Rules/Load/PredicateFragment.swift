import Foundation

extension RuleLoader {
    /// Loads one predicate written as a YAML flow-mapping fragment (`kind: video` or `{size: {gt: 1GB}}`),
    /// as `cull find` takes them. The returned file carries the diagnostics, labelled `label`.
    public static func predicate(fragment: String, label: String) -> (predicate: Predicate?, load: LoadedRuleFile) {
        let trimmed = fragment.trimmingCharacters(in: .whitespaces)
        let source = trimmed.hasPrefix("{") ? fragment : "{" + fragment + "}"
        var log = DiagnosticLog(file: label)
        var predicate: Predicate?
        do {
            if let root = try YAMLParser.parse(source) {
                predicate = PredicateReader.read(root, log: &log)
                if let predicate, !log.hasErrors { SQLProbe.check(predicate, log: &log) }
            } else {
                log.error(.emptyMatch, "empty predicate; expected e.g. 'kind: video'", at: .start)
            }
        } catch {
            log.error(error.code, error.message, at: error.mark)
        }
        let load = LoadedRuleFile(path: label, source: source, ruleFile: nil, diagnostics: log.sorted)
        return (log.hasErrors ? nil : predicate, load)
    }
}
