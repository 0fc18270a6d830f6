/// The RAW+JPEG (or RAW+HEIC) pairs of the whole index (`raw_pair: jpeg|raw`): a camera RAW and
/// the JPEG, HEIC or AVIF beside it, in the same folder, with the same stem (case-insensitive),
/// and the same capture time when both have one (a shared basename alone misgroups:
/// PhotoPrism #3248). When the files of one folder and stem have more than one capture time, each
/// time is its own pair and a file without a time pairs with none of them. One member per inode.
enum RawPairs {
    /// The formats a RAW's processed half comes in.
    static let processedFormats: [MediaFormat] = [.jpeg, .heic, .avif]

    struct Pair {
        /// The folder and stem (lowercased), and the capture time when there are several.
        let key: String
        /// In path byte order.
        let members: [GroupMember]
        /// The members that are the RAW half.
        let raws: Set<Int64>
    }

    static func groups(_ db: Database) throws -> [Pair] {
        struct File {
            let file: HashCache.FileKey
            let member: GroupMember
            let raw: Bool
            let taken: Int64?
        }
        var byStem: [String: [File]] = [:]
        let formats = processedFormats.map(\.rawValue)
        // Only folders holding a RAW are read: a library of JPEGs costs one indexed lookup.
        try db.forEachRow("""
            SELECT a.folder, a.name, a.raw, a.taken, \(MemberRows.columns) FROM assets a
            WHERE a.folder IN (SELECT folder FROM assets WHERE raw = 1)
              AND (a.raw = 1 OR a.format IN (\(formats.map { _ in "?" }.joined(separator: ", "))))
            """, [try MemberRows.threshold(db)] + formats.map { .text($0) }) { row in
            let name = row.string(1) ?? ""
            let stem = name.lastIndex(of: ".").map { String(name[..<$0]) } ?? name
            let (file, member) = MemberRows.read(row, from: 4)
            byStem[(row.string(0) ?? "") + "/" + stem.lowercased(), default: []].append(
                File(file: file, member: member, raw: row.int64(2) != 0, taken: row.optionalInt64(3)))
        }
        var pairs: [Pair] = []
        for (stem, files) in byStem where files.contains(where: \.raw) && files.contains(where: { !$0.raw }) {
            let times = Set(files.compactMap(\.taken))
            let sets: [(key: String, files: [File])] = times.count <= 1
                ? [(stem, files)]
                : times.sorted().map { time in ("\(stem) @\(time)", files.filter { $0.taken == time }) }
            for (key, set) in sets where set.contains(where: \.raw) && set.contains(where: { !$0.raw }) {
                let members = MemberRows.onePerInode(set.map { ($0.file, $0.member) })
                guard members.count > 1 else { continue }
                pairs.append(Pair(key: key, members: members, raws: Set(set.filter(\.raw).map(\.member.id))))
            }
        }
        return pairs.sorted { PathBytes.precedes($0.members[0].path, $1.members[0].path) }
    }
}
