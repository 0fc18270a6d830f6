/// Turns the staged set into journal items: each primary, then its Live Photo video half and its
/// sidecars (from the `companions` table and found next to it now), each with a destination.
struct JournalBuilder {
    let library: Library
    let db: Database
    let destination: CommitDestination
    var trash: FreeDesktopTrash
    private let root: [UInt8]
    private var names: [[UInt8]: TrashNames] = [:]
    private var folders: [PathKey: FolderListing] = [:]
    private var claimed: Set<PathKey> = []
    private var stagedIDs: Set<Int64> = []
    private var stagedCompanions: [Int64: [[UInt8]]] = [:]

    static let sidecarExtensions: [[UInt8]] = ["xmp", "XMP", "aae", "AAE"].map { Array($0.utf8) }
    static let jsonExtension = Array("json".utf8)
    static let movieExtensions: [[UInt8]] = ["MOV", "mov"].map { Array($0.utf8) }

    init(library: Library, db: Database, destination: CommitDestination, environment: [String: String]) {
        self.library = library
        self.db = db
        self.destination = destination
        self.trash = FreeDesktopTrash(environment: environment)
        self.root = Array(library.absolutePath(of: "").utf8)
    }

    /// The journal items for `staged`, in order, with sequence numbers and destinations.
    mutating func build(_ staged: [StagedAsset]) throws -> [JournalItem] {
        claimed = Set(staged.map { PathKey($0.path) })
        stagedIDs = Set(staged.map(\.id))
        stagedCompanions = try loadStagedCompanions()
        var entries: [[JournalItem]] = []
        entries.reserveCapacity(staged.count)
        for asset in staged {
            entries.append([item(role: "primary", asset: asset)] + (try livePartners(of: asset)))
        }
        // Sidecars once every Live Photo half is claimed: a shared `STEM.xmp` goes only when all its files go.
        for index in entries.indices {
            for member in entries[index] where member.assetID != nil {
                entries[index] += try sidecars(of: member)
            }
        }
        var items: [JournalItem] = []
        items.reserveCapacity(entries.reduce(0) { $0 + $1.count })
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

    private func item(role: String, asset: StagedAsset) -> JournalItem {
        JournalItem(seq: 0, entry: 0, role: role, assetID: asset.id, path: asset.path, device: asset.device,
                    inode: asset.inode, size: asset.size, mtimeNs: asset.mtimeNs, ctimeNs: asset.ctimeNs)
    }

    /// A file found on disk (not an indexed asset): journaled with the stat it has now.
    private mutating func fileItem(role: String, path: [UInt8]) -> JournalItem? {
        guard !claimed.contains(PathKey(path)), let info = FileOps.lstat(root + path).0, info.isRegular else { return nil }
        claimed.insert(PathKey(path))
        return JournalItem(seq: 0, entry: 0, role: role, assetID: nil, path: path, device: info.device,
                           inode: info.inode, size: info.size, mtimeNs: info.mtimeNs, ctimeNs: info.ctimeNs)
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
            for name in listing(folder).moviesByStem[PathKey(PathBytes.stem(PathBytes.basename(asset.path)))] ?? [] {
                let path = folder.isEmpty ? name : PathBytes.join(folder, name)
                if let id = try ids("SELECT id FROM assets WHERE path = ?", [PathBytes.sqlValue(path)]).first {
                    found += try StagedSet.assets(db, ids: [id])
                } else {
                    unindexed.append(path)
                }
            }
        }
        var items: [JournalItem] = []
        for partner in found where !claimed.contains(PathKey(partner.path)) {
            let status = ReviewStatus(stored: try db.scalar("SELECT status FROM reviews WHERE asset_id = ?", [.integer(partner.id)])?.string)
            if status == .kept { continue }
            claimed.insert(PathKey(partner.path))
            items.append(item(role: "live", asset: partner))
        }
        items += unindexed.compactMap { fileItem(role: "live", path: $0) }
        return items
    }

