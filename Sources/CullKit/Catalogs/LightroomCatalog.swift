/// Lightroom Classic's `.lrcat` (SQLite): `Adobe_images.rating` (NULL or 0–5), `pick` (1 picked, -1
/// rejected, stored as a real), `colorLabels` (the label's name), keywords from `AgLibraryKeyword` +
/// `AgLibraryKeywordImage` (a keyword of type `person` is a person). Path = `AgLibraryRootFolder.absolutePath`
/// (forward slashes, also `C:/Users/…/` and `/Volumes/…`) + `AgLibraryFolder.pathFromRoot` +
/// `AgLibraryFile.baseName` + `.` + `extension`; a virtual copy is another row for its master's file.
enum LightroomCatalog: CatalogAdapter {
    static let kind = CatalogKind.lightroom
    /// Major versions (the first two digits of `Adobe_DBVersion`: 04 for Lightroom 4 … 13 for Classic 13).
    static let majors = 3...14

    static func read(_ connection: CatalogConnection, into read: inout CatalogRead) throws(CatalogError) {
        let file = read.file
        for (table, columns) in [("Adobe_variablesTable", ["name", "value"]), ("Adobe_images", ["id_local", "rating", "pick", "rootFile"]),
                                 ("AgLibraryFile", ["id_local", "baseName", "extension", "folder"]),
                                 ("AgLibraryFolder", ["id_local", "pathFromRoot", "rootFolder"]),
                                 ("AgLibraryRootFolder", ["id_local", "absolutePath"])] {
            guard try connection.has(table: table, columns: columns) else { throw .damaged(path: file, kind: kind, reason: "no \(table) table") }
        }
        let version = try connection.text("SELECT value FROM Adobe_variablesTable NOT INDEXED WHERE name = 'Adobe_DBVersion'") ?? "?"
        guard version.count >= 3, let major = Int(version.prefix(2)), majors.contains(major) else {
            throw .unknownSchema(path: file, kind: kind, version: version)
        }
        read.version = version
        try connection.snapshot { () throws(CatalogError) in
            let limits = connection.limits
            let labels = try connection.has(table: "Adobe_images", columns: ["colorLabels"])
            // One table at a time, joined here: the catalog's own indexes never decide the cost.
            let folders = try Self.folders(connection, into: &read)
            // The files that are files of this library, by id (a virtual copy is another image of one file).
            var files: [Int64: CatalogRead.Slot] = [:]
            try connection.rows("""
                SELECT id_local, folder, CASE WHEN length(CAST(baseName AS BLOB)) + length(CAST(extension AS BLOB)) < 4096 THEN baseName END AS base,
                    extension FROM AgLibraryFile NOT INDEXED
                """, [], FileColumns.self) { row, column in
                try read.count()
                guard let folder = folders[row.int64(column.folder)], let base = CatalogConnection.bytes(row, column.base), !base.isEmpty else {
                    read.noPath()
                    return
                }
                let ext = CatalogConnection.bytes(row, column.ext) ?? []
                if let slot = read.place(folder, name: ext.isEmpty ? base : base + [UInt8(ascii: ".")] + ext, CatalogDecision()) {
                    files[row.int64(column.id)] = slot
                }
            }
            var images: [Int64: CatalogRead.Slot] = [:]
            var decided = Set<CatalogRead.Slot>()
            var rows = 0
            try connection.rows("""
                SELECT id_local, rating, pick, \(labels ? "colorLabels" : "NULL") AS label, rootFile FROM Adobe_images NOT INDEXED
                """, [], ImageColumns.self) { row, column in
                rows += 1
                guard rows <= limits.maxRows else { throw read.tooLarge("images") }
                guard let slot = files[row.int64(column.file)] else { return }
                var decision = CatalogDecision()
                if let rating = row.optionalInt64(column.rating) { decision.rating = Int(max(0, min(rating, 5))) }
                let pick = row.double(column.pick)
                if pick >= 0.5 { decision.pick = 1 } else if pick <= -0.5 { decision.pick = -1 }
                if let name = row.string(column.label), let label = ColorLabel(name: name) { decision.labels = [label.rawValue] }
                // The first image of a file says what it says; a virtual copy adds its most protective values.
                if decided.insert(slot).inserted {
                    read.update(slot) { $0 = decision }
                } else {
                    read.update(slot) { $0.mergeDuplicate(decision) }
                }
                images[row.int64(column.id)] = slot
            }
            try keywords(connection, images: images, into: &read)
        }
    }

