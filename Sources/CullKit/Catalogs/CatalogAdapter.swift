/// One photo manager's catalog format: how to find its rows, their paths and their decisions.
///
/// An adapter only reads, through a ``CatalogConnection`` (read-only, bounded); it returns every row
/// with the absolute path the application knows it by, and never decides what is in the library
/// (``CatalogPaths`` does, the same way for every kind).
protocol CatalogAdapter {
    static var kind: CatalogKind { get }

    /// Reads every file the catalog lists. `file` is the catalog's path; `mounts` resolves volume ids.
    static func read(_ connection: CatalogConnection, file: String, mounts: MountTable) throws(CatalogError) -> CatalogRead

    /// The other files the catalog is made of (darktable's `data.db`): a change in any is a change.
    static func companions(of file: String) -> [String]
}

extension CatalogAdapter {
    static func companions(of file: String) -> [String] { [] }
}

/// Everything one read of a catalog gave.
struct CatalogRead: Sendable {
    var version: String
    /// Absolute path (as the catalog writes it) → what the catalog says about that file, duplicates merged.
    var rows: [String: CatalogDecision] = [:]
    /// Rows without a usable path (digiKam's own trash, a file with no folder).
    var pathless = 0
    /// Tags dropped by ``CatalogLimits`` (too many for one file, too long, too deep).
    var dropped = 0

    init(version: String) { self.version = version }

    /// Adds a row, merging it with an earlier row for the same file (the most protective values win).
    mutating func add(_ path: String, _ decision: CatalogDecision, limits: CatalogLimits) {
        var decision = decision
        if decision.tags.count > limits.maxTagsPerFile {
            dropped += decision.tags.count - limits.maxTagsPerFile
            decision.tags = Array(decision.tags.prefix(limits.maxTagsPerFile))
        }
        if decision.people.count > limits.maxTagsPerFile {
            dropped += decision.people.count - limits.maxTagsPerFile
            decision.people = Array(decision.people.prefix(limits.maxTagsPerFile))
        }
        decision.normalise()
        if var known = rows[path] {
            known.mergeDuplicate(decision)
            rows[path] = known
        } else {
            rows[path] = decision
        }
    }
}

/// Names in a tree (digiKam's tags, Lightroom's keywords): each node's path from its root, walked up
/// its parents at most ``CatalogLimits/maxDepth`` levels and never round a cycle.
struct TagTree {
    private var nodes: [Int64: (parent: Int64?, name: String?)] = [:]
    private var paths: [Int64: [String]?] = [:]
    let maxDepth: Int

    init(maxDepth: Int) { self.maxDepth = maxDepth }

    mutating func add(id: Int64, parent: Int64?, name: String?) {
        nodes[id] = (parent, name.flatMap(CatalogText.clean))
    }

    /// The names from the root to `id` (the root itself included when it is named); nil for an
    /// unknown node, a cycle or a tree deeper than the limit.
    mutating func path(_ id: Int64) -> [String]? {
        if let known = paths[id] { return known }
        var names: [String] = []
        var seen = Set<Int64>()
        var current: Int64? = id
        while let node = current, let entry = nodes[node] {
            guard seen.insert(node).inserted, names.count < maxDepth else { paths[id] = .some(nil); return nil }
            if let name = entry.name { names.append(name) }
            current = entry.parent
        }
        guard current == nil || nodes[current!] == nil else { paths[id] = .some(nil); return nil }
        let result: [String]? = names.isEmpty ? nil : names.reversed()
        paths[id] = .some(result)
        return result
    }
}
