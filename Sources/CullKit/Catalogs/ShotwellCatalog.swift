/// Shotwell's `photo.db`: `PhotoTable` and `VideoTable`, `rating` (-1 rejected, 0, 1–5), `flags` (0x4
/// in Shotwell's trash, 0x10 flagged: a pick), tags from `TagTable.photo_id_list` (`thumb%016x` for
/// photos, `video-%016x` for videos; `/a/b` is a hierarchical tag), people from `FaceTable` +
/// `FaceLocationTable`; `filename` is absolute.
enum ShotwellCatalog: CatalogAdapter {
    static let kind = CatalogKind.shotwell
    /// `VersionTable.schema_version` values whose layout this reader knows (Shotwell 0.18 … 0.32).
    static let versions = 16...24

    static func read(_ connection: CatalogConnection, into read: inout CatalogRead) throws(CatalogError) {
        let file = read.file
        guard try connection.has(table: "VersionTable", columns: ["schema_version"]),
              try connection.has(table: "PhotoTable", columns: ["id", "filename", "rating", "flags"])
        else { throw .damaged(path: file, kind: kind, reason: "no PhotoTable") }
        let version = try connection.text("SELECT schema_version FROM VersionTable NOT INDEXED ORDER BY id LIMIT 1") ?? "?"
        guard let number = Int(version), versions.contains(number) else { throw .unknownSchema(path: file, kind: kind, version: version) }
        read.version = version
        try connection.snapshot { () throws(CatalogError) in
            let limits = connection.limits
            // The library's photos and videos, by Shotwell's id (`thumb…` and `video-…` in tag lists).
            var media: [Medium: CatalogRead.Slot] = [:]
            let hasVideos = try connection.has(table: "VideoTable", columns: ["id", "filename", "rating", "flags"])
            for (table, video) in [("PhotoTable", false), ("VideoTable", true)] where !video || hasVideos {
                try connection.rows("""
                    SELECT id, CASE WHEN length(CAST(filename AS BLOB)) < 4096 THEN filename END AS filename, rating, flags FROM \(table) NOT INDEXED
                    """, [], MediaColumns.self) { row, column in
                    try read.count()
                    guard let path = CatalogConnection.bytes(row, column.filename), let (folder, name) = splitPath(path) else {
                        read.noPath()
                        return
                    }
                    var decision = CatalogDecision()
                    let rating = row.int64(column.rating), flags = row.int64(column.flags)
                    if rating < 0 {
                        decision.rating = -1
                        decision.pick = -1
                    } else {
                        decision.rating = Int(min(rating, 5))
                    }
                    if flags & 0x10 != 0 { decision.pick = 1 }
                    decision.appTrash = flags & 0x4 != 0
                    if let slot = read.place(try read.folder(folder), name: name, decision) {
                        media[Medium(video: video, id: row.int64(column.id))] = slot
                    }
                }
            }
            guard !media.isEmpty else { return }
            if try connection.has(table: "TagTable", columns: ["name", "photo_id_list"]) {
                var items = 0
                try connection.rows("SELECT name, photo_id_list FROM TagTable NOT INDEXED WHERE length(CAST(name AS BLOB)) <= ?",
                                    [.integer(Int64(CatalogText.maxLength))]) { row in
                    guard let list = row.string("photo_id_list") else { return }
                    let tag = CatalogText.hierarchical(row.string("name") ?? "", separator: "/")
                    for id in list.split(separator: ",") {
                        items += 1
                        guard items <= limits.maxRows * 4 else {
                            throw CatalogError.tooLarge(path: file, kind: kind, reason: "more than \(limits.maxRows * 4) tagged photos")
                        }
                        guard let medium = Medium(String(id).trimmingWhitespace()), let slot = media[medium] else { continue }
                        if let tag { read.tag(slot, tag) } else { read.cut(slot) }
                    }
                }
            }
            guard try connection.has(table: "FaceTable", columns: ["id", "name"]),
                  try connection.has(table: "FaceLocationTable", columns: ["face_id", "photo_id"]) else { return }
            // Which faces the library's photos show, then those faces' names.
            var wanted: [Int64: [CatalogRead.Slot]] = [:]
            var located = 0
            try connection.rows("SELECT photo_id, face_id FROM FaceLocationTable NOT INDEXED") { row in
                located += 1
                guard located <= limits.maxRows * 4 else { throw CatalogError.tooLarge(path: file, kind: kind, reason: "more than \(limits.maxRows * 4) faces") }
                guard let slot = media[Medium(video: false, id: row.int64("photo_id"))] else { return }
                wanted[row.int64("face_id"), default: []].append(slot)
            }
            guard !wanted.isEmpty else { return }
            var faces = 0
            try connection.rows("SELECT id, CASE WHEN length(CAST(name AS BLOB)) <= ? THEN name END AS name FROM FaceTable NOT INDEXED",
                                [.integer(Int64(CatalogText.maxLength))]) { row in
                faces += 1
                guard faces <= limits.maxRows else { throw read.tooLarge("faces") }
                guard let slots = wanted[row.int64("id")] else { return }
                let name = CatalogText.clean(row.string("name") ?? "")
                for slot in slots {
                    if let name { read.person(slot, name) } else { read.cut(slot) }
                }
            }
        }
    }

    /// A photo or a video, by its id in its table.
    struct Medium: Hashable {
        let video: Bool
        let id: Int64

        init(video: Bool, id: Int64) { (self.video, self.id) = (video, id) }

        /// From a tag list's item: `thumb` + 16 hex digits for a photo, `video-` + 16 for a video.
        init?(_ item: String) {
            for (prefix, video) in [("thumb", false), ("video-", true)] where item.hasPrefix(prefix) {
                guard let value = UInt64(item.dropFirst(prefix.count), radix: 16) else { return nil }
                self.init(video: video, id: Int64(bitPattern: value))
                return
            }
            return nil
        }
    }

    /// The columns of the read of every photo and video, by name.
    private struct MediaColumns: RowColumns {
        let id, filename, rating, flags: Row.Column
        init(_ row: Row) { (id, filename, rating, flags) = (row.index("id"), row.index("filename"), row.index("rating"), row.index("flags")) }
    }
}
