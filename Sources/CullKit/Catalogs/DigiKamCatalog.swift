/// digiKam's `digikam4.db` (SQLite; a collection kept in MySQL/MariaDB is named by digikamrc and
/// refused as unsupported).
///
/// `ImageInformation.rating` (-1 none, 0–5); pick and colour labels are the internal tags under
/// `_Digikam_Internal_Tags_`, found by name; `Images.status` 2 hidden, 3 in digiKam's trash (its file
/// moved to `.dtrash`, so it has no path here); people are the tags under `People` (without its
/// Unknown, Ignored and Unconfirmed faces). Path = the album root's mount point (`volumeid:?uuid=…`
/// through the mounted file systems, `?path=` directly) + `specificPath` + `Albums.relativePath` +
/// `Images.name`.
enum DigiKamCatalog: CatalogAdapter {
    static let kind = CatalogKind.digikam
    /// `Settings.DBVersion` values whose layout this reader knows (digiKam 2 … 8).
    static let versions = 6...16
    static let internalRoot = "_Digikam_Internal_Tags_"
    static let unnamedFaces: Set<String> = ["Unknown", "Ignored", "Unconfirmed"]

    static func read(_ connection: CatalogConnection, file: String, mounts: MountTable) throws(CatalogError) -> CatalogRead {
        for (table, columns) in [("Settings", ["keyword", "value"]), ("AlbumRoots", ["id", "identifier", "specificPath"]),
                                 ("Albums", ["id", "albumRoot", "relativePath"]), ("Images", ["id", "album", "name", "status"]),
                                 ("Tags", ["id", "pid", "name"]), ("ImageTags", ["imageid", "tagid"])] {
            guard try connection.has(table: table, columns: columns) else {
                throw .damaged(path: file, kind: kind, reason: "no \(table) table")
            }
        }
        let version = try connection.text("SELECT value FROM Settings WHERE keyword = 'DBVersion'") ?? "?"
        guard let number = Int(version), versions.contains(number) else { throw .unknownSchema(path: file, kind: kind, version: version) }
        return try connection.snapshot { () throws(CatalogError) -> CatalogRead in
            let limits = connection.limits
            var read = CatalogRead(version: version)
            var roots: [Int64: String] = [:]
            try connection.rows("SELECT id, identifier, specificPath FROM AlbumRoots") { row in
                guard let base = mountPoint(row.string("identifier") ?? "", mounts: mounts) else { return }
                roots[row.int64("id")] = join(base, row.string("specificPath") ?? "")
            }
            var albums: [Int64: String] = [:]
            try connection.rows("SELECT id, albumRoot, CASE WHEN length(relativePath) < 4096 THEN relativePath END AS path FROM Albums") { row in
                guard albums.count < limits.maxRows else { throw CatalogError.tooLarge(path: file, kind: kind, reason: "more than \(limits.maxRows) albums") }
                guard let root = roots[row.int64("albumRoot")] else { return }
                albums[row.int64("id")] = join(root, row.string("path") ?? "")
            }
            var tree = TagTree(maxDepth: limits.maxDepth)
            var tagCount = 0
            try connection.rows("SELECT id, pid, CASE WHEN length(name) <= ? THEN name END AS name FROM Tags",
                                [.integer(Int64(CatalogText.maxLength))]) { row in
                tagCount += 1
                guard tagCount <= limits.maxRows else { throw CatalogError.tooLarge(path: file, kind: kind, reason: "more than \(limits.maxRows) tags") }
                let parent = row.int64("pid")
                tree.add(id: row.int64("id"), parent: parent == 0 ? nil : parent, name: row.string("name"))
            }
            var images: [Int64: (path: String, decision: CatalogDecision)] = [:]
            var rows = 0
            var ratings: [Int64: Int64] = [:]
            if try connection.has(table: "ImageInformation", columns: ["imageid", "rating"]) {
                try connection.rows("SELECT imageid, rating FROM ImageInformation WHERE rating >= 0", [], RatingColumns.self) { row, column in
                    guard ratings.count < limits.maxRows else { throw CatalogError.tooLarge(path: file, kind: kind, reason: "more than \(limits.maxRows) images") }
                    ratings[row.int64(column.image)] = row.int64(column.rating)
                }
            }
            try connection.rows("SELECT id, album, CASE WHEN length(name) < 4096 THEN name END AS name, status FROM Images", [], ImageColumns.self) { row, column in
                rows += 1
                guard rows <= limits.maxRows else { throw CatalogError.tooLarge(path: file, kind: kind, reason: "more than \(limits.maxRows) images") }
                let status = row.int64(column.status)
                guard status != 4, let album = albums[row.int64(column.album)], let name = row.string(column.name), !name.isEmpty else {
                    read.pathless += 1
                    return
                }
                var decision = CatalogDecision()
                if let rating = ratings[row.int64(column.id)] { decision.rating = Int(min(rating, 5)) }
                decision.hidden = status == 2
                decision.appTrash = status == 3
                images[row.int64(column.id)] = (join(album, name), decision)
            }
            var tagged = 0
            try connection.rows("SELECT imageid AS image, tagid AS tag FROM ImageTags", [], CatalogConnection.TaggingColumns.self) { row, column in
                tagged += 1
                guard tagged <= limits.maxRows * 4 else {
                    throw CatalogError.tooLarge(path: file, kind: kind, reason: "more than \(limits.maxRows * 4) tagged images")
                }
                let id = row.int64(column.image)
                guard images[id] != nil, let path = tree.path(row.int64(column.tag)) else { return }
                apply(path, to: &images[id]!.decision, read: &read, limits: limits)
            }
            for (_, image) in images { read.add(image.path, image.decision, limits: limits) }
            return read
        }
    }