    /// The library's folders by id: each root folder's absolute path joined with the folder's path from it.
    private static func folders(_ connection: CatalogConnection, into read: inout CatalogRead) throws(CatalogError) -> [Int64: CatalogRead.Folder] {
        let limits = connection.limits
        var roots: [Int64: [UInt8]] = [:], folders: [Int64: CatalogRead.Folder] = [:]
        try connection.rows("""
            SELECT id_local, CASE WHEN length(CAST(absolutePath AS BLOB)) < 4096 THEN absolutePath END AS path FROM AgLibraryRootFolder NOT INDEXED
            """) { row in
            guard roots.count < limits.maxRows else { throw read.tooLarge("root folders") }
            guard let path = CatalogConnection.bytes(row, row.index("path")) else { return }
            try read.keep(text: path.count)
            roots[row.int64("id_local")] = path
        }
        try connection.rows("""
            SELECT id_local, rootFolder, CASE WHEN length(CAST(pathFromRoot AS BLOB)) < 4096 THEN pathFromRoot END AS path FROM AgLibraryFolder NOT INDEXED
            """) { row in
            guard folders.count < limits.maxRows else { throw read.tooLarge("folders") }
            guard let root = roots[row.int64("rootFolder")] else { return }
            folders[row.int64("id_local")] = try read.folder(joinPath(root, CatalogConnection.bytes(row, row.index("path")) ?? []))
        }
        return folders
    }

    /// The keywords of the library's images (`images`, by image id), a keyword of type `person` as a person.
    private static func keywords(_ connection: CatalogConnection, images: [Int64: CatalogRead.Slot],
                                 into read: inout CatalogRead) throws(CatalogError) {
        let (limits, file) = (connection.limits, read.file)
        guard try connection.has(table: "AgLibraryKeyword", columns: ["id_local", "name", "parent"]),
              try connection.has(table: "AgLibraryKeywordImage", columns: ["image", "tag"]) else { return }
        // The keywords the library's images carry, then the tree (names only where needed).
        let wanted = try connection.taggings("SELECT image, tag FROM AgLibraryKeywordImage NOT INDEXED", of: images,
                                             path: file, kind: kind, naming: "keyworded images")
        guard !wanted.isEmpty else { return }
        let typed = try connection.has(table: "AgLibraryKeyword", columns: ["keywordType"])
        var tree = TagTree(maxDepth: limits.maxDepth)
        var people = Set<Int64>()
        var count = 0
        try connection.rows("""
            SELECT id_local, parent, CASE WHEN length(CAST(name AS BLOB)) <= ? THEN name END AS name,
                \(typed ? "keywordType" : "NULL") AS type FROM AgLibraryKeyword NOT INDEXED
            """, [.integer(Int64(CatalogText.maxLength))]) { row in
            count += 1
            guard count <= limits.maxRows else { throw read.tooLarge("keywords") }
            let name = row.string("name")
            try read.keep(text: name?.utf8.count ?? 0)
            tree.add(id: row.int64("id_local"), parent: row.optionalInt64("parent"), name: name)
            if row.string("type") == "person" { people.insert(row.int64("id_local")) }
        }
        for (tag, slots) in wanted.sorted(by: { $0.key < $1.key }) {
            let path = tree.path(tag)
            let text = path.flatMap { CatalogText.clean($0.joined(separator: "|")) }
            for slot in slots {
                guard let path, let text else { read.cut(slot); continue }
                if people.contains(tag) { read.person(slot, path.last ?? text) } else { read.tag(slot, text) }
            }
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
