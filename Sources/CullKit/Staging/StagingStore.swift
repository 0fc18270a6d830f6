import Foundation

/// The staging rows (table `reviews`): staging (`trashed`), keeping (`kept`) and unstaging. Nothing on disk changes.
public struct StagingStore {
    let db: Database

    public init(db: Database) { self.db = db }

    /// What one `stage` call did.
    public struct StageResult: Sendable, Equatable {
        /// Rows written per rule, in request order.
        public var stagedByRule: [(rule: String, count: Int)] = []
        /// Twins sent back to unstaged because their keeper was staged (``Plan/twinsUnstaged``).
        public var unstaged = 0
        public var total: Int { stagedByRule.reduce(0) { $0 + $1.count } }

        public static func == (lhs: Self, rhs: Self) -> Bool {
            lhs.stagedByRule.map(\.rule) == rhs.stagedByRule.map(\.rule) && lhs.stagedByRule.map(\.count) == rhs.stagedByRule.map(\.count)
        }
    }

    /// Stages the requests in one transaction: a `trashed` row for each selected asset that has
    /// no review row yet. Idempotent (an already staged asset keeps its first rule and time) and
    /// never over a `kept` row. When a limit trips, nothing is staged and `StagingError.limitTripped`
    /// is thrown.
    @discardableResult
    public func stage(_ requests: [StageRequest], runID: String, at time: Int64 = Int64(Date().timeIntervalSince1970)) throws -> StageResult {
        try stage(PlanBuilder(db: db).build(requests), runID: runID, at: time)
    }

    /// Stages what `plan` says it would add, in one transaction; nothing when a limit trips.
    @discardableResult
    public func stage(_ plan: Plan, runID: String, at time: Int64 = Int64(Date().timeIntervalSince1970)) throws -> StageResult {
        if let tripped = plan.rules.first(where: \.limitTripped), let limit = tripped.limit {
            throw StagingError.limitTripped(rule: tripped.rule, ruleFile: tripped.ruleFile, wouldStage: tripped.selected, limit: limit)
        }
        if let ceiling = plan.ceiling, ceiling.tripped {
            throw StagingError.ceilingTripped(wouldStage: ceiling.staged, allowed: ceiling.allowed, percent: ceiling.percent)
        }
        return try db.transaction {
            var result = StageResult()
            let insert = try db.cached("""
                INSERT INTO reviews (asset_id, status, rule, rule_file, run_id, at, live_pair_of, keeper_id)
                SELECT id, ?, ?, ?, ?, ?, ?, ? FROM assets WHERE id = ? ON CONFLICT (asset_id) DO NOTHING
                """)
            for rule in plan.rules {
                var count = 0
                let keeperOf = rule.keeperOf
                for id in rule.netNewIDs {
                    try insert.execute([StagingStatus.trashed.sql, .text(rule.rule), rule.ruleFile.isEmpty ? .null : .text(rule.ruleFile), .text(runID), .integer(time),
                                        rule.livePairOf[id].sqlValue, keeperOf[id].sqlValue, .integer(id)])
                    count += db.changes
                }
                result.stagedByRule.append((rule.rule, count))
            }
            // A twin leaves only while its keeper stays: with the keeper staged and no copy to stand
            // in, it is unstaged; one a plain rule matched leaves on that rule's word instead.
            let unstage = try db.cached("DELETE FROM reviews WHERE asset_id = ? AND status = ?")
            for twin in plan.twinsUnstaged {
                try unstage.execute([.integer(twin.id), StagingStatus.trashed.sql])
                result.unstaged += db.changes
            }
            let decide = try db.cached("UPDATE reviews SET keeper_id = NULL WHERE asset_id = ? AND status = ?")
            for id in plan.twinsDecided { try decide.execute([.integer(id), StagingStatus.trashed.sql]) }
            return result
        }
    }

    /// Marks assets kept (overwriting a staged row); no rule stages them again. Returns rows written.
    @discardableResult
    public func keep(assetIDs: [Int64], at time: Int64 = Int64(Date().timeIntervalSince1970)) throws -> Int {
        try db.transaction {
            var count = 0
            let upsert = try db.cached("""
                INSERT INTO reviews (asset_id, status, rule, rule_file, run_id, at) VALUES (?1, ?3, NULL, NULL, NULL, ?2)
                ON CONFLICT (asset_id) DO UPDATE SET status = excluded.status, rule = NULL, rule_file = NULL, run_id = NULL,
                    live_pair_of = NULL, at = excluded.at
                """)
            for id in assetIDs {
                try upsert.execute([.integer(id), .integer(time), StagingStatus.kept.sql])
                count += db.changes
            }
            return count
        }
    }

    /// Which staged rows `restore` removes.
    public enum Selection: Sendable {
        case assets([Int64])
        case rule(String)
        case all
    }

    /// Unstages: deletes `trashed` rows. Named assets also lose a `kept` row (the user names them:
    /// they are back to never reviewed, so rules may stage them again); `--rule` and `--all` never
    /// touch keeps. Returns how many rows were removed.
    @discardableResult
    public func restore(_ selection: Selection) throws -> Int {
        try db.transaction {
            switch selection {
            case .all:
                try db.execute("DELETE FROM reviews WHERE status = ?", [StagingStatus.trashed.sql])
                return db.changes
            case let .rule(rule):
                try db.execute("DELETE FROM reviews WHERE status = ?2 AND rule = ?1", [.text(rule), StagingStatus.trashed.sql])
                return db.changes
            case let .assets(ids):
                var count = 0
                for id in ids {
                    try db.execute("DELETE FROM reviews WHERE asset_id = ?", [.integer(id)])
                    count += db.changes
                }
                return count
            }
        }
    }

    /// The review status of one asset.
    public func status(of assetID: Int64) throws -> StagingStatus {
        StagingStatus(stored: try db.scalar("SELECT status FROM reviews WHERE asset_id = ?", [.integer(assetID)])?.string)
    }

    /// The asset id at a library-relative path, or nil when it is not indexed.
    public func assetID(path: [UInt8]) throws -> Int64? {
        try db.scalar("SELECT id FROM assets WHERE path = ?", [PathBytes.sqlValue(path)])?.int64
    }
}
