/// Turns the staged set into journal items: each staged asset (the halves of a Live Photo are staged
/// assets of their own), then the sidecars that travel with it, each with a destination.
///
/// Which sidecars travel, and whether an asset may go at all, is the ``Companions`` registry's
/// answer, read from disk now: a sidecar another file still owns stays; an asset whose sidecars
/// changed since they were scanned, or whose Live Photo pair is not leaving with it, is journaled
/// as skipped (the Mover never touches it) and stays staged.
struct JournalBuilder {
    let library: Library
    let db: Database
    let destination: CommitDestination
    var trash: FreeDesktopTrash
    private let root: [UInt8]
    private var names: [[UInt8]: TrashNames] = [:]

    init(library: Library, db: Database, destination: CommitDestination, environment: [String: String]) {
        self.library = library
        self.db = db
        self.destination = destination
        self.trash = FreeDesktopTrash(environment: environment)
        self.root = Array(library.absolutePath(of: "").utf8)
    }

    /// The journal items for `staged`, in order, with sequence numbers and destinations.
    mutating func build(_ staged: [StagedAsset]) throws -> [JournalItem] {
        var resolver = CompanionResolver(root: root)
        let refusals = try Departure.refusals(staged, db: db, resolver: &resolver, twins: .bytes)
        let leaving = refusals.isEmpty ? staged : staged.filter { refusals[$0.id] == nil }
        // Asked only of the owners of a shared sidecar: most commits never need it.
        var byPath: [PathKey: StagedAsset]?
        let companions = resolver.plan(leaving.map(\.path)) { owner in
            if byPath == nil { byPath = Dictionary(leaving.map { (PathKey($0.path), $0) }, uniquingKeysWith: { first, _ in first }) }
            guard let asset = byPath?[PathKey(owner)], let now = FileOps.lstat(root + owner).0 else { return false }
            return now.isUnchanged(since: asset.withoutCtime)
        }
        var travelling: [PathKey: [Companion]] = [:]
        for companion in companions.travelling { travelling[PathKey(companion.owner), default: []].append(companion) }

        // Files that share a travelling sidecar make one entry: if one of them is skipped at the
        // move, the sidecar stays with it (the carrier keeps an entry's sidecars when any primary is).
        var parent: [PathKey: PathKey] = [:]
        func leader(_ key: PathKey) -> PathKey {
            var key = key
            while let up = parent[key], up != key { parent[key] = parent[up]; key = up }
            return key
        }
        for companion in companions.travelling where companion.owners.count > 1 {
            let keys = companion.owners.map(PathKey.init)
            for key in keys where parent[key] == nil { parent[key] = key }
            let root = leader(keys[0])
            for key in keys.dropFirst() { parent[leader(key)] = root }
        }
        var group: [PathKey: PathKey] = [:]
        for key in parent.keys { group[key] = leader(key) }
        var members: [PathKey: [StagedAsset]] = [:]
        // (Most commits share no sidecar: then no path is looked up, here or below.)
        if !group.isEmpty {
            for asset in leaving { if let leader = group[PathKey(asset.path)] { members[leader, default: []].append(asset) } }
        }

        var items: [JournalItem] = []
        items.reserveCapacity(staged.count + companions.travelling.count)
        for asset in staged {
            if let refusal = refusals[asset.id] {
                let seq = Int64(items.count + 1)
                var primary = Self.item(asset, seq: seq, entry: seq)
                primary.state = .skipped
                primary.reason = refusal
                items.append(primary)
                continue
            }
            let entry: [StagedAsset]
            if !group.isEmpty, let leader = group[PathKey(asset.path)] {
                guard let together = members.removeValue(forKey: leader) else { continue }   // journaled with its first
                entry = together
            } else {
                entry = [asset]
            }
            let first = Int64(items.count + 1)
            for member in entry {
                var primary = Self.item(member, seq: Int64(items.count + 1), entry: first)
                try assignDestination(&primary)
                items.append(primary)
            }
            for member in entry {
                for companion in travelling[PathKey(member.path)] ?? [] {
                    var item = JournalItem(seq: Int64(items.count + 1), entry: first, role: .sidecar, assetID: nil,
                                           path: companion.path, device: companion.stat.device, inode: companion.stat.inode,
                                           size: companion.stat.size, mtimeNs: companion.stat.mtimeNs,
                                           ctimeNs: companion.stat.ctimeNs)
                    try assignDestination(&item)
                    items.append(item)
                }
            }
        }
        return items
    }

    private static func item(_ asset: StagedAsset, seq: Int64, entry: Int64) -> JournalItem {
        JournalItem(seq: seq, entry: entry, role: .primary, assetID: asset.id, path: asset.path, device: asset.device,
                    inode: asset.inode, size: asset.size, mtimeNs: asset.mtimeNs, ctimeNs: asset.ctimeNs)
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
                item.reason = .refused("no usable trash on its file system: \(error)")   // skipped by the Mover
                return
            }
            // Mutated in place: copying the pool out and back would copy its set for every item.
            let name = names[location.directory, default: TrashNames(location: location)].allocate(PathBytes.basename(item.path))
            item.destination = location.filePath(name)
            item.info = location.infoPath(name)
        }
    }
}

