import Foundation

/// `cull explain`'s text and JSON (`docs/json/explain.schema.json`) of one explained rule.
public enum ExplainRenderer {
    public static func text(_ explained: QueryExplanation) -> TerminalText {
        let (rule, plan) = (explained.rule, explained.plan)
        var out: TerminalText = "\(rule.file): \(rule.rule.name) (\(rule.rule.action.rawValue))\n"
        out += "  match:   \(rule.rule.match.normalised)\n"
        for item in rule.guards { out += "  guard:   \(item.label(for: rule.file))\n" }
        for keep in rule.keepRules { out += "  keep:    \(keep.name) (\(keep.file))\n" }
        if let limit = rule.rule.limit {
            out += "  limit:   \([limit.count.map { "count \($0)" }, limit.percent.map { "percent \($0)" }].compactMap { $0 }.joined(separator: ", "))\n"
        }
        // The SQL is the registry's own text (values are bound, never in it): its line breaks stay.
        out += "  sql:     \(own: rule.query.sql)\n"
        let values = rule.query.arguments.enumerated().map { argument in "?\(argument.offset + 1)=\(argument.element)" }
        out += "  values:  \(values.isEmpty ? "(none)" : values.joined(separator: ", "))\n"
        out += "  plan:\n" + plan.map { "    \($0)\n" as TerminalText }.joined()
        if let result = explained.evaluation {
            let seconds = explained.seconds
            out += "  result:  \(result.matched.count) matched, \(result.net.count) net"
            out += ", \(result.userKept.count) kept by user, \(result.protected.reduce(0) { $0 + $1.ids.count }) protected"
            out += ", \(result.keptByRules.reduce(0) { $0 + $1.ids.count }) kept by rules"
            if let limit = result.limit { out += limit.tripped ? ", LIMIT TRIPPED (\(limit.actual) > \(limit.allowed))" : ", limit ok" }
            out += "\(own: String(format: " in %.1f ms\n", seconds * 1000))"
        }
        return out + "\n"
    }

    public static func json(_ explained: QueryExplanation) -> JSONValue {
        let (rule, plan, setup) = (explained.rule, explained.plan, explained.setup)
        var fields: [(String, JSONValue)] = [
            ("rule_file", .string(rule.file)),
            ("rule", .string(rule.rule.name)),
            ("action", .string(rule.rule.action.rawValue)),
            ("match", .string(rule.rule.match.normalised)),
            ("guards", .array(rule.guards.map { .string($0.label(for: rule.file)) })),
            ("sql", .string(rule.query.sql)),
            ("arguments", .array(rule.query.arguments.map(JSONValue.init))),
            ("plan", .array(plan.map { .string($0) })),
        ]
        if !setup.isEmpty {
            fields.append(("setup", .array(setup.map { statement in
                .object([("sql", .string(statement.sql)), ("arguments", .array(statement.arguments.map(JSONValue.init)))])
            })))
        }
        if let result = explained.evaluation {
            let seconds = explained.seconds
            var summary: [(String, JSONValue)] = [
                ("matched", .integer(Int64(result.matched.count))),
                ("net", .integer(Int64(result.net.count))),
                ("net_bytes", .integer(result.netBytes)),
                ("kept_by_you", .integer(Int64(result.userKept.count))),
                ("protected", .integer(Int64(result.protected.reduce(0) { $0 + $1.ids.count }))),
                ("kept_by_rules", .integer(Int64(result.keptByRules.reduce(0) { $0 + $1.ids.count }))),
                ("seconds", .number(seconds)),
            ]
            if let limit = result.limit {
                summary.append(("limit", .object([("allowed", .integer(Int64(limit.allowed))),
                                                  ("actual", .integer(Int64(limit.actual))),
                                                  ("tripped", .bool(limit.tripped))])))
            }
            fields.append(("evaluation", .object(summary)))
        }
        return .object(fields)
    }
}
