/// The groups that twins staged by earlier runs still hold on to: each recorded keeper with the
/// twins staged against it and, for twins byte-identical to it, every current copy of their content
/// (the copies the commit lets stand in for a keeper staged since). A run reads them whatever its rules are, so
/// a group rule never stages what the commit needs to let those twins go: the plan and the commit
/// judge a twin by the same keepers. A plain rule decides each file it matches on its own: what it
/// takes is no twin (its keeper record is dropped), and a keeper it takes sends its twins back to
/// unstaged unless a copy stands in (``PlanBuilder``).
struct StagedTwins {
    /// One recorded keeper, the twins staged against it, and the other current copies of their content.
    struct Set: Sendable {
        let keeper: Int64
        let twins: [Int64]
        let standIns: [Int64]

        /// The keeper first, then twins and copies: the members of which one must stay.
        var members: [Int64] { [keeper] + twins + standIns }
    }

    let sets: [Set]

    /// Each staged twin → the keeper it was staged against.
    var keeperOf: [Int64: Int64] {
        var result: [Int64: Int64] = [:]
        for set in sets { for twin in set.twins { result[twin] = set.keeper } }
        return result
    }

    static func load(_ db: Database) throws -> StagedTwins {
        var twins: [Int64: Swift.Set<Int64>] = [:]
        try db.forEachRow("""
            SELECT r.keeper_id, r.asset_id FROM reviews r JOIN assets k ON k.id = r.keeper_id
            WHERE r.status = ? AND r.keeper_id IS NOT NULL
            """, [StagingStatus.trashed.sql], Columns.self) { row, column in
            twins[row.int64(column.keeper), default: []].insert(row.int64(column.asset))
        }
        guard !twins.isEmpty else { return StagedTwins(sets: []) }
        // The stand-ins, as ``TwinCheck`` finds them: for a twin byte-identical to its keeper (only
        // those), the same current content on another inode.
        var standIns: [Int64: Swift.Set<Int64>] = [:]
        try db.forEachRow("""
            SELECT r.keeper_id, s.asset_id FROM reviews r
            JOIN hashes t ON t.asset_id = r.asset_id JOIN assets ta ON ta.id = t.asset_id
            JOIN hashes k ON k.asset_id = r.keeper_id AND k.full = t.full AND k.size = t.size
            JOIN hashes s ON s.full = t.full AND s.size = t.size JOIN assets a ON a.id = s.asset_id
            WHERE r.status = ? AND r.keeper_id IS NOT NULL AND t.full IS NOT NULL
              AND (a.device, a.inode) <> (ta.device, ta.inode)
              AND \(CachedRow.isCurrent("s", for: "a")) AND \(CachedRow.isCurrent("t", for: "ta"))
            """, [StagingStatus.trashed.sql], Columns.self) { row, column in
            standIns[row.int64(column.keeper), default: []].insert(row.int64(column.asset))
        }
        return StagedTwins(sets: twins.keys.sorted().map { keeper in
            let own = twins[keeper]!.subtracting([keeper])
            return Set(keeper: keeper, twins: own.sorted(),
                       standIns: (standIns[keeper] ?? []).subtracting(own).subtracting([keeper]).sorted())
        })
    }

    /// Both reads select a keeper and an asset held by its set.
    private struct Columns: RowColumns {
        let keeper, asset: Row.Column

        init(_ row: Row) { (keeper, asset) = (row.index("keeper_id"), row.index("asset_id")) }
    }
}
