/// One sidecar file that travels with (or stays for) a leaving file.
public struct Companion: Sendable, Equatable {
    /// Library-relative path bytes.
    public let path: [UInt8]
    public let role: SidecarRole
    /// The leaving file it travels with (the last of its owners in commit order).
    public let owner: [UInt8]
    public let size: Int64
    /// The owners that stay (empty when it travels): the reason it stays.
    public let sharedWith: [[UInt8]]
    let stat: FileIdentity
    /// Every owner of a travelling sidecar (more than one when it is shared); the commit journals
    /// them as one entry, so the sidecar goes only if every one of them goes.
    var owners: [[UInt8]] = []
}

/// What travels with a set of leaving files, as found on disk now.
public struct CompanionPlan: Sendable {
    /// Sidecars every owner of which leaves: they go too.
    public var travelling: [Companion] = []
    /// Sidecars of leaving files that another file, staying, also owns: they stay.
    public var staying: [Companion] = []

    public var bytes: Int64 { travelling.reduce(0) { $0 + $1.size } }
}

/// Finds the companions of leaving files on disk, one folder listing each: for `cull trash`, the
/// plan, the commit prompt and the commit, so all four say the same thing. A sidecar travels only
/// when every file that owns it (by ``Companions`` name rules, any file that is not itself a sidecar,
/// indexed or not) leaves too: whatever the index says, a file that stays keeps its sidecar.
struct CompanionResolver {
    /// The library root with a trailing slash.
    let root: [UInt8]
    private var folders: [PathKey: FolderCompanions] = [:]
    /// The folder asked last: staged sets come in path order, so most lookups are the same folder again.
    private var last: (folder: [UInt8], listing: FolderCompanions)?

    init(root: [UInt8]) {
        self.root = root.last == PathBytes.slash ? root : root + [PathBytes.slash]
    }

    /// The sidecars of library-relative `path` on disk now (regular files only), in scanner order,
    /// with their stamps: what the scanner would record for it.
    mutating func sidecars(of path: [UInt8]) -> [SidecarFile] {
        let folder = PathBytes.parent(path)
        let here = listing(folder)
        guard !here.owned.isEmpty else { return [] }
        return (here.owned[PathKey(PathBytes.basename(path))] ?? []).compactMap { entry in
            let relative = folder.isEmpty ? entry.name : PathBytes.join(folder, entry.name)
            guard let info = FileOps.lstat(root + relative).0, info.isRegular else { return nil }
            return SidecarFile(relativePath: relative, role: entry.role, identity: info)
        }
    }

    /// What travels with `leaving` (library-relative paths in commit order) and what stays.
    /// `intact` says whether a leaving file still is what was staged: a sidecar shared by several
    /// leaving files goes only if each of them is (one that will be skipped keeps it).
    mutating func plan(_ leaving: [[UInt8]], intact: ([UInt8]) -> Bool = { _ in true }) -> CompanionPlan {
        // Only folders holding a sidecar matter; most hold none.
        var candidates: [(path: [UInt8], folder: [UInt8], here: FolderCompanions)] = []
        var position: [PathKey: Int] = [:]
        for (index, path) in leaving.enumerated() {
            let folder = PathBytes.parent(path)
            let here = listing(folder)
            guard !here.owned.isEmpty else { continue }
            position[PathKey(path)] = index
            candidates.append((path, folder, here))
        }
        var seen = Set<PathKey>()
        var plan = CompanionPlan()
        for (path, folder, here) in candidates {
            for entry in here.owned[PathKey(PathBytes.basename(path))] ?? [] {
                let relative = folder.isEmpty ? entry.name : PathBytes.join(folder, entry.name)
                guard seen.insert(PathKey(relative)).inserted,
                      let info = FileOps.lstat(root + relative).0, info.isRegular else { continue }
                let owners = (here.owners[PathKey(entry.name)] ?? []).map { folder.isEmpty ? $0 : PathBytes.join(folder, $0) }
                let shared = owners.count > 1
                let staying = owners.filter { owner in
                    position[PathKey(owner)] == nil || (shared && !intact(owner))
                }
                let last = owners.max { (position[PathKey($0)] ?? -1) < (position[PathKey($1)] ?? -1) } ?? path
                if staying.isEmpty {
                    plan.travelling.append(Companion(path: relative, role: entry.role, owner: last, size: info.size,
                                                     sharedWith: [], stat: info, owners: owners))
                } else {
                    plan.staying.append(Companion(path: relative, role: entry.role, owner: path, size: info.size,
                                                  sharedWith: staying, stat: info))
                }
            }
        }
        return plan
    }

    private mutating func listing(_ folder: [UInt8]) -> FolderCompanions {
        if let last, last.folder == folder { return last.listing }
        let listing: FolderCompanions
        if let known = folders[PathKey(folder)] {
            listing = known
        } else {
            let absolute = folder.isEmpty ? Array(root.dropLast()) : root + folder
            listing = FolderCompanions(FileOps.listDirectory(absolute) ?? [])
            folders[PathKey(folder)] = listing
        }
        last = (folder, listing)
        return listing
    }
}

/// One folder's files, matched by the ``Companions`` name rules.
private struct FolderCompanions {
    /// Each file's sidecars (names as on disk), in scanner order.
    var owned: [PathKey: [(name: [UInt8], role: SidecarRole)]] = [:]
    /// Each sidecar's owners: every file that is not a sidecar and whose rules select it.
    var owners: [PathKey: [[UInt8]]] = [:]

    init(_ entries: [[UInt8]]) {
        // Most folders hold no sidecar at all: find that out before sorting or folding any name.
        let isSidecar = entries.map { Companions.sidecarRole(bytes: $0) != nil }
        guard isSidecar.contains(true) else { return }
        var sidecars: [String: [[UInt8]]] = [:]
        var others: [[UInt8]] = []
        for (index, name) in entries.enumerated() {
            if isSidecar[index] {
                for key in Companions.filingNames(Companions.folded(name)) { sidecars[key, default: []].append(name) }
            } else {
                others.append(name)
            }
        }
        for key in sidecars.keys { sidecars[key]?.sort(by: PathBytes.precedes) }
        for name in others.sorted(by: PathBytes.precedes) {
            var mine: [(name: [UInt8], role: SidecarRole)] = []
            for (candidate, role) in Companions.candidates(Companions.folded(name)) {
                for sidecar in sidecars[candidate] ?? [] {
                    mine.append((sidecar, role))
                    owners[PathKey(sidecar), default: []].append(name)
                }
            }
            if !mine.isEmpty { owned[PathKey(name)] = mine }
        }
    }
}

extension CompanionResolver {
    /// The resolver for the library whose index `db` is (`ROOT/.cull/index.sqlite`); nil for an
    /// index elsewhere (an in-memory test database), which has no files to look at.
    init?(indexOf db: Database) {
        let suffix = "/.cull/index.sqlite"
        guard db.path.hasSuffix(suffix) else { return nil }
        let root = String(db.path.dropLast(suffix.count))
        self.init(root: Array((root.isEmpty ? "/" : root).utf8))
    }
}
