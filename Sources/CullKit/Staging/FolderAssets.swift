extension StagingStore {
    /// Ids of the indexed assets inside the library-relative `folder` (every asset for the root, `[]`),
    /// so a folder can be named wherever files are (`cull keep DCIM/Best`). Compared as bytes: a path
    /// that is not UTF-8 is stored as a blob.
    public func assetIDs(under folder: [UInt8]) throws -> [Int64] {
        let prefix = folder.isEmpty ? [] : folder + [UInt8(ascii: "/")]
        var ids: [Int64] = []
        try db.forEachRow("SELECT id FROM assets WHERE substr(CAST(path AS BLOB), 1, ?) = ? ORDER BY id",
                          [.integer(Int64(prefix.count)), .blob(prefix)]) { ids.append($0.int64("id")) }
        return ids
    }
}
