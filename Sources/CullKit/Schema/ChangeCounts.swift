/// The change counts of migration `0018-change-counts`: what a cache reads to know whether a table
/// it depends on changed since it last looked, exactly (a serial that every write moves on, never
/// a sum that two changes could cancel out in).
enum ChangeCounts {
    /// The serial of `assets`.
    static let assets = "assets"

    /// Counts rows written to `table` that no trigger counts: a cache table's inserted rows (see
    /// the migration). Called in the transaction of the write.
    static func bump(_ db: Database, _ table: String) throws {
        try db.execute("UPDATE change_counts SET serial = serial + 1 WHERE name = ?", [.text(table)])
    }

    /// The serials of `tables` now, in their order, as one comparable text: `assets 12, hashes 40`.
    static func read(_ db: Database, _ tables: [String]) throws -> String {
        var serials: [String: Int64] = [:]
        try db.forEachRow("SELECT name, serial FROM change_counts WHERE name IN (\(tables.map { _ in "?" }.joined(separator: ", ")))",
                          tables.map { .text($0) }) { row in
            serials[row.string("name") ?? ""] = row.int64("serial")
        }
        return tables.map { "\($0) \(serials[$0].map(String.init) ?? "-")" }.joined(separator: ", ")
    }
}
