import Foundation

/// Renders a staging ``Plan`` as text, JSON or paths.
public enum PlanRenderer {
    /// Per rule: counts, bytes, what was left out and why, sample paths; then totals and the fingerprint.
    /// `now` (epoch seconds) dates what earlier runs staged.
    public static func text(_ plan: Plan, terminal: Terminal, now: Int64 = Int64(Date().timeIntervalSince1970)) -> String {
        var lines: [String] = []
        for rule in plan.rules {
            var line = terminal.styled(rule.rule, "1") + (rule.ruleFile.isEmpty ? "" : " (\(rule.ruleFile))") + ": matched \(rule.matched), "
            line += "new " + terminal.styled("\(rule.netNew.count)", "1") + " (\(ByteCount.format(rule.netNew.bytes)))"
            if !rule.livePairOf.isEmpty { line += ", with \(TrashRenderer.count(rule.livePairOf.count, "Live Photo half")) of its matches" }
            if rule.stagedEarlier > 0 {
                line += ", \(rule.stagedEarlier) staged by an earlier run" + (rule.stagedEarlierAt.map { " (\(when($0, now: now)))" } ?? "")
            }
            if rule.claimedEarlier > 0 { line += ", \(rule.claimedEarlier) taken by an earlier rule of this plan" }
            if rule.limitTripped, let limit = rule.limit {
                line += terminal.styled("  LIMIT TRIPPED: selects \(rule.selected), limit \(limit)", "31;1")
            }
            lines.append(line)
            for exclusion in rule.excluded {
                lines.append("    " + terminal.styled("spared \(exclusion.count)", "32") + ": \(exclusion.reason)")
            }
            lines += GroupRenderer.text(rule.groups, terminal: terminal)
            for path in rule.samplePaths where rule.groups.isEmpty { lines.append("    " + PathBytes.display(path)) }
            if rule.groups.isEmpty && rule.netNew.count > rule.samplePaths.count {
                lines.append("    … and \(rule.netNew.count - rule.samplePaths.count) more")
            }
        }
        if let ceiling = plan.ceiling, ceiling.tripped {
            lines.append(terminal.styled("CEILING TRIPPED: the trash would hold \(ceiling.staged) assets; "
                                         + "at most \(ceiling.allowed) (\(ceiling.percent)% of \(ceiling.libraryCount))", "31;1"))
        }
        lines.append("total: " + terminal.styled("\(plan.netNew.count) new", "1") + " (\(ByteCount.format(plan.netNew.bytes))), "
                     + "\(plan.stagedBefore.count) staged already (\(ByteCount.format(plan.stagedBefore.bytes)))")
        let companions = plan.companions
        if !companions.travelling.isEmpty {
            lines.append("companions: \(TrashRenderer.count(companions.travelling.count, "sidecar")) (\(ByteCount.format(companions.bytes))) "
                         + "would travel with them")
            for companion in companions.travelling.prefix(20) {
                lines.append("    \(ByteCount.format(companion.size))  \(PathBytes.display(companion.path))  (with \(PathBytes.display(companion.owner)))")
            }
            if companions.travelling.count > 20 { lines.append("    … and \(companions.travelling.count - 20) more") }
        }
        lines += TrashRenderer.staying(companions)
        lines.append("fingerprint: \(plan.fingerprint)")
        return lines.joined(separator: "\n") + "\n"
    }

    /// One JSON object: rules (with exclusions by reason and samples), totals, ceiling, fingerprint.
    public static func json(_ plan: Plan) -> String {
        let rules: [JSONValue] = plan.rules.map { rule in
            .object([
                ("rule", .string(rule.rule)),
                ("rule_file", rule.ruleFile.isEmpty ? .null : .string(rule.ruleFile)),
                ("matched", .integer(Int64(rule.matched))),
                ("already_staged", .integer(Int64(rule.alreadyStaged))),
                ("staged_earlier", .integer(Int64(rule.stagedEarlier))),
                ("claimed_earlier", .integer(Int64(rule.claimedEarlier))),
                ("excluded", .array(rule.excluded.map { .object([("reason", .string($0.reason.description)), ("count", .integer(Int64($0.count)))]) })),
                ("new", .integer(Int64(rule.netNew.count))),
                ("new_bytes", .integer(rule.netNew.bytes)),
                ("live_halves", .integer(Int64(rule.livePairOf.count))),
                ("limit", rule.limit.map { .integer(Int64($0)) } ?? .null),
                ("limit_tripped", .bool(rule.limitTripped)),
                ("samples", .array(rule.samplePaths.map(JSONValue.path))),
                ("groups", GroupRenderer.json(rule.groups)),
            ])
        }
        var fields: [(String, JSONValue)] = [
            ("rules", .array(rules)),
            ("new", .integer(Int64(plan.netNew.count))),
            ("new_bytes", .integer(plan.netNew.bytes)),
            ("staged_before", .integer(Int64(plan.stagedBefore.count))),
            ("staged_before_bytes", .integer(plan.stagedBefore.bytes)),
            ("limit_tripped", .bool(plan.limitTripped)),
            ("fingerprint", .string(plan.fingerprint)),
            ("companions", .array(plan.companions.travelling.map(TrashRenderer.json))),
            ("companion_bytes", .integer(plan.companions.bytes)),
            ("companions_staying", .array(plan.companions.staying.map(TrashRenderer.json))),
        ]
        if let ceiling = plan.ceiling {
            fields.append(("ceiling", .object([
                ("percent", .number(ceiling.percent)), ("allowed", .integer(Int64(ceiling.allowed))),
                ("staged", .integer(Int64(ceiling.staged))), ("tripped", .bool(ceiling.tripped)),
            ])))
        }
        return JSONValue.object(fields).rendered(pretty: false) + "\n"
    }

    /// Every path staging would add (all rules, not only the samples), for `--format paths`.
    public static func netNewPaths(_ plan: Plan, db: Database) throws -> [[UInt8]] {
        try StagedSet.assets(db, ids: plan.rules.flatMap(\.netNewIDs)).map(\.path)
    }

    /// `3 days ago`, or `2 weeks ago to 3 days ago` for a range of staging times.
    static func when(_ range: ClosedRange<Int64>, now: Int64) -> String {
        let oldest = English.ago(max(0, now - range.lowerBound)), newest = English.ago(max(0, now - range.upperBound))
        return oldest == newest ? oldest : oldest + " to " + newest
    }
}
