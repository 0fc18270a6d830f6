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

    static func read(_ connection: CatalogConnection, into read: inout CatalogRead) throws(CatalogError) {
        let file = read.file
        for (table, columns) in [("Settings", ["keyword", "value"]), ("AlbumRoots", ["id", "identifier", "specificPath"]),
                                 ("Albums", ["id", "albumRoot", "relativePath"]), ("Images", ["id", "album", "name", "status"]),
                                 ("Tags", ["id", "pid", "name"]), ("ImageTags", ["imageid", "tagid"])] {
            guard try connection.has(table: table, columns: columns) else {
                throw .damaged(path: file, kind: kind, reason: "no \(table) table")
            }
        }
        let version = try connection.text("SELECT value FROM Settings NOT INDEXED WHERE keyword = 'DBVersion'") ?? "?"
        guard let number = Int(version), versions.contains(number) else { throw .unknownSchema(path: file, kind: kind, version: version) }
        read.version = version
        try connection.snapshot { () throws(CatalogError) in
            let limits = connection.limits
            let mounts = read.mounts
            var roots: [Int64: [UInt8]] = [:]
            try connection.rows("""
                SELECT id, identifier, CASE WHEN length(CAST(specificPath AS BLOB)) < 4096 THEN specificPath END AS path FROM AlbumRoots NOT INDEXED
                """) { row in
                guard roots.count < limits.maxRows else { throw read.tooLarge("album roots") }
                guard let base = mountPoint(CatalogConnection.bytes(row, row.index("identifier")) ?? [], mounts: mounts) else { return }
                let root = joinPath(base, CatalogConnection.bytes(row, row.index("path")) ?? [])
                try read.keep(text: root.count)
                roots[row.int64("id")] = root
            }
            var albums: [Int64: CatalogRead.Folder] = [:]
            try connection.rows("""
                SELECT id, albumRoot, CASE WHEN length(CAST(relativePath AS BLOB)) < 4096 THEN relativePath END AS path FROM Albums NOT INDEXED
                """) { row in
                guard albums.count < limits.maxRows else { throw read.tooLarge("albums") }
                guard let root = roots[row.int64("albumRoot")] else { return }
                albums[row.int64("id")] = try read.folder(joinPath(root, CatalogConnection.bytes(row, row.index("path")) ?? []))
            }
            var images: [Int64: CatalogRead.Slot] = [:]
            try connection.rows("""
                SELECT id, album, CASE WHEN length(CAST(name AS BLOB)) < 4096 THEN name END AS name, status FROM Images NOT INDEXED
                """, [], ImageColumns.self) { row, column in
                try read.count()
                let status = row.int64(column.status)
                guard status != 4, let album = albums[row.int64(column.album)], let name = CatalogConnection.bytes(row, column.name),
                      !name.isEmpty else {
                    read.noPath()
                    return
                }
                var decision = CatalogDecision()
                decision.hidden = status == 2
                decision.appTrash = status == 3
                if let slot = read.place(album, name: name, decision) { images[row.int64(column.id)] = slot }
            }
            if try connection.has(table: "ImageInformation", columns: ["imageid", "rating"]) {
                var ratings = 0
                try connection.rows("SELECT imageid, rating FROM ImageInformation NOT INDEXED WHERE rating >= 0", [], RatingColumns.self) { row, column in
                    ratings += 1
                    guard ratings <= limits.maxRows else { throw read.tooLarge("images") }
                    guard let slot = images[row.int64(column.image)] else { return }
                    let rating = Int(min(row.int64(column.rating), 5))
                    read.update(slot) { $0.rating = CatalogDecision.max($0.rating, rating) }
                }
            }
            // The tags the library's images carry, then the tree (names only where needed).
            let wanted = try connection.taggings("SELECT imageid AS image, tagid AS tag FROM ImageTags NOT INDEXED", of: images,
                                                 path: file, kind: kind, naming: "tagged images")
            guard !wanted.isEmpty else { return }
            var tree = TagTree(maxDepth: limits.maxDepth)
            var tagCount = 0
            try connection.rows("SELECT id, pid, CASE WHEN length(CAST(name AS BLOB)) <= ? THEN name END AS name FROM Tags NOT INDEXED",
                                [.integer(Int64(CatalogText.maxLength))]) { row in
                tagCount += 1
                guard tagCount <= limits.maxRows else { throw read.tooLarge("tags") }
                let parent = row.int64("pid")
                let name = row.string("name")
                try read.keep(text: name?.utf8.count ?? 0)
                tree.add(id: row.int64("id"), parent: parent == 0 ? nil : parent, name: name)
            }
            for (tag, slots) in wanted.sorted(by: { $0.key < $1.key }) {
                let path = tree.path(tag)
                for slot in slots {
                    if let path { apply(path, to: slot, read: &read) } else { read.cut(slot) }
                }
            }
        }
    }

    /// What one tag path (root first) says of `slot`: a pick or colour label, a person, or a tag.
    private static func apply(_ path: [String], to slot: CatalogRead.Slot, read: inout CatalogRead) {
        if path.first == internalRoot {
            guard let name = path.last else { return }
            switch name {
            case "Pick Label Accepted": read.update(slot) { $0.pick = 1 }
            case "Pick Label Rejected": read.update(slot) { if $0.pick != 1 { $0.pick = -1 } }
            default:
                if name.hasPrefix("Color Label "), let label = ColorLabel(name: String(name.dropFirst(12))) {
                    read.update(slot) { $0.labels = CatalogDecision.union($0.labels, [label.rawValue]) }
                }
            }
            return
        }
        if path.first == "People" {
            guard path.count > 1, !(path.count == 2 && unnamedFaces.contains(path[1])) else { return }
            read.person(slot, path.dropFirst().joined(separator: "|"))
            return
        }
        guard let tag = CatalogText.clean(path.joined(separator: "|")) else { read.cut(slot); return }
        read.tag(slot, tag)
    }

    /// The folder an album root's identifier names: `volumeid:?uuid=…` where that volume is mounted,
    /// `volumeid:?path=…` / `networkshareid:?mountpath=…` as written; nil when not resolvable (then
    /// the root's `specificPath` is taken from `/`, which `--map` can move).
    static func mountPoint(_ identifier: [UInt8], mounts: MountTable) -> [UInt8]? {
        guard let question = identifier.firstIndex(of: UInt8(ascii: "?")) else { return [] }
        var values: [String: [UInt8]] = [:]
        for pair in identifier[(question + 1)...].split(separator: UInt8(ascii: "&")) {
            guard let equals = pair.firstIndex(of: UInt8(ascii: "=")) else { continue }
            values[String(decoding: pair[..<equals], as: UTF8.self)] = percentDecoded(pair[(equals + 1)...])
        }
        if let path = values["path"] ?? values["mountpath"] { return path }
        if let uuid = values["uuid"] { return mounts.mountPoint(uuid: String(decoding: uuid, as: UTF8.self)).map { Array($0.utf8) } ?? [] }
        return []
    }

    /// `%XX` escapes decoded to their bytes (whatever they spell); a stray `%` kept as it is.
    static func percentDecoded(_ text: some Collection<UInt8>) -> [UInt8] {
        let bytes = Array(text)
        var result: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count,
               let value = UInt8(String(decoding: bytes[(index + 1)...(index + 2)], as: UTF8.self), radix: 16) {
                result.append(value)
                index += 3
            } else {
                result.append(bytes[index])
                index += 1
            }
        }
        return result
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
