/// Renders a staging ``Plan`` as text, JSON or paths.
public enum PlanRenderer {
    public static func text(_ plan: Plan, terminal: Terminal) -> String {
        var lines: [String] = []
        for rule in plan.rules {
            var line = terminal.styled(rule.rule, "1") + " (\(rule.ruleFile)): matched \(rule.matched), "
            line += "new \(rule.netNew.count) (\(ByteCount.format(rule.netNew.bytes)))"
            var notes: [String] = []
            if rule.alreadyStaged > 0 { notes.append("\(rule.alreadyStaged) already staged") }
            if rule.protected > 0 { notes.append("\(rule.protected) protected") }
            if rule.keptByUser > 0 { notes.append("\(rule.keptByUser) kept by you") }
            if !notes.isEmpty { line += "; " + notes.joined(separator: ", ") }
            if rule.limitTripped, let limit = rule.limit { line += terminal.styled("; LIMIT \(limit) TRIPPED", "31") }
            lines.append(line)
            for path in rule.samplePaths { lines.append("    " + PathBytes.display(path)) }
            if rule.netNew.count > rule.samplePaths.count {
                lines.append("    … and \(rule.netNew.count - rule.samplePaths.count) more")
            }
        }
        lines.append("total: \(plan.netNew.count) new (\(ByteCount.format(plan.netNew.bytes))), "
                     + "\(plan.stagedBefore.count) staged already (\(ByteCount.format(plan.stagedBefore.bytes)))")
        lines.append("fingerprint: \(plan.fingerprint)")
        return lines.joined(separator: "\n") + "\n"
    }

    public static func json(_ plan: Plan) -> String {
        let rules = plan.rules.map { rule in
            "{\"rule\":\(JSONText.quote(rule.rule)),\"rule_file\":\(JSONText.quote(rule.ruleFile)),"
                + "\"matched\":\(rule.matched),\"already_staged\":\(rule.alreadyStaged),\"protected\":\(rule.protected),"
                + "\"kept_by_user\":\(rule.keptByUser),\"new\":\(rule.netNew.count),\"new_bytes\":\(rule.netNew.bytes),"
                + "\"limit\":\(rule.limit.map(String.init) ?? "null"),\"limit_tripped\":\(rule.limitTripped),"
                + "\"samples\":[" + rule.samplePaths.map { JSONText.quote(PathBytes.display($0)) }.joined(separator: ",") + "]}"
        }
        return "{\"rules\":[" + rules.joined(separator: ",") + "],\"new\":\(plan.netNew.count),\"new_bytes\":\(plan.netNew.bytes),"
            + "\"staged_before\":\(plan.stagedBefore.count),\"staged_before_bytes\":\(plan.stagedBefore.bytes),"
            + "\"fingerprint\":\(JSONText.quote(plan.fingerprint))}\n"
    }

    /// Every path staging would add (all rules, not only the samples), for `--format paths`.
    public static func netNewPaths(_ plan: Plan, db: Database) throws -> [[UInt8]] {
        try StagedSet.assets(db, ids: plan.rules.flatMap(\.netNewIDs)).map(\.path)
    }
}
