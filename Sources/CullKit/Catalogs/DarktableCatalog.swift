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

    static func read(_ connection: CatalogConnection, file: String, mounts: MountTable) throws(CatalogError) -> CatalogRead {
        guard try connection.has(table: "db_info", columns: ["key", "value"]),
              try connection.has(table: "images", columns: ["id", "film_id", "filename", "flags"]),
              try connection.has(table: "film_rolls", columns: ["id", "folder"])
        else { throw .damaged(path: file, kind: kind, reason: "no images or film_rolls table") }
        let version = try connection.text("SELECT value FROM db_info WHERE key = 'version'") ?? "?"
        guard let number = Int(version), versions.contains(number) else {
            throw .unknownSchema(path: file, kind: kind, version: version)
        }
        let data = companions(of: file)[0]
        let hasData = FileOps.statFollowingLinks(Array(data.utf8)) != nil
        if hasData { try connection.attach(data, as: "data") }
        return try connection.snapshot { () throws(CatalogError) -> CatalogRead in
            var read = CatalogRead(version: version)
            let limits = connection.limits
            var byImage: [Int64: (path: String, decision: CatalogDecision)] = [:]
            // One table at a time, joined here: a catalog's own indexes and statistics never decide the cost.
            var folders: [Int64: String] = [:]
            try connection.rows("SELECT id, CASE WHEN length(folder) < 4096 THEN folder END AS folder FROM film_rolls") { row in
                guard folders.count < limits.maxRows else { throw CatalogError.tooLarge(path: file, kind: kind, reason: "more than \(limits.maxRows) film rolls") }
                if let folder = row.string("folder") { folders[row.int64("id")] = folder }
            }
            var rows = 0
            try connection.rows("SELECT id, film_id, CASE WHEN length(filename) < 4096 THEN filename END AS filename, flags FROM images", [], ImageColumns.self) { row, column in
                rows += 1
                guard rows <= limits.maxRows else { throw CatalogError.tooLarge(path: file, kind: kind, reason: "more than \(limits.maxRows) images") }
                guard let folder = folders[row.int64(column.film)], let name = row.string(column.name), !name.isEmpty else { read.pathless += 1; return }
                var decision = CatalogDecision()
                let flags = row.int64(column.flags)
                if flags & 8 != 0 || flags & 7 == 6 {
                    decision.rating = -1
                    decision.pick = -1
                } else {
                    decision.rating = Int(flags & 7)
                }
                byImage[row.int64(column.id)] = ((folder.hasSuffix("/") ? folder : folder + "/") + name, decision)
            }
            if try connection.has(table: "color_labels", columns: ["imgid", "color"]) {
                try connection.rows("SELECT imgid, color FROM color_labels") { row in
                    if let label = labels[row.int64("color")] { byImage[row.int64("imgid")]?.decision.labels.append(label) }
                }
            }
            if hasData, try connection.has(table: "tagged_images", columns: ["imgid", "tagid"]),
               try connection.has(table: "tags", columns: ["id", "name"], schema: "data") {
                var names: [Int64: String] = [:]
                try connection.rows("SELECT id, CASE WHEN length(name) <= ? THEN name END AS name FROM data.tags",
                                    [.integer(Int64(CatalogText.maxLength))]) { row in
                    guard names.count < limits.maxRows else { throw CatalogError.tooLarge(path: file, kind: kind, reason: "more than \(limits.maxRows) tags") }
                    guard let name = row.string("name"), !name.hasPrefix("darktable|"), let tag = CatalogText.clean(name) else { return }
                    names[row.int64("id")] = tag
                }
                var tagRows = 0
                try connection.rows("SELECT imgid AS image, tagid AS tag FROM tagged_images", [], CatalogConnection.TaggingColumns.self) { row, column in
                    tagRows += 1
                    guard tagRows <= limits.maxRows * 4 else {
                        throw CatalogError.tooLarge(path: file, kind: kind, reason: "more than \(limits.maxRows * 4) tagged images")
                    }
                    let id = row.int64(column.image)
                    guard byImage[id] != nil, let tag = names[row.int64(column.tag)] else { return }
                    if byImage[id]!.decision.tags.count < limits.maxTagsPerFile { byImage[id]!.decision.tags.append(tag) } else { read.dropped += 1 }
                }
            }
            for (_, image) in byImage { read.add(image.path, image.decision, limits: limits) }
            return read
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
