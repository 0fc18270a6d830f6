/// The rule every identity-keyed cache table (`hashes`, `image_hashes`, `image_features`) follows:
/// a row carries the identity (device, inode, size, mtime, ctime) of the file it was computed for,
/// and counts only while that is still the asset's identity in the index.
enum CachedRow {
    /// SQL true when cache row `row` was computed for asset `asset` as the index has it now (rows
    /// indexed before migration `0005-ctime` have no ctime and are compared without it). Both are
    /// table aliases written in Cull's own queries, never input.
    static func isCurrent(_ row: String, for asset: String) -> String {
        "\(row).device = \(asset).device AND \(row).inode = \(asset).inode AND \(row).size = \(asset).size "
            + "AND \(row).mtime_ns = \(asset).mtime_ns AND (\(asset).ctime_ns IS NULL OR \(row).ctime_ns = \(asset).ctime_ns)"
    }
}
