extension StagingStore {
    /// The staging state of every asset that has one (an asset without a row is `new`), in one pass
    /// over `reviews`: the plan, the review page and the terminal deck read it whole.
    public func statuses() throws -> [Int64: StagingStatus] {
        try statusesAndStagedTimes().statuses
    }

    /// ``statuses()`` and when each staged asset was staged, in the same one pass: what a plan reads
    /// of `reviews` (the staged set is its trashed rows).
    func statusesAndStagedTimes() throws -> (statuses: [Int64: StagingStatus], stagedAt: [Int64: Int64]) {
        var statuses: [Int64: StagingStatus] = [:]
        var stagedAt: [Int64: Int64] = [:]
        try db.forEachRow("SELECT asset_id, status, at FROM reviews", [], Columns.self) { row, column in
            let id = row.int64(column.assetID)
            let status: StagingStatus = row.word(column.status)
            statuses[id] = status
            if status == .trashed { stagedAt[id] = row.int64(column.at) }
        }
        return (statuses, stagedAt)
    }

    private struct Columns: RowColumns {
        let assetID, status, at: Row.Column

        init(_ row: Row) { (assetID, status, at) = (row.index("asset_id"), row.index("status"), row.index("at")) }
    }
}
