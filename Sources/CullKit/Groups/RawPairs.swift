/// The RAW+JPEG (or RAW+HEIC) pairs of the whole index (`raw_pair: jpeg|raw`): a camera RAW and
/// the JPEG, HEIC or AVIF beside it, in the same folder, with the same stem (case-insensitive),
/// and the same capture time when both have one (a shared basename alone misgroups:
/// PhotoPrism #3248). When the files of one folder and stem have more than one capture time, each
/// time is its own pair and a file without a time pairs with none of them.
enum RawPairs {
    /// The formats a RAW's processed half comes in.
    static let processedFormats: [MediaFormat] = [.jpeg, .heic, .avif]

    /// What the `raw_pair` field compares: `raw` or `jpeg` for a pair's halves, NULL for any other file.
    static var halfSQL: SQLFragment {
        "(CASE WHEN \(GroupSet.memberSQL(.rawPair)) THEN (CASE WHEN a.raw = 1 THEN 'raw' ELSE 'jpeg' END) END)"
    }

    static func candidates(_ db: Database) throws -> [GroupCandidate] {
        var byStem: [String: [(id: Int64, raw: Bool, taken: Int64?)]] = [:]
        let formats = processedFormats.map(\.rawValue)
        // Only folders holding a RAW are read: a library of JPEGs costs one indexed lookup.
        try db.forEachRow("""
            SELECT a.folder, a.name, a.id, a.raw, a.taken FROM assets a
            WHERE a.folder IN (SELECT folder FROM assets WHERE raw = 1)
              AND (a.raw = 1 OR a.format IN (\(formats.map { _ in "?" }.joined(separator: ", "))))
            """, formats.map { .text($0) }, Columns.self) { row, column in
            let name = row.string(column.name) ?? ""
            let stem = name.lastIndex(of: ".").map { String(name[..<$0]) } ?? name
            byStem[(row.string(column.folder) ?? "") + "/" + stem.lowercased(), default: []]
                .append((row.int64(column.id), row.int64(column.raw) != 0, row.optionalInt64(column.taken)))
        }
        var candidates: [GroupCandidate] = []
        for (stem, files) in byStem where files.contains(where: \.raw) && files.contains(where: { !$0.raw }) {
            let times = Set(files.compactMap(\.taken))
            let sets = times.count <= 1
                ? [(key: stem, files: files)]
                : times.sorted().map { time in (key: "\(stem) @\(time)", files: files.filter { $0.taken == time }) }
            for (key, set) in sets where set.contains(where: \.raw) && set.contains(where: { !$0.raw }) {
                candidates.append(GroupCandidate(key: key, ids: set.map(\.id)))
            }
        }
        return candidates.sorted { $0.key < $1.key }
    }

    /// The file fields ``candidates(_:)`` reads.
    private struct Columns: RowColumns {
        let folder, name, id, raw, taken: Row.Column

        init(_ row: Row) { (folder, name, id, raw, taken) = (row.index("folder"), row.index("name"), row.index("id"), row.index("raw"), row.index("taken")) }
    }
}
