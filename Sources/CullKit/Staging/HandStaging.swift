/// Staging by hand, the "delete one" of every photo app (`cull stage --path`, the review page):
/// named assets get the same review row a rule would write, with the rule provenance "by hand",
/// as a plain rule stages its matches: a keep wins, a Live Photo leaves whole (its other half is
/// staged as its own row, or neither when that half is kept), and every copy named is staged (the
/// plan says when every copy of a picture leaves, ``GroupSpec/alwaysLoaded``). No limit or ceiling
/// applies: the user named each file.
public struct HandStaging {
    /// The rule name of rows staged by hand. Rule names are kebab-case, so no rule can have it.
    public static let rule = "by hand"

    public let db: Database
    /// The library root: with it, the content hashes the group guard reads are brought up to date
    /// first (without it, only the hashes already cached count).
    public let root: String?

    public init(db: Database, root: String?) {
        self.db = db
        self.root = root
    }

    /// What staging `assetIDs` would do, as a one-line plan (the rule "by hand", no rule file).
    public func plan(_ assetIDs: [Int64]) throws -> Plan {
        let groups = try GroupSet.load(db, specs: GroupSpec.alwaysLoaded, root: root)
        return try PlanBuilder(db: db, groups: groups.groups.isEmpty ? nil : groups, root: root)
            .build([StageRequest(rule: Self.rule, ruleFile: "", assetIDs: assetIDs)])
    }

    /// Stages `assetIDs` in one transaction; returns the plan it staged and what it wrote.
    public func stage(_ assetIDs: [Int64], runID: String) throws -> (plan: Plan, result: StagingStore.StageResult) {
        let plan = try plan(assetIDs)
        return (plan, try StagingStore(db: db).stage(plan, runID: runID))
    }
}