    /// What one tag path (root first) says: a pick or colour label, a person, or a tag.
    private static func apply(_ path: [String], to decision: inout CatalogDecision, read: inout CatalogRead, limits: CatalogLimits) {
        if path.first == internalRoot {
            guard let name = path.last else { return }
            switch name {
            case "Pick Label Accepted": decision.pick = 1
            case "Pick Label Rejected": if decision.pick != 1 { decision.pick = -1 }
            default:
                if name.hasPrefix("Color Label "), let label = ColorLabel(name: String(name.dropFirst(12))) {
                    decision.labels.append(label.rawValue)
                }
            }
            return
        }
        if path.first == "People" {
            guard path.count > 1, !(path.count == 2 && unnamedFaces.contains(path[1])) else { return }
            if decision.people.count < limits.maxTagsPerFile { decision.people.append(path.dropFirst().joined(separator: "|")) } else { read.dropped += 1 }
            return
        }
        guard let tag = CatalogText.clean(path.joined(separator: "|")) else { read.dropped += 1; return }
        if decision.tags.count < limits.maxTagsPerFile { decision.tags.append(tag) } else { read.dropped += 1 }
    }

    /// The folder an album root's identifier names: `volumeid:?uuid=…` where that volume is mounted,
    /// `volumeid:?path=…` / `networkshareid:?mountpath=…` as written; nil when not resolvable (then
    /// the root's `specificPath` is taken from `/`, which `--map` can move).
    static func mountPoint(_ identifier: String, mounts: MountTable) -> String? {
        guard let query = identifier.split(separator: "?", maxSplits: 1).dropFirst().first else { return "" }
        var values: [String: String] = [:]
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
            if parts.count == 2 { values[parts[0]] = parts[1].removingPercentEncoding ?? parts[1] }
        }
        if let path = values["path"] ?? values["mountpath"] { return path }
        if let uuid = values["uuid"] { return mounts.mountPoint(uuid: uuid) ?? "" }
        return ""
    }

    static func join(_ base: String, _ part: String) -> String {
        let trimmed = part.drop { $0 == "/" }
        guard !trimmed.isEmpty else { return base.isEmpty ? "/" : base }
        return (base.hasSuffix("/") ? base : base + "/") + trimmed
    }

    /// The columns of the reads of every image and rating, by name.
    private struct ImageColumns: RowColumns {
        let id, album, name, status: Row.Column
        init(_ row: Row) { (id, album, name, status) = (row.index("id"), row.index("album"), row.index("name"), row.index("status")) }
    }

    private struct RatingColumns: RowColumns {
        let image, rating: Row.Column
        init(_ row: Row) { (image, rating) = (row.index("imageid"), row.index("rating")) }
    }
}
