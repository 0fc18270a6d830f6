/// Turns the staged set into journal items: each primary, then its Live Photo video half and its
/// sidecars (from the `companions` table and found next to it now), each with a destination.
struct JournalBuilder {
    let library: Library
    let db: Database
    let destination: CommitDestination
    var trash: FreeDesktopTrash
    private var names: [[UInt8]: TrashNames] = [:]
    private var listings: [[UInt8]: Set<[UInt8]>] = [:]
    private var claimed: Set<[UInt8]> = []

    static let sidecarExtensions: [[UInt8]] = ["xmp", "XMP", "aae", "AAE"].map { Array($0.utf8) }
    static let jsonExtension = Array("json".utf8)
    static let movieExtensions: [[UInt8]] = ["MOV", "mov"].map { Array($0.utf8) }

    init(library: Library, db: Database, destination: CommitDestination, environment: [String: String]) {
        self.library = library
        self.db = db
        self.destination = destination
        self.trash = FreeDesktopTrash(environment: environment)
    }

    /// The journal items for `staged`, in order, with sequence numbers and destinations.
    mutating func build(_ staged: [StagedAsset]) throws -> [JournalItem] {
        claimed = Set(staged.map(\.path))
        let snapshots = try AssetSnapshot.Capturer(db: db)
        var entries: [[JournalItem]] = []
        for asset in staged {
            var entry = [item(role: "primary", asset: asset, snapshot: try snapshots.capture(assetID: asset.id))]
            entry += try livePartners(of: asset)
            entries.append(entry)
        }
        for index in entries.indices {
            for member in entries[index] where member.assetID != nil {
                entries[index] += try sidecars(of: member)
            }
        }
        var items: [JournalItem] = []
        for entry in entries {
            let first = Int64(items.count + 1)
            for var member in entry {
                member.seq = Int64(items.count + 1)
                member.entry = first
                try assignDestination(&member)
                items.append(member)
            }
        }
        return items
    }

    private func item(role: String, asset: StagedAsset, snapshot: String?) -> JournalItem {
        JournalItem(seq: 0, entry: 0, role: role, assetID: asset.id, path: asset.path, device: asset.device,
                    inode: asset.inode, size: asset.size, mtimeNs: asset.mtimeNs, snapshot: snapshot)
    }

    /// A file found on disk (not an indexed asset): journaled with the stat it has now.
    private mutating func fileItem(role: String, path: [UInt8]) -> JournalItem? {
        guard !claimed.contains(path), let info = FileOps.lstat(Array(library.absolutePath(of: "").utf8) + path).0,
              info.isRegular else { return nil }
        claimed.insert(path)
        return JournalItem(seq: 0, entry: 0, role: role, assetID: nil, path: path, device: info.device,
                           inode: info.inode, size: info.size, mtimeNs: info.mtimeNs)
    }

    /// The video half of a Live Photo: indexed videos with the same `live_id`, or `STEM.MOV` next
    /// to a photo. A half the user marked kept stays.
    private mutating func livePartners(of asset: StagedAsset) throws -> [JournalItem] {
        var found: [StagedAsset] = []
        if let liveID = asset.liveID {
            found += try StagedSet.assets(db, ids: ids("SELECT id FROM assets WHERE live_id = ? AND id != ? AND kind = 'video'",
                                                       [.text(liveID), .integer(asset.id)]))
        }
        var unindexed: [[UInt8]] = []
        if asset.kind == "photo" {
            let folder = PathBytes.parent(asset.path)
            let stem = PathBytes.stem(PathBytes.basename(asset.path))
            for movie in Self.movieExtensions {
                let name = stem + [46] + movie
                guard listing(folder).contains(name) else { continue }
                let path = folder.isEmpty ? name : PathBytes.join(folder, name)
                if let id = try ids("SELECT id FROM assets WHERE path = ?", [PathBytes.sqlValue(path)]).first {
                    found += try StagedSet.assets(db, ids: [id])
                } else {
                    unindexed.append(path)
                }
            }
        }
        var items: [JournalItem] = []
        for partner in found where !claimed.contains(partner.path) {
            let status = ReviewStatus(stored: try db.scalar("SELECT status FROM reviews WHERE asset_id = ?", [.integer(partner.id)])?.string)
            if status == .kept { continue }
            claimed.insert(partner.path)
            items.append(item(role: "live", asset: partner, snapshot: try AssetSnapshot.capture(db, assetID: partner.id)))
        }
        items += unindexed.compactMap { fileItem(role: "live", path: $0) }
        return items
    }

    /// Sidecars: `companions` rows, `NAME.xmp` / `NAME.aae` / `NAME.json` next to the file, and
    /// `STEM.xmp` / `STEM.aae` when no other file of that stem stays behind (RAW+JPEG share them).
    private mutating func sidecars(of member: JournalItem) throws -> [JournalItem] {
        var paths: [[UInt8]] = []
        try db.forEachRow("SELECT path FROM companions WHERE asset_id = ?", [.integer(member.assetID ?? 0)]) { row in
            paths.append(row.bytes(0) ?? [])
        }
        let folder = PathBytes.parent(member.path)
        let name = PathBytes.basename(member.path)
        let stem = PathBytes.stem(name)
        let names = listing(folder)
        var candidates = (Self.sidecarExtensions + [Self.jsonExtension]).map { name + [46] + $0 }
        if stemIsLeaving(stem, folder: folder, names: names) {
            candidates += Self.sidecarExtensions.map { stem + [46] + $0 }
        }
        for candidate in candidates where names.contains(candidate) {
            paths.append(folder.isEmpty ? candidate : PathBytes.join(folder, candidate))
        }
        return paths.compactMap { fileItem(role: "sidecar", path: $0) }
    }

    /// True when every non-sidecar file in `folder` named `stem.*` is part of this commit.
    private func stemIsLeaving(_ stem: [UInt8], folder: [UInt8], names: Set<[UInt8]>) -> Bool {
        let prefix = stem + [46]
        for name in names where name.starts(with: prefix) {
            let ext = Array(name.dropFirst(prefix.count))
            if Self.sidecarExtensions.contains(ext) || ext == Self.jsonExtension || ext.contains(46) { continue }
            if !claimed.contains(folder.isEmpty ? name : PathBytes.join(folder, name)) { return false }
        }
        return true
    }

    private mutating func listing(_ folder: [UInt8]) -> Set<[UInt8]> {
        if let known = listings[folder] { return known }
        let absolute = Array(library.root.utf8) + (folder.isEmpty ? [] : [PathBytes.slash] + folder)
        let names = Set(FileOps.listDirectory(absolute) ?? [])
        listings[folder] = names
        return names
    }

    private func ids(_ sql: String, _ arguments: [SQLValue]) throws -> [Int64] {
        var result: [Int64] = []
        try db.forEachRow(sql, arguments) { result.append($0.int64(0)) }
        return result
    }

    private mutating func assignDestination(_ item: inout JournalItem) throws {
        let source = Array(library.absolutePath(of: "").utf8) + item.path
        switch destination {
        case .permanently:
            return
        case let .quarantine(directory):
            item.destination = PathBytes.join(Array(directory.utf8), item.path)
        case .trash:
            let location: TrashLocation
            do {
                location = try trash.location(for: source, device: item.device)
            } catch {
                item.reason = "no usable trash on its file system: \(error)"   // skipped by the Mover
                return
            }
            // Mutated in place: copying the pool out and back would copy its set for every item.
            let name = names[location.directory, default: TrashNames(location: location)].allocate(PathBytes.basename(item.path))
            item.destination = location.filePath(name)
            item.info = location.infoPath(name)
        }
    }
}
