/// A validated rule file: a version, protect guards and rules in order.
public struct RuleFile: Sendable {
    /// The file as the user named it.
    public let path: String
    public let version: Int
    public let description: String?
    /// Nothing matching any of these is staged by this file.
    public let protect: [Guard]
    public let rules: [Rule]
}

/// One `protect:` entry.
public struct Guard: Sendable {
    /// 0-based position in the `protect:` list.
    public let index: Int
    public let predicate: Predicate
    public let mark: Mark
    /// The rule file it came from (set when a run compiles it; guards apply to every rule of the run).
    public var file: String = ""

    /// `protect[0]: favorite eq true`, for plans and explain.
    public var label: String { ProtectGuard(index: index, file: nil, predicate: predicate.normalised).description }

    /// The guard as a rule of `ruleFile` names it: with the guard's file when it is another one.
    public func protection(for ruleFile: String) -> ProtectGuard {
        ProtectGuard(index: index, file: file.isEmpty || file == ruleFile ? nil : file, predicate: predicate.normalised)
    }

    /// The label as a rule of `ruleFile` reports it: naming the guard's file when it is another
    /// one (`protect[0] (protect.yaml): path glob "Famille/**"`).
    public func label(for ruleFile: String) -> String { protection(for: ruleFile).description }
}

extension RuleFile {
    /// True when a rule or a protect guard of the file reads `tags` or `people`, the lists a
    /// catalog's may be cut to a budget (``CatalogLimits``).
    public var readsCatalogLists: Bool {
        let lists: Set<String> = ["tags", "people"]
        return protect.contains { $0.predicate.conditions.contains { lists.contains($0.field.name) } }
            || rules.contains { $0.match.conditions.contains { lists.contains($0.field.name) } }
    }
}

/// One rule of a file.
public struct Rule: Sendable {
    /// What a rule does with its matches.
    public enum Action: String, Sendable, CaseIterable {
        /// Stage matches in the trash (the default).
        case trash
        /// Exclude matches from every trash rule of the run (keep wins over trash).
        case keep
    }

    public let name: String
    public let description: String?
    public let tags: [String]
    public let match: Predicate
    public let action: Action
    public let limit: Limit?
    /// Keeper ranking of a group rule (`favorite`, `oldest`, `{path: GLOB}`, …), in order.
    public let keep: [KeeperKey]
    public let mark: Mark
}

/// A rule's circuit breaker: stop instead of staging more than this.
public struct Limit: Sendable, Equatable {
    public let count: Int?
    /// Percent of the library's asset count.
    public let percent: Double?
}
