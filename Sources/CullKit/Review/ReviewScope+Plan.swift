extension ReviewScope {
    /// The review of `plan`, with the names its reasons quote ("duplicate of …") read from the
    /// index: what `cull review RULES`, `cull plan --preview` and the terminal deck show.
    public static func planned(_ plan: Plan, db: Database) throws -> ReviewScope {
        let quoted = plan.rules.flatMap { $0.groups.flatMap { $0.members.map(\.id) } + $0.livePairOf.values }
        return ReviewScope(plan: plan, names: try ReviewModel.names(db, ids: quoted))
    }
}
