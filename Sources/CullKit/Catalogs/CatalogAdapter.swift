/// One photo manager's catalog format: how to find its rows, their paths and their decisions.
///
/// An adapter only reads, through a ``CatalogConnection`` (read-only, bounded), one table at a time
/// (`NOT INDEXED`: a hostile catalog's indexes and statistics never decide the cost or the rows), and
/// streams each file row into a ``CatalogRead`` as the catalog writes its folder and name, as bytes; it
/// never decides what is in the library (``CatalogRead`` does, through ``CatalogPaths``, the same way
/// for every kind), and keeps only what it needs of the rows that are library files.
protocol CatalogAdapter {
    static var kind: CatalogKind { get }

    /// Reads every file the catalog lists into `read` (its version too); `read.mounts` resolves volume ids.
    static func read(_ connection: CatalogConnection, into read: inout CatalogRead) throws(CatalogError)

    /// The other files the catalog is made of (darktable's `data.db`): a change in any is a change.
    static func companions(of file: String) -> [String]
}

extension CatalogAdapter {
    static func companions(of file: String) -> [String] { [] }
}

/// A file path as a catalog writes it whole (Shotwell): its folder and its name, at the last slash.
func splitPath(_ path: [UInt8]) -> (folder: [UInt8], name: [UInt8])? {
    guard let slash = path.lastIndex(of: PathBytes.slash), slash + 1 < path.count else { return nil }
    return (slash == 0 ? [PathBytes.slash] : Array(path[..<slash]), Array(path[(slash + 1)...]))
}

/// `base` and `part` joined by one slash (digiKam's roots and albums, Lightroom's folders), as bytes.
func joinPath(_ base: [UInt8], _ part: [UInt8]) -> [UInt8] {
    let trimmed = part.drop { $0 == PathBytes.slash }
    guard !trimmed.isEmpty else { return base.isEmpty ? [PathBytes.slash] : base }
    return (base.last == PathBytes.slash ? base : base + [PathBytes.slash]) + trimmed
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
