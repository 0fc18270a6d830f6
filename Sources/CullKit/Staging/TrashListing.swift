#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch

/// What `cull trash` shows: the staged assets, sorted and filtered, with totals by rule.
public struct TrashListing: Sendable {
    /// Sort orders of the listing.
    public enum Order: String, Sendable, CaseIterable {
        case largest, newest, oldest, path
    }

    /// Count and bytes of one rule's (or all) staged assets.
    public struct Total: Sendable, Equatable {
        public let rule: String
        public var count: Int
        public var bytes: Int64
    }

    /// The staged assets shown, filtered and sorted.
    public let items: [StagedAsset]
    /// Every staged asset in path order, whatever the filters: what a commit takes.
    public let staged: [StagedAsset]
    public let byRule: [Total]
    public let total: Total
    /// Of the whole staged set (filters do not change it), as `cull commit --fingerprint` checks it.
    public let fingerprint: String
    /// The sidecars that would travel with the whole staged set, and those that stay because a
    /// file that stays shares them, as on disk now (what a commit would do).
    public let companions: CompanionPlan
    /// Staged assets a commit would skip now, with the reason (a sidecar changed since the scan, a
    /// Live Photo half without its pair): shown, but not counted in what would go.
    public let heldBack: [Int64: SkipReason]
    /// Staged assets whose file is no longer there (deleted or moved outside Cull), looked up on
    /// every load: shown as gone and left out of the totals. A commit books them as already gone
    /// (done); they stay in the fingerprint, which is of the staged rows, so a file vanishing
    /// between review and commit does not break `--fingerprint`.
    public let gone: Set<Int64>

    /// Loads the staged set with the filters applied, sorted by `order`. `stagedBefore` (seconds
    /// since 1970) narrows the staged set itself to what was staged at or before then: the grace
    /// period of `cull commit --staged-before`, so `staged`, the totals and the fingerprint are of
    /// that part only, and whatever was staged later stays staged.
    public init(db: Database, order: Order = .largest, kind: MediaKind? = nil, rule: String? = nil,
                stagedBefore: Int64? = nil) throws {
        let all = try StagedSet.load(db)
        staged = stagedBefore.map { cutoff in all.filter { $0.stagedAt <= cutoff } } ?? all
        var items = staged
        if let kind { items.removeAll { $0.kind != kind } }
        if let rule { items.removeAll { $0.rule != rule } }
        switch order {
        // The staged set comes in path order: sizes alone are compared, and each asset is moved once
        // (sorting the assets themselves swapped half a million of them, strings and all).
        case .largest:
            let sizes = items.map(\.size)
            items = items.indices.sorted { (sizes[$1], $0) < (sizes[$0], $1) }.map { items[$0] }
        case .newest: items = DateOrder.newest.sorted(items, taken: \.taken)
        case .oldest: items = DateOrder.oldest.sorted(items, taken: \.taken)
        case .path: break
        }
        self.items = items
        fingerprint = Fingerprint.of(staged)
        var resolver = CompanionResolver(indexOf: db)
        // What is gone is looked up on another thread while this one asks what may leave: the one
        // looks only at the file system, the other mostly at the index.
        let missing = ParallelResults<Set<Int64>>(count: 1, initial: [])
        let looking = DispatchGroup()
        if let root = resolver?.root {
            let staged = staged
            DispatchQueue.global(qos: .userInitiated).async(group: looking) { missing.set(0, TrashListing.missing(staged, root: root)) }
        }
        // Asked of the whole staged set, as the commit asks it (a gone half still counts as staged
        // for its pair).
        var refusals: [Int64: SkipReason]?
        do {
            defer { looking.wait() }
            if var asked = resolver {
                refusals = try Departure.refusals(staged, db: db, resolver: &asked, twins: .identity)
                resolver = asked
            }
        }
        let gone = missing.values[0]
        self.gone = gone
        var totals: [String: Total] = [:]
        for item in items where !gone.contains(item.id) {
            let rule = item.rule ?? "(none)"
            totals[rule, default: Total(rule: rule, count: 0, bytes: 0)].count += 1
            totals[rule]!.bytes += item.size
        }
        byRule = totals.values.sorted { ($0.bytes, $1.rule) > ($1.bytes, $0.rule) }
        total = Total(rule: "total", count: totals.values.reduce(0) { $0 + $1.count }, bytes: totals.values.reduce(0) { $0 + $1.bytes })
        if var resolver, let refusals = refusals?.filter({ !gone.contains($0.key) }) {
            // What is gone is not also held back.
            heldBack = refusals
            companions = resolver.plan(staged.filter { refusals[$0.id] == nil && !gone.contains($0.id) }.map(\.path))
        } else {
            heldBack = [:]
            companions = CompanionPlan()
        }
    }

    /// The staged files still there and their bytes, as the listing's ``total`` counts them (what
    /// `cull status` shows): read from the staged rows' paths and sizes alone, without the listing's
    /// order, fingerprint, companions and what a commit would hold back.
    public static func total(db: Database) throws -> Total {
        let staged = try StagedSet.files(db)
        let gone = CompanionResolver(indexOf: db).map { missing(staged, root: $0.root) } ?? []
        var total = Total(rule: "total", count: 0, bytes: 0)
        for file in staged where !gone.contains(file.id) {
            total.count += 1
            total.bytes += file.size
        }
        return total
    }

    /// The staged assets whose file is not there: ENOENT or ENOTDIR, found by descriptor from the
    /// library root, as the commit's carrier walks and decides "already gone"; anything else (a
    /// changed file, a permission, a folder that became a symlink) is the commit's to judge.
    /// A folder with many staged files is read once instead of looked up per file, holding only
    /// their names (never all of a big folder's), and only until it has seen them all: a name it
    /// lists is there, and only a name it does not list is looked up (a file system may match a
    /// name it does not hold byte for byte: case- or normalization-insensitive). A folder with a
    /// few is not read: one big folder would cost more to read than their lookups.
    private static func missing(_ staged: [some FingerprintedFile], root: [UInt8]) -> Set<Int64> {
        guard let library = DirectoryHandle.open(root).0 else { return [] }
        // Each folder's staged names and ids, not copies of whole assets (its only use of them).
        var byFolder: [[UInt8]: [(name: PathKey, id: Int64)]] = [:]
        for index in staged.indices where !PathBytes.escapes(staged[index].path) {
            let path = staged[index].path
            byFolder[PathBytes.parent(path), default: []].append((PathKey(PathBytes.basename(path)), staged[index].id))
        }
        var missing: Set<Int64> = []
        for (folder, assets) in byFolder {
            let (handle, code) = library.walk(folder)
            guard let handle else {
                if code == ENOENT || code == ENOTDIR { missing.formUnion(assets.map(\.id)) }
                continue
            }
            var unlisted = Dictionary(assets.map { ($0.name, $0.id) }, uniquingKeysWith: { first, _ in first })
            if assets.count >= Self.listedFolder {
                handle.forEachName { name in
                    unlisted[PathKey(name)] = nil
                    return !unlisted.isEmpty
                }
            }
            for (name, id) in unlisted {
                let code = handle.stat(name.bytes).1
                if code == ENOENT || code == ENOTDIR { missing.insert(id) }
            }
        }
        return missing
    }

    /// How many staged files a folder holds before ``missing(_:root:)`` reads it instead of
    /// looking each of them up.
    private static let listedFolder = 16

    /// The staged assets a commit would move now: neither gone nor held back.
    public var leaving: [StagedAsset] { staged.filter { !gone.contains($0.id) && heldBack[$0.id] == nil } }
}
