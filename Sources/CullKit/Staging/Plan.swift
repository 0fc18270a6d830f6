/// The dry run of staging: per rule what it matched and what staging would add, with totals
/// and the fingerprint the staged set would then have. Built from id sets, so it does not depend
/// on how rules are evaluated; `cull plan` and `cull stage` build it from the evaluator's output.
public struct Plan: Sendable {
    /// One rule's line of the plan.
    public struct RuleLine: Sendable {
        public let rule: String
        public let ruleFile: String
        /// Assets the rule matched.
        public let matched: Int
        /// Matched but staged already (by this or an earlier run, or an earlier rule of this plan).
        public let alreadyStaged: Int
        /// Matched but shielded by a `protect:` guard.
        public let protected: Int
        /// Matched but marked kept by the user.
        public let keptByUser: Int
        /// What staging would add.
        public let netNewIDs: [Int64]
        public let netNewBytes: Int64
        /// A few of the net-new paths (library-relative bytes), for the reader.
        public let samplePaths: [[UInt8]]
        public let limit: Int?

        public var netNew: (count: Int, bytes: Int64) { (netNewIDs.count, netNewBytes) }
        /// True when staging would exceed the rule's limit: the whole run stages nothing.
        public var limitTripped: Bool { limit.map { netNewIDs.count > $0 } ?? false }
    }

    public let rules: [RuleLine]
    /// What is staged before this plan.
    public let stagedBefore: (count: Int, bytes: Int64)
    /// What staging would add, over all rules.
    public let netNew: (count: Int, bytes: Int64)
    /// Fingerprint of the staged set after staging: what `cull commit --fingerprint` would then accept.
    public let fingerprint: String
    /// True when any rule's limit trips.
    public var limitTripped: Bool { rules.contains(where: \.limitTripped) }
}

/// Builds a ``Plan`` from ``StageRequest``s against the current review state.
public struct PlanBuilder {
    let db: Database
    let sampleCount: Int

    public init(db: Database, sampleCount: Int = 5) {
        self.db = db
        self.sampleCount = sampleCount
    }

    public func build(_ requests: [StageRequest]) throws -> Plan {
        var status: [Int64: ReviewStatus] = [:]
        try db.forEachRow("SELECT asset_id, status FROM reviews") { row in
            status[row.int64(0)] = ReviewStatus(stored: row.string(1))
        }
        let stagedNow = try StagedSet.load(db)
        var claimed = Set(stagedNow.map(\.id))
        var lines: [Plan.RuleLine] = []
        var added: [StagedAsset] = []
        for request in requests {
            var already = 0, protected = 0, kept = 0
            var fresh: [Int64] = []
            for id in request.assetIDs {
                if claimed.contains(id) { already += 1; continue }
                switch status[id] ?? .new {
                case .trashed: already += 1; continue
                case .kept: kept += 1; continue
                case .new: break
                }
                if request.protectedIDs.contains(id) { protected += 1; continue }
                claimed.insert(id)
                fresh.append(id)
            }
            let assets = try StagedSet.assets(db, ids: fresh)
            added += assets
            lines.append(Plan.RuleLine(
                rule: request.rule, ruleFile: request.ruleFile, matched: request.assetIDs.count, alreadyStaged: already,
                protected: protected, keptByUser: kept, netNewIDs: assets.map(\.id),
                netNewBytes: assets.reduce(0) { $0 + $1.size }, samplePaths: assets.prefix(sampleCount).map(\.path),
                limit: request.limit))
        }
        return Plan(rules: lines,
                    stagedBefore: (stagedNow.count, stagedNow.reduce(0) { $0 + $1.size }),
                    netNew: (added.count, added.reduce(0) { $0 + $1.size }),
                    fingerprint: Fingerprint.of(stagedNow + added))
    }
}
