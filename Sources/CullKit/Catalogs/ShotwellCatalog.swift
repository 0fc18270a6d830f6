/// Shotwell's `photo.db`: `PhotoTable` and `VideoTable`, `rating` (-1 rejected, 0, 1–5), `flags` (0x4
/// in Shotwell's trash, 0x10 flagged: a pick), tags from `TagTable.photo_id_list` (`thumb%016x` for
/// photos, `video-%016x` for videos; `/a/b` is a hierarchical tag), people from `FaceTable` +
/// `FaceLocationTable`; `filename` is absolute.
enum ShotwellCatalog: CatalogAdapter {
    static let kind = CatalogKind.shotwell
    /// `VersionTable.schema_version` values whose layout this reader knows (Shotwell 0.18 … 0.32).
    static let versions = 16...24

    static func read(_ connection: CatalogConnection, file: String, mounts: MountTable) throws(CatalogError) -> CatalogRead {
        guard try connection.has(table: "VersionTable", columns: ["schema_version"]),
              try connection.has(table: "PhotoTable", columns: ["id", "filename", "rating", "flags"])
        else { throw .damaged(path: file, kind: kind, reason: "no PhotoTable") }
        let version = try connection.text("SELECT schema_version FROM VersionTable ORDER BY id LIMIT 1") ?? "?"
        guard let number = Int(version), versions.contains(number) else { throw .unknownSchema(path: file, kind: kind, version: version) }
        return try connection.snapshot { () throws(CatalogError) -> CatalogRead in
            let limits = connection.limits
            var read = CatalogRead(version: version)
            var media: [String: (path: String, decision: CatalogDecision)] = [:]
            var rows = 0
            let hasVideos = try connection.has(table: "VideoTable", columns: ["id", "filename", "rating", "flags"])
            for (table, prefix) in [("PhotoTable", "thumb"), ("VideoTable", "video-")] where table == "PhotoTable" || hasVideos {
                try connection.rows("SELECT id, filename, rating, flags FROM \(table) WHERE length(filename) < 4096", [], MediaColumns.self) { row, column in
                    rows += 1
                    guard rows <= limits.maxRows else { throw CatalogError.tooLarge(path: file, kind: kind, reason: "more than \(limits.maxRows) photos") }
                    guard let path = row.string(column.filename), !path.isEmpty else { read.pathless += 1; return }
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
                    media[prefix + hex(row.int64(column.id))] = (path, decision)
                }
            }
            if try connection.has(table: "TagTable", columns: ["name", "photo_id_list"]) {
                var items = 0
                try connection.rows("SELECT name, photo_id_list FROM TagTable WHERE length(name) <= ?", [.integer(Int64(CatalogText.maxLength))]) { row in
                    guard let tag = CatalogText.hierarchical(row.string("name") ?? "", separator: "/"), let list = row.string("photo_id_list") else { return }
                    for id in list.split(separator: ",") {
                        items += 1
                        guard items <= limits.maxRows * 4 else {
                            throw CatalogError.tooLarge(path: file, kind: kind, reason: "more than \(limits.maxRows * 4) tagged photos")
                        }
                        let key = String(id).trimmingWhitespace()
                        guard media[key] != nil else { continue }
                        if media[key]!.decision.tags.count < limits.maxTagsPerFile { media[key]!.decision.tags.append(tag) } else { read.dropped += 1 }
                    }
                }
            }
            if try connection.has(table: "FaceTable", columns: ["id", "name"]),
               try connection.has(table: "FaceLocationTable", columns: ["face_id", "photo_id"]) {
                var faces: [Int64: String] = [:]
                try connection.rows("SELECT id, CASE WHEN length(name) <= ? THEN name END AS name FROM FaceTable", [.integer(Int64(CatalogText.maxLength))]) { row in
                    guard faces.count < limits.maxRows else { throw CatalogError.tooLarge(path: file, kind: kind, reason: "more than \(limits.maxRows) faces") }
                    if let name = CatalogText.clean(row.string("name") ?? "") { faces[row.int64("id")] = name }
                }
                var located = 0
                try connection.rows("SELECT photo_id, face_id FROM FaceLocationTable") { row in
                    located += 1
                    guard located <= limits.maxRows * 4 else { throw CatalogError.tooLarge(path: file, kind: kind, reason: "more than \(limits.maxRows * 4) faces") }
                    let key = "thumb" + hex(row.int64("photo_id"))
                    guard media[key] != nil, let name = faces[row.int64("face_id")] else { return }
                    if media[key]!.decision.people.count < limits.maxTagsPerFile { media[key]!.decision.people.append(name) } else { read.dropped += 1 }
                }
            }
            for (_, item) in media { read.add(item.path, item.decision, limits: limits) }
            return read
        }
    }

    /// Shotwell's 16-digit lowercase hex ids.
    static func hex(_ id: Int64) -> String {
        String(UInt64(bitPattern: id), radix: 16).leftPadded(to: 16)
    }

    /// The columns of the read of every photo and video, by name.
    private struct MediaColumns: RowColumns {
        let id, filename, rating, flags: Row.Column
        init(_ row: Row) { (id, filename, rating, flags) = (row.index("id"), row.index("filename"), row.index("rating"), row.index("flags")) }
    }
}
