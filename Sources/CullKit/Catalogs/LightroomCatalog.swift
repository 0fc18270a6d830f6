/// Lightroom Classic's `.lrcat` (SQLite): `Adobe_images.rating` (NULL or 0–5), `pick` (1 picked, -1
/// rejected, stored as a real), `colorLabels` (the label's name), keywords from `AgLibraryKeyword` +
/// `AgLibraryKeywordImage` (a keyword of type `person` is a person). Path = `AgLibraryRootFolder.absolutePath`
/// (forward slashes, also `C:/Users/…/` and `/Volumes/…`) + `AgLibraryFolder.pathFromRoot` +
/// `AgLibraryFile.baseName` + `.` + `extension`; a virtual copy is another row for its master's file.
enum LightroomCatalog: CatalogAdapter {
    static let kind = CatalogKind.lightroom
    /// Major versions (the first two digits of `Adobe_DBVersion`: 04 for Lightroom 4 … 13 for Classic 13).
    static let majors = 3...14

    static func read(_ connection: CatalogConnection, file: String, mounts: MountTable) throws(CatalogError) -> CatalogRead {
        for (table, columns) in [("Adobe_variablesTable", ["name", "value"]), ("Adobe_images", ["id_local", "rating", "pick", "rootFile"]),
                                 ("AgLibraryFile", ["id_local", "baseName", "extension", "folder"]),
                                 ("AgLibraryFolder", ["id_local", "pathFromRoot", "rootFolder"]),
                                 ("AgLibraryRootFolder", ["id_local", "absolutePath"])] {
            guard try connection.has(table: table, columns: columns) else { throw .damaged(path: file, kind: kind, reason: "no \(table) table") }
        }
        let version = try connection.text("SELECT value FROM Adobe_variablesTable WHERE name = 'Adobe_DBVersion'") ?? "?"
        guard version.count >= 3, let major = Int(version.prefix(2)), majors.contains(major) else {
            throw .unknownSchema(path: file, kind: kind, version: version)
        }
        return try connection.snapshot { () throws(CatalogError) -> CatalogRead in
            let limits = connection.limits
            var read = CatalogRead(version: version)
            let labels = try connection.has(table: "Adobe_images", columns: ["colorLabels"])
            var images: [Int64: (path: String, decision: CatalogDecision)] = [:]
            var rows = 0
            // One table at a time, joined here: the catalog's own indexes never decide the cost.
            var roots: [Int64: String] = [:], folders: [Int64: (root: Int64, path: String)] = [:], files: [Int64: (folder: Int64, name: String)] = [:]
            func bounded(_ count: Int, _ what: String) throws(CatalogError) {
                guard count < limits.maxRows else { throw .tooLarge(path: file, kind: kind, reason: "more than \(limits.maxRows) \(what)") }
            }
            try connection.rows("SELECT id_local, CASE WHEN length(absolutePath) < 4096 THEN absolutePath END AS path FROM AgLibraryRootFolder") { row in
                try bounded(roots.count, "root folders")
                if let path = row.string("path") { roots[row.int64("id_local")] = path }
            }
            try connection.rows("SELECT id_local, rootFolder, CASE WHEN length(pathFromRoot) < 4096 THEN pathFromRoot END AS path FROM AgLibraryFolder") { row in
                try bounded(folders.count, "folders")
                folders[row.int64("id_local")] = (row.int64("rootFolder"), row.string("path") ?? "")
            }
            try connection.rows("""
                SELECT id_local, folder, CASE WHEN length(baseName) + length(extension) < 4096 THEN baseName END AS base, extension FROM AgLibraryFile
                """, [], FileColumns.self) { row, column in
                try bounded(files.count, "files")
                guard let base = row.string(column.base), !base.isEmpty else { return }
                let ext = row.string(column.ext) ?? ""
                files[row.int64(column.id)] = (row.int64(column.folder), ext.isEmpty ? base : base + "." + ext)
            }
            try connection.rows("SELECT id_local, rating, pick, \(labels ? "colorLabels" : "NULL") AS label, rootFile FROM Adobe_images", [], ImageColumns.self) { row, column in
                rows += 1
                guard rows <= limits.maxRows else { throw CatalogError.tooLarge(path: file, kind: kind, reason: "more than \(limits.maxRows) images") }
                guard let entry = files[row.int64(column.file)], let folder = folders[entry.folder], let root = roots[folder.root] else {
                    read.pathless += 1
                    return
                }
                var path = (root.hasSuffix("/") ? root : root + "/") + folder.path
                if !path.hasSuffix("/") { path += "/" }
                path += entry.name
                var decision = CatalogDecision()
                if let rating = row.optionalInt64(column.rating) { decision.rating = Int(max(0, min(rating, 5))) }
                let pick = row.double(column.pick)
                if pick >= 0.5 { decision.pick = 1 } else if pick <= -0.5 { decision.pick = -1 }
                if let name = row.string(column.label), let label = ColorLabel(name: name) { decision.labels = [label.rawValue] }
                images[row.int64(column.id)] = (path, decision)
            }
            if try connection.has(table: "AgLibraryKeyword", columns: ["id_local", "name", "parent"]),
               try connection.has(table: "AgLibraryKeywordImage", columns: ["image", "tag"]) {
                let typed = try connection.has(table: "AgLibraryKeyword", columns: ["keywordType"])
                var tree = TagTree(maxDepth: limits.maxDepth)
                var people = Set<Int64>()
                var count = 0
                try connection.rows("""
                    SELECT id_local, parent, CASE WHEN length(name) <= ? THEN name END AS name, \(typed ? "keywordType" : "NULL") AS type FROM AgLibraryKeyword
                    """, [.integer(Int64(CatalogText.maxLength))]) { row in
                    count += 1
                    guard count <= limits.maxRows else { throw CatalogError.tooLarge(path: file, kind: kind, reason: "more than \(limits.maxRows) keywords") }
                    tree.add(id: row.int64("id_local"), parent: row.optionalInt64("parent"), name: row.string("name"))
                    if row.string("type") == "person" { people.insert(row.int64("id_local")) }
                }
                var tagged = 0
                try connection.rows("SELECT image, tag FROM AgLibraryKeywordImage", [], CatalogConnection.TaggingColumns.self) { row, column in
                    tagged += 1
                    guard tagged <= limits.maxRows * 4 else {
                        throw CatalogError.tooLarge(path: file, kind: kind, reason: "more than \(limits.maxRows * 4) keyworded images")
                    }
                    let id = row.int64(column.image), tag = row.int64(column.tag)
                    guard images[id] != nil, let path = tree.path(tag), let text = CatalogText.clean(path.joined(separator: "|")) else { return }
                    if people.contains(tag) {
                        if images[id]!.decision.people.count < limits.maxTagsPerFile { images[id]!.decision.people.append(path.last ?? text) }
                    } else if images[id]!.decision.tags.count < limits.maxTagsPerFile {
                        images[id]!.decision.tags.append(text)
                    } else {
                        read.dropped += 1
                    }
                }
            }
            for (_, image) in images { read.add(image.path, image.decision, limits: limits) }
            return read
        }
    }

    /// The columns of the per-file and per-image reads, by name.
    private struct FileColumns: RowColumns {
        let id, folder, base, ext: Row.Column
        init(_ row: Row) { (id, folder, base, ext) = (row.index("id_local"), row.index("folder"), row.index("base"), row.index("extension")) }
    }

    private struct ImageColumns: RowColumns {
        let id, rating, pick, label, file: Row.Column
        init(_ row: Row) {
            (id, rating, pick) = (row.index("id_local"), row.index("rating"), row.index("pick"))
            (label, file) = (row.index("label"), row.index("rootFile"))
        }
    }
}
