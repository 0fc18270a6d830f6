/// `cull plan --explain PATH`: which rules matched one asset, and why it is or is not staged.
public enum AssetExplanation {
    /// `failing` gives the top-level clauses a rule's match fails for the asset, with what the file
    /// measured (see ``RuleEvaluator/failingExplained(of:assetID:)``), so "no match" says which and by how much.
    public static func text(assetID: Int64, path: String, status: StagingStatus, plan: Plan,
                            evaluations: [RuleEvaluation], terminal: Console,
                            failing: (Rule) -> [String] = { _ in [] }) -> TerminalText {
        var lines: [TerminalText] = [terminal.styled(path, "1") + "  (status: \(status.rawValue))"]
        var stagedBy: String?
        for evaluation in evaluations {
            let name = "\(evaluation.rule.name) (\(evaluation.file))"
            guard evaluation.matched.contains(assetID) else {
                let clauses = failing(evaluation.rule)
                lines.append("  \(name): no match" + (clauses.isEmpty ? "" : ": fails \(clauses.joined(separator: "; "))"))
                continue
            }
            if evaluation.rule.action == .keep {
                let keeps = evaluation.net.contains(assetID)
                lines.append("  \(name): matched; keep rule" + (keeps ? " — keeps it from every trash rule" : ""))
                continue
            }
            if evaluation.userKept.contains(assetID) {
                lines.append("  \(name): matched, not staged: you marked it kept")
            } else if let guardClause = evaluation.protected.first(where: { $0.ids.contains(assetID) }) {
                lines.append("  \(name): matched, not staged: protected by \(guardClause.protect.label(for: evaluation.file))")
            } else if let keeper = evaluation.keptByRules.first(where: { $0.ids.contains(assetID) }) {
                lines.append("  \(name): matched, not staged: kept by rule \(keeper.rule) (\(keeper.file))")
            } else if status == .trashed {
                lines.append("  \(name): matched; already staged")
            } else if stagedBy == nil, plan.rules.contains(where: { $0.rule == evaluation.rule.name && $0.ruleFile == evaluation.file && $0.netNewIDs.contains(assetID) }) {
                stagedBy = name
                lines.append("  \(name): " + terminal.styled("matched; would be staged", "33"))
            } else if let group = plan.rules.first(where: { $0.rule == evaluation.rule.name && $0.ruleFile == evaluation.file })?
                        .groups.first(where: { $0.keeper?.id == assetID }) {
                lines.append("  \(name): matched, not staged: the keeper of its \(group.group.spec.noun) (\(group.decidedBy))")
            } else if let reason = plan.rules.first(where: { $0.rule == evaluation.rule.name && $0.ruleFile == evaluation.file })?.reasonOf[assetID] {
                lines.append("  \(name): matched, not staged by it: \(reason)")
            } else {
                lines.append("  \(name): matched; not staged by it")
            }
        }
        for line in plan.rules {
            guard let group = line.groups.first(where: { $0.members.contains { $0.id == assetID } }) else { continue }
            let keeper = group.keeper.map { TerminalText(path: $0.path) } ?? "none"
            let others = group.members.filter { $0.id != assetID }.map { TerminalText(path: $0.path) }
            lines.append("  \(group.group.spec.noun) \(group.group.displayKey) of \(line.rule) (\(line.ruleFile)), with "
                         + others.joined(separator: ", ") + ": keeper \(keeper) (\(group.decidedBy))"
                         + (group.keeper?.id == assetID ? " — this file" : ""))
        }
        for group in plan.brackets where group.members.contains(where: { $0.id == assetID }) {
            let others = group.members.filter { $0.id != assetID }.map { TerminalText(path: $0.path) }
            lines.append("  \(group.spec.noun) \(group.key), with " + others.joined(separator: ", ")
                         + ": one intention; no burst or similar group holds two of its frames")
        }
        if let line = plan.rules.first(where: { $0.livePairOf[assetID] != nil }) {
            stagedBy = stagedBy ?? line.rule
            lines.append("  " + terminal.styled("would be staged with its Live Photo pair, which \(line.rule) (\(line.ruleFile)) matched", "33"))
        }
        if plan.limitTripped && stagedBy != nil {
            lines.append("  but a limit trips, so this run stages nothing")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
