extension ReviewScope {
    /// The review of `plan`, with the names its reasons quote ("duplicate of …") read from the
    /// index: what `cull review RULES`, `cull plan --preview` and the terminal deck show.
    public static func planned(_ plan: Plan, db: Database) throws -> ReviewScope {
        let quoted = plan.rules.flatMap { $0.groups.flatMap { $0.members.map(\.id) } + $0.livePairOf.values }
        return ReviewScope(plan: plan, names: try ReviewModel.names(db, ids: quoted), measured: try measured(plan, db: db),
                           turned: try turned(plan, db: db))
    }

    /// For each file a rule stages on what Cull measured, what was measured ("text: 48 words, a
    /// document"), as `--explain` says it; the rule's first match of a file is the one shown.
    static func measured(_ plan: Plan, db: Database) throws -> [Int64: String] {
        var measured: [Int64: String] = [:]
        for line in plan.rules where !line.measured.isEmpty {
            let grouped = Set(line.groups.flatMap { $0.members.map(\.id) })
            for id in line.netNewIDs where measured[id] == nil && !grouped.contains(id) && line.livePairOf[id] == nil {
                measured[id] = try line.measured.map { try $0.line(db: db, assetID: id).trimmingPrefix("  ") }.joined(separator: "; ")
            }
        }
        return measured
    }

    /// For each member of a similar or same-picture group that is its keeper turned or mirrored, which way.
    static func turned(_ plan: Plan, db: Database) throws -> [Int64: String] {
        var turned: [Int64: String] = [:]
        for line in plan.rules {
            for outcome in line.groups {
                guard let distance = outcome.group.spec.turnedDistance, let keeper = outcome.keeper?.id else { continue }
                for found in try SimilarGroups.turnedMembers(db, of: outcome.members.map(\.id), distance: distance)
                where found.from == keeper && turned[found.id] == nil {
                    turned[found.id] = "its keeper \(found.turn)"
                }
            }
        }
        return turned
    }
}
