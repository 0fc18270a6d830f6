extension StagingStore {
    /// The staging state of every asset that has one (an asset without a row is `new`), in one pass
    /// over `reviews`: the plan, the review page and the terminal deck read it whole.
    public func statuses() throws -> [Int64: StagingStatus] {
        var result: [Int64: StagingStatus] = [:]
        try db.forEachRow("SELECT asset_id, status FROM reviews", [], Columns.self) { row, column in
            result[row.int64(column.assetID)] = row.word(column.status)
        }
        return result
    }

    private struct Columns: RowColumns {
        let assetID, status: Row.Column

        init(_ row: Row) { (assetID, status) = (row.index("asset_id"), row.index("status")) }
    }
}