    /// Sidecars: `companions` rows, `NAME.xmp` / `NAME.aae` / `NAME.json` next to the file, and
    /// `STEM.xmp` / `STEM.aae` when no other file of that stem stays behind (RAW+JPEG share them).
    private mutating func sidecars(of member: JournalItem) throws -> [JournalItem] {
        var paths = try companions(of: member.assetID ?? 0)
        let folder = PathBytes.parent(member.path)
        let name = PathBytes.basename(member.path)
        let here = listing(folder)
        var names = here.sidecarsByOwner[PathKey(name)] ?? []
        let stem = PathBytes.stem(name)
        if let shared = here.sidecarsByOwner[PathKey(stem)], stem != name, stemIsLeaving(stem, folder: folder, listing: here) {
            names += shared.filter { Self.sidecarExtensions.contains(Array($0.dropFirst(stem.count + 1))) }
        }
        paths += names.map { folder.isEmpty ? $0 : PathBytes.join(folder, $0) }
        return paths.compactMap { fileItem(role: "sidecar", path: $0) }
    }

    /// The `companions` paths of every staged asset, in one query.
    private func loadStagedCompanions() throws -> [Int64: [[UInt8]]] {
        var result: [Int64: [[UInt8]]] = [:]
        try db.forEachRow("""
            SELECT c.asset_id, c.path FROM companions c JOIN reviews r ON r.asset_id = c.asset_id
            WHERE r.status = 'trashed' ORDER BY c.asset_id, c.path
            """) { row in
            result[row.int64(0), default: []].append(row.bytes(1) ?? [])
        }
        return result
    }

    private func companions(of assetID: Int64) throws -> [[UInt8]] {
        if stagedIDs.contains(assetID) { return stagedCompanions[assetID] ?? [] }
        var paths: [[UInt8]] = []
        try db.forEachRow("SELECT path FROM companions WHERE asset_id = ? ORDER BY path", [.integer(assetID)]) { row in
            paths.append(row.bytes(0) ?? [])
        }
        return paths
    }

    /// True when every non-sidecar file in `folder` named `stem.*` is part of this commit.
    private func stemIsLeaving(_ stem: [UInt8], folder: [UInt8], listing: FolderListing) -> Bool {
        for name in listing.primariesByStem[PathKey(stem)] ?? [] {
            if !claimed.contains(PathKey(folder.isEmpty ? name : PathBytes.join(folder, name))) { return false }
        }
        return true
    }

    private mutating func listing(_ folder: [UInt8]) -> FolderListing {
        if let known = folders[PathKey(folder)] { return known }
        let absolute = Array(library.root.utf8) + (folder.isEmpty ? [] : [PathBytes.slash] + folder)
        let listing = FolderListing(FileOps.listDirectory(absolute) ?? [])
        folders[PathKey(folder)] = listing
        return listing
    }

    private func ids(_ sql: String, _ arguments: [SQLValue]) throws -> [Int64] {
        var result: [Int64] = []
        try db.forEachRow(sql, arguments) { result.append($0.int64(0)) }
        return result
    }

    private mutating func assignDestination(_ item: inout JournalItem) throws {
        let source = root + item.path
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

/// One folder's names, grouped the ways a commit looks for companions.
private struct FolderListing {
    /// `OWNER.xmp`, `OWNER.aae` and `OWNER.json` files by OWNER (`IMG_1.JPG` or `IMG_1`).
    var sidecarsByOwner: [PathKey: [[UInt8]]] = [:]
    /// `STEM.MOV` files by STEM: Live Photo halves found by name.
    var moviesByStem: [PathKey: [[UInt8]]] = [:]
    /// `STEM.EXT` files (EXT without a dot, not a sidecar extension) by STEM: the files that must
    /// all leave before a shared `STEM.xmp` may go with them.
    var primariesByStem: [PathKey: [[UInt8]]] = [:]

    init(_ entries: [[UInt8]]) {
        for name in entries.sorted(by: PathBytes.precedes) {
            guard let dot = name.lastIndex(of: 46), dot > 0 else { continue }
            let stem = PathKey(Array(name[..<dot]))
            let ext = Array(name[(dot + 1)...])
            if JournalBuilder.sidecarExtensions.contains(ext) || ext == JournalBuilder.jsonExtension {
                sidecarsByOwner[stem, default: []].append(name)
                continue
            }
            if JournalBuilder.movieExtensions.contains(ext) { moviesByStem[stem, default: []].append(name) }
            primariesByStem[stem, default: []].append(name)
        }
    }
}
