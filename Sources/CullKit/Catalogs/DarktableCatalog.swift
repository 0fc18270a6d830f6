/// darktable's `library.db`, with the tag names of `data.db` beside it (attached read-only).
///
/// Rating `images.flags & 7`, rejected when `flags & 8` (or the old rating value 6): darktable then
/// shows no stars, and writes `xmp:Rating -1`, so the rating is -1. Colour labels from `color_labels`
/// (0 red, 1 yellow, 2 green, 3 blue, 4 purple); tags from `tagged_images` + `data.tags`, without
/// darktable's automatic `darktable|…` ones. Path = `film_rolls.folder` + `/` + `images.filename`; the
/// rows of a file's duplicates are one file here.
enum DarktableCatalog: CatalogAdapter {
    static let kind = CatalogKind.darktable
    /// Library schema versions whose tables and columns this reader knows (darktable 3.0 … 5.x).
    static let versions = 20...60
    static let labels: [Int64: String] = [0: "red", 1: "yellow", 2: "green", 3: "blue", 4: "purple"]

    static func companions(of file: String) -> [String] {
        [parent(of: file) + "/data.db"]
    }

    static func read(_ connection: CatalogConnection, into read: inout CatalogRead) throws(CatalogError) {
        let file = read.file
        guard try connection.has(table: "db_info", columns: ["key", "value"]),
              try connection.has(table: "images", columns: ["id", "film_id", "filename", "flags"]),
              try connection.has(table: "film_rolls", columns: ["id", "folder"])
        else { throw .damaged(path: file, kind: kind, reason: "no images or film_rolls table") }
        let version = try connection.text("SELECT value FROM db_info NOT INDEXED WHERE key = 'version'") ?? "?"
        guard let number = Int(version), versions.contains(number) else {
            throw .unknownSchema(path: file, kind: kind, version: version)
        }
        read.version = version
        let data = companions(of: file)[0]
        let hasData = FileOps.statFollowingLinks(Array(data.utf8)) != nil
        if hasData { try connection.attach(data, as: "data") }
        try connection.snapshot { () throws(CatalogError) in
            let limits = connection.limits
            // One table at a time, joined here: a catalog's own indexes and statistics never decide the cost.
            var folders: [Int64: CatalogRead.Folder] = [:]
            try connection.rows("""
                SELECT id, CASE WHEN length(CAST(folder AS BLOB)) < 4096 THEN folder END AS folder FROM film_rolls NOT INDEXED
                """) { row in
                guard folders.count < limits.maxRows else { throw read.tooLarge("film rolls") }
                if let folder = CatalogConnection.bytes(row, row.index("folder")) { folders[row.int64("id")] = try read.folder(folder) }
            }
            // Only the images that are files of this library are kept, by id.
            var byImage: [Int64: CatalogRead.Slot] = [:]
            try connection.rows("""
                SELECT id, film_id, CASE WHEN length(CAST(filename AS BLOB)) < 4096 THEN filename END AS filename, flags FROM images NOT INDEXED
                """, [], ImageColumns.self) { row, column in
                try read.count()
                guard let folder = folders[row.int64(column.film)], let name = CatalogConnection.bytes(row, column.name), !name.isEmpty else {
                    read.noPath()
                    return
                }
                var decision = CatalogDecision()
                let flags = row.int64(column.flags)
                if flags & 8 != 0 || flags & 7 == 6 {
                    decision.rating = -1
                    decision.pick = -1
                } else {
                    decision.rating = Int(flags & 7)
                }
                if let slot = read.place(folder, name: name, decision) { byImage[row.int64(column.id)] = slot }
            }
            if try connection.has(table: "color_labels", columns: ["imgid", "color"]) {
                try connection.rows("SELECT imgid, color FROM color_labels NOT INDEXED") { row in
                    guard let slot = byImage[row.int64("imgid")], let label = labels[row.int64("color")] else { return }
                    read.update(slot) { $0.labels = CatalogDecision.union($0.labels, [label]) }
                }
            }
            guard hasData, try connection.has(table: "tagged_images", columns: ["imgid", "tagid"]),
                  try connection.has(table: "tags", columns: ["id", "name"], schema: "data") else { return }
            // The names of the tags the library's images carry, and only those.
            let wanted = try connection.taggings("SELECT imgid AS image, tagid AS tag FROM tagged_images NOT INDEXED", of: byImage,
                                                 path: file, kind: kind, naming: "tagged images")
            guard !wanted.isEmpty else { return }
            var names = 0
            try connection.rows("SELECT id, CASE WHEN length(CAST(name AS BLOB)) <= ? THEN name END AS name FROM data.tags NOT INDEXED",
                                [.integer(Int64(CatalogText.maxLength))]) { row in
                names += 1
                guard names <= limits.maxRows else { throw read.tooLarge("tags") }
                guard let slots = wanted[row.int64("id")] else { return }
                let name = row.string("name")
                // darktable's automatic tags (`darktable|format|jpg` on every image) are not the user's.
                if name?.hasPrefix("darktable|") == true { return }
                let tag = name.flatMap(CatalogText.clean)
                for slot in slots {
                    if let tag { read.tag(slot, tag) } else { read.cut(slot) }
                }
            }
        }
    }

    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The columns of the read of every image, by name.
    private struct ImageColumns: RowColumns {
        let id, film, name, flags: Row.Column
        init(_ row: Row) { (id, film, name, flags) = (row.index("id"), row.index("film_id"), row.index("filename"), row.index("flags")) }
    }
}
