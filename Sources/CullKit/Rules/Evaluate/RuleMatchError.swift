/// A rule that could not be evaluated on some asset: its regular expression exhausted PCRE2's
/// match limits on a value (the pattern is pathological there). The run stops, as for any rule
/// error, instead of spending seconds per file.
public struct RuleMatchError: Error, Sendable, CustomStringConvertible {
    /// The rule file, as the user named it.
    public let file: String
    /// Where the regular expression is written (the rule's name when it cannot be told apart).
    public let mark: Mark
    public let rule: String
    public let pattern: String
    /// The value it was tested on (the path for `path:`).
    public let value: String

    public var description: String {
        "\(file):\(mark): error: rule '\(rule)': the regular expression \"\(pattern)\" exceeded its match limits on "
            + "'\(value)'; simplify it (nested repeats and backreferences can take exponential time) [regex-limit]"
    }

    /// The typed error for a database failure raised by a regex function, or nil for any other.
    static func from(_ error: DatabaseError, _ compiled: CompiledRule) -> RuleMatchError? {
        from(error, file: compiled.file, rule: compiled.rule.name, fallback: compiled.rule.mark,
             predicates: [compiled.rule.match] + compiled.guards.map(\.predicate))
    }

    /// The same for a query compiled from `predicates` (`cull find`): nil unless the failure is a
    /// regex limit of a pattern among them.
    public static func from(_ error: DatabaseError, file: String, rule: String, fallback: Mark,
                            predicates: [Predicate]) -> RuleMatchError? {
        guard error.message.hasPrefix(RuleFunctions.limitErrorPrefix) else { return nil }
        let parts = error.message.dropFirst(RuleFunctions.limitErrorPrefix.count).split(separator: "\u{1F}", maxSplits: 1,
                                                                                         omittingEmptySubsequences: false)
        let pattern = String(parts.first ?? ""), value = parts.count > 1 ? String(parts[1]) : ""
        let condition = predicates.lazy.flatMap(\.conditions).first {
            if case let .regex(written) = $0.value { return written == pattern }
            return false
        }
        return RuleMatchError(file: file, mark: condition?.mark ?? fallback, rule: rule, pattern: pattern, value: value)
    }
}
