import Foundation

/// Renders a staging ``Plan`` as text, JSON or paths.
public enum PlanRenderer {
    /// Per rule: counts, bytes, what was left out and why, sample paths; then totals and the fingerprint.
    /// `now` (epoch seconds) dates what earlier runs staged.
    public static func text(_ plan: Plan, terminal: Console, now: Int64 = Int64(Date().timeIntervalSince1970)) -> TerminalText {
        var lines: [TerminalText] = []
        for rule in plan.rules {
            var line = terminal.styled(rule.rule, "1") + (rule.ruleFile.isEmpty ? "" : " (\(rule.ruleFile))") + ": matched \(rule.matched), "
            line += "new " + terminal.styled("\(rule.netNew.count)", "1") + " (\(ByteCount.format(rule.netNew.bytes)))"
            if !rule.livePairOf.isEmpty { line += ", with \(TrashRenderer.count(rule.livePairOf.count, "Live Photo half")) of its matches" }
            if rule.stagedEarlier > 0 {
                line += ", \(rule.stagedEarlier) staged by an earlier run" + (rule.stagedEarlierAt.map { " (\(when($0, now: now)))" } ?? "")
            }
            if rule.claimedEarlier > 0 { line += ", \(rule.claimedEarlier) taken by an earlier rule of this plan" }
            if rule.limitTripped, let limit = rule.limit {
                line += terminal.styled("  LIMIT TRIPPED: would stage \(rule.selected) new, limit \(limit)", "31;1")
            }
            lines.append(line)
            if rule.limitTripped {
                lines.append("    see them with --preview or --format paths; if they are meant to go, "
                             + "--lift-limit \(rule.rule) lifts the limit for this run (or raise limit: in its rule file)")
            }
            for exclusion in rule.excluded {
                lines.append("    " + terminal.styled("spared \(exclusion.count)", "32") + ": \(exclusion.reason)")
            }
            lines += GroupRenderer.text(rule.groups, terminal: terminal)
            for path in rule.samplePaths where rule.groups.isEmpty { lines.append("    \(path: path)") }
            if rule.groups.isEmpty && rule.netNew.count > rule.samplePaths.count {
                lines.append("    … and \(rule.netNew.count - rule.samplePaths.count) more (--format paths lists them all)")
            }
        }
        if let ceiling = plan.ceiling, ceiling.tripped {
            lines.append(terminal.styled("CEILING TRIPPED: the trash would hold \(ceiling.staged) assets; "
                                         + "at most \(ceiling.allowed) (\(ceiling.percent)% of \(ceiling.libraryCount))", "31;1"))
            lines.append("    see them with --preview or --format paths; if they are meant to go, --ceiling PERCENT raises it for this run")
        }
        lines += everyCopy(plan, terminal: terminal)
        lines += brackets(plan)
        lines.append("total: " + terminal.styled("\(plan.netNew.count) new", "1") + " (\(ByteCount.format(plan.netNew.bytes))), "
                     + "\(plan.stagedBefore.count) staged already (\(ByteCount.format(plan.stagedBefore.bytes)))")
        let companions = plan.companions
        if !companions.travelling.isEmpty {
            lines.append("companions: \(TrashRenderer.count(companions.travelling.count, "sidecar")) (\(ByteCount.format(companions.bytes))) "
                         + "would travel with them")
            for companion in companions.travelling.prefix(20) {
                lines.append("    \(ByteCount.format(companion.size))  \(path: companion.path)  (with \(path: companion.owner))")
            }
            if companions.travelling.count > 20 { lines.append("    … and \(companions.travelling.count - 20) more (--format json lists them all)") }
        }
        lines += TrashRenderer.staying(companions)
        lines.append("fingerprint: \(plan.fingerprint)")
        return lines.joined(separator: "\n") + "\n"
    }

    /// What the plan empties (every copy of a picture, both halves of a pair) and the twins it sends
    /// back to unstaged, said before anything leaves: a plain rule takes every copy it matches.
    static func everyCopy(_ plan: Plan, terminal: Console) -> [TerminalText] {
        var lines: [TerminalText] = []
        let shown = 20
        if !plan.everyCopyLeaves.isEmpty {
            lines.append(terminal.styled("every copy leaves", "33;1") + ": "
                         + "\(TrashRenderer.count(plan.everyCopyLeaves.count, "picture")) would have no copy left in the library")
            for group in plan.everyCopyLeaves.prefix(shown) {
                let names = group.paths.prefix(5).map { TerminalText(path: $0) }.joined(separator: ", ")
                lines.append("    \(group.sentence): \(names)" + (group.paths.count > 5 ? ", …" : ""))
            }
            if plan.everyCopyLeaves.count > shown {
                lines.append("    … and \(plan.everyCopyLeaves.count - shown) more (--format json lists them all)")
            }
        }
        for twin in plan.twinsUnstaged.prefix(shown) {
            lines.append("    \(path: twin.path) goes back to unstaged: its keeper \(path: twin.keeperPath) leaves")
        }
        if plan.twinsUnstaged.count > shown { lines.append("    … and \(plan.twinsUnstaged.count - shown) more twins go back to unstaged (--format json lists them all)") }
        return lines
    }

