/// The groups that twins staged by earlier runs still hold on to: each recorded keeper with the
/// twins staged against it and, for twins byte-identical to it, every current copy of their content
/// (the copies the commit lets stand in for a keeper staged since). A run reads them whatever its rules are, so
/// a plain rule (or a later group rule) never stages what the commit needs to let those twins go:
/// the plan and the commit judge a twin by the same keepers.
enum StagedTwins {
    /// One recorded keeper's set: the keeper first, then twins and copies (ids, no order promised).
    static func sets(_ db: Database) throws -> [[Int64]] {
        var members: [Int64: Set<Int64>] = [:]
        try db.forEachRow("""
            SELECT r.keeper_id, r.asset_id FROM reviews r JOIN assets k ON k.id = r.keeper_id
            WHERE r.status = ? AND r.keeper_id IS NOT NULL
            """, [ReviewStatus.trashed.sql], Columns.self) { row, column in
            members[row.int64(column.keeper), default: []].insert(row.int64(column.asset))
        }
        guard !members.isEmpty else { return [] }
        // The stand-ins, as ``TwinCheck`` finds them: for a twin byte-identical to its keeper (only
        // those), the same current content on another inode.
        try db.forEachRow("""
            SELECT r.keeper_id, s.asset_id FROM reviews r
            JOIN hashes t ON t.asset_id = r.asset_id JOIN assets ta ON ta.id = t.asset_id
            JOIN hashes k ON k.asset_id = r.keeper_id AND k.full = t.full AND k.size = t.size
            JOIN hashes s ON s.full = t.full AND s.size = t.size JOIN assets a ON a.id = s.asset_id
            WHERE r.status = ? AND r.keeper_id IS NOT NULL AND t.full IS NOT NULL
              AND (a.device, a.inode) <> (ta.device, ta.inode)
              AND \(CachedRow.isCurrent("s", for: "a")) AND \(CachedRow.isCurrent("t", for: "ta"))
            """, [ReviewStatus.trashed.sql], Columns.self) { row, column in members[row.int64(column.keeper)]?.insert(row.int64(column.asset)) }
        return members.keys.sorted().map { keeper in [keeper] + members[keeper]!.subtracting([keeper]).sorted() }
    }

    /// Both reads select a keeper and an asset held by its set.
    private struct Columns: RowColumns {
        let keeper, asset: Row.Column

        init(_ row: Row) { (keeper, asset) = (row.index("keeper_id"), row.index("asset_id")) }
    }
}