    /// The bracket sets the run's bursts and look-alikes were kept apart by, a few named.
    static func brackets(_ plan: Plan) -> [TerminalText] {
        guard !plan.brackets.isEmpty else { return [] }
        let frames = plan.brackets.reduce(0) { $0 + $1.members.count }
        var lines: [TerminalText] = ["bracket sets: \(TrashRenderer.count(plan.brackets.count, "set")) (\(TrashRenderer.count(frames, "file"))) kept whole: "
                     + "no burst or similar group holds two of a set's frames"]
        for group in plan.brackets.prefix(5) {
            lines.append("    \(group.displayKey): " + group.members.map { TerminalText(path: $0.path) }.joined(separator: ", "))
        }
        if plan.brackets.count > 5 { lines.append("    … and \(plan.brackets.count - 5) more (--format json lists them all)") }
        return lines
    }

    /// One JSON object: rules (with exclusions by reason and samples), totals, ceiling, fingerprint.
    /// Written straight into bytes (see ``ReviewJSON``), in one line: the text a ``JSONValue`` of
    /// the same fields renders to, without building the tree of a plan of thousands of groups.
    public static func json(_ plan: Plan) -> String {
        var out = ReviewJSON(capacity: 4096 + plan.rules.reduce(0) { $0 + $1.groups.count * 320 })
        out.raw("{\"rules\":")
        out.array(plan.rules) { out, rule in
            out.raw("{\"rule\":"); out.string(rule.rule)
            out.raw(",\"rule_file\":")
            if rule.ruleFile.isEmpty { out.raw("null") } else { out.string(rule.ruleFile) }
            out.raw(",\"matched\":"); out.integer(Int64(rule.matched))
            out.raw(",\"already_staged\":"); out.integer(Int64(rule.alreadyStaged))
            out.raw(",\"staged_earlier\":"); out.integer(Int64(rule.stagedEarlier))
            out.raw(",\"claimed_earlier\":"); out.integer(Int64(rule.claimedEarlier))
            out.raw(",\"excluded\":")
            out.array(rule.excluded) { out, exclusion in
                out.raw("{\"reason\":"); out.string(exclusion.reason.description)
                out.raw(",\"count\":"); out.integer(Int64(exclusion.count))
                out.raw("}")
            }
            out.raw(",\"new\":"); out.integer(Int64(rule.netNew.count))
            out.raw(",\"new_bytes\":"); out.integer(rule.netNew.bytes)
            out.raw(",\"live_halves\":"); out.integer(Int64(rule.livePairOf.count))
            out.raw(",\"limit\":")
            if let limit = rule.limit { out.integer(Int64(limit)) } else { out.raw("null") }
            out.raw(",\"limit_tripped\":"); out.bool(rule.limitTripped)
            out.raw(",\"samples\":"); out.array(rule.samplePaths) { $0.path($1) }
            out.raw(",\"groups\":"); GroupRenderer.json(rule.groups, into: &out)
            out.raw("}")
        }
        out.raw(",\"new\":"); out.integer(Int64(plan.netNew.count))
        out.raw(",\"new_bytes\":"); out.integer(plan.netNew.bytes)
        out.raw(",\"staged_before\":"); out.integer(Int64(plan.stagedBefore.count))
        out.raw(",\"staged_before_bytes\":"); out.integer(plan.stagedBefore.bytes)
        out.raw(",\"limit_tripped\":"); out.bool(plan.limitTripped)
        out.raw(",\"fingerprint\":"); out.string(plan.fingerprint)
        out.raw(",\"every_copy_leaves\":")
        out.array(plan.everyCopyLeaves) { out, group in
            out.raw("{\"kind\":"); out.string(group.spec.key)
            out.raw(",\"paths\":"); out.array(group.paths) { $0.path($1) }
            out.raw("}")
        }
        out.raw(",\"brackets\":")
        out.array(plan.brackets) { out, group in
            out.raw("{\"key\":"); out.string(group.key)
            out.raw(",\"paths\":"); out.array(group.members) { $0.path($1.path) }
            out.raw("}")
        }
        out.raw(",\"twins_unstaged\":")
        out.array(plan.twinsUnstaged) { out, twin in
            out.raw("{\"path\":"); out.path(twin.path)
            out.raw(",\"keeper\":"); out.path(twin.keeperPath)
            out.raw("}")
        }
        out.raw(",\"companions\":"); out.array(plan.companions.travelling) { TrashRenderer.json($1).write(into: &$0) }
        out.raw(",\"companion_bytes\":"); out.integer(plan.companions.bytes)
        out.raw(",\"companions_staying\":"); out.array(plan.companions.staying) { TrashRenderer.json($1).write(into: &$0) }
        if let ceiling = plan.ceiling {
            out.raw(",\"ceiling\":{\"percent\":"); out.number(ceiling.percent)
            out.raw(",\"allowed\":"); out.integer(Int64(ceiling.allowed))
            out.raw(",\"staged\":"); out.integer(Int64(ceiling.staged))
            out.raw(",\"tripped\":"); out.bool(ceiling.tripped)
            out.raw("}")
        }
        out.raw("}\n")
        return String(decoding: out.bytes, as: UTF8.self)
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
