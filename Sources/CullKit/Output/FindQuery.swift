/// `cull find`: the indexed files that match predicates written in the rule vocabulary (all of them),
/// sorted and cut as asked. What the predicates read (groups, image features) is measured first, as a
/// plan measures it; the photo managers' catalogs are read again, and one that cannot be read is a
/// warning, not a refusal.
public struct FindQuery {
    /// How the files are listed; ties keep path order.
    public enum Order: String, CaseIterable, Sendable {
        case path, largest
        /// By capture time, files without one last (``DateOrder``).
        case newest, oldest

        /// The keys SQLite sorts by before the path (ties keep path order): the same order
        /// ``FindQuery/run(library:db:progress:)`` sorts a whole list in.
        var keys: String {
            switch self {
            case .path: ""
            case .largest: "a.size DESC, "
            case .newest: "a.taken DESC NULLS LAST, "
            case .oldest: "a.taken ASC NULLS LAST, "
            }
        }
    }

    /// One file found.
    public struct Found: Sendable {
        public var id: Int64
        public var path: [UInt8]
        public var size: Int64
        public var taken: Int64?
        /// Its indexed fields (``AssetJSON``) when ``withJSON``; null otherwise.
        public var json: JSONValue
    }

    /// The files, and the catalogs that could not be read.
    public struct Result: Sendable {
        public var found: [Found]
        public var unreadableCatalogs: [CatalogError]
    }

    let parsed: [(predicate: Predicate?, load: LoadedRuleFile)]
    public var clock: RunClock
    public var order = Order.path
    /// At most this many files, after sorting.
    public var limit: Int?
    /// Build each file's JSON object (`--format json`).
    public var withJSON = false

    /// Parses each fragment (`kind: video`, `{size: {gt: 1GB}}`); a fragment's errors are named
    /// `<argument N>` with their line and column, in ``failedLoads``.
    public init(fragments: [String], clock: RunClock) {
        parsed = fragments.enumerated().map { RuleLoader.predicate(fragment: $0.element, label: "<argument \($0.offset + 1)>") }
        self.clock = clock
    }

    /// The fragments' diagnostics when any of them has an error (nothing is run then).
    public var failedLoads: [LoadedRuleFile]? {
        let loads = parsed.map(\.load)
        return loads.contains(where: \.hasErrors) ? loads : nil
    }

    /// Runs the query over `db` (read-only: no lock needed).
    public func run(library: Library, db: Database, progress: HashProgress? = nil) throws -> Result {
        let unreadable = try CatalogSync(db: db, root: library.root).refresh().errors
        let evaluator = try RuleEvaluator(database: db, clock: clock)
        let predicate = Predicate.conjunction(parsed.compactMap(\.predicate))
        try evaluator.loadGroups(predicate, root: library.root, progress: progress)
        // Each file's indexed fields are read only where they are printed: a limited list reads its
        // files' alone, after sorting what a lean query found (a million files' fields took seconds).
        // A limited list is sorted and cut by SQLite, which reads only the rows it returns (by an
        // index of the order when there is one): reading a million photos to print the 20 largest took 1.9 s.
        let whole = withJSON && limit == nil
        let lean = RuleCompiler.findQuery(predicate, columns: "a.id, a.path, a.size, a.taken", evaluator.context,
                                          order: limit == nil ? "" : order.keys, limit: limit)
        var found = try rows(whole ? AssetJSON.query(predicate, evaluator.context) : lean, db, objects: whole)
        switch order {
        case .path: break  // the query's own order
        case .largest: found = found.enumerated().sorted { ($1.element.size, $0.offset) < ($0.element.size, $1.offset) }.map(\.element)
        case .newest: found = DateOrder.newest.sorted(found, taken: \.taken)
        case .oldest: found = DateOrder.oldest.sorted(found, taken: \.taken)
        }
        if let limit { found = Array(found.prefix(limit)) }
        if withJSON && !whole {
            let query = AssetJSON.query(assetIDs: found.map(\.id), evaluator.context)
            let objects = Dictionary(try rows(query, db, objects: true).map { ($0.id, $0.json) }, uniquingKeysWith: { first, _ in first })
            for index in found.indices { found[index].json = objects[found[index].id] ?? .null }
        }
        return Result(found: found, unreadableCatalogs: unreadable)
    }

    /// The files `query` selects (`id`, `path`, `size`, `taken` first), with their indexed fields when `objects`.
    private func rows(_ query: SQLFragment, _ db: Database, objects: Bool) throws -> [Found] {
        var found: [Found] = []
        let statement = try db.prepare(query.sql)
        let columns = statement.columns
        let (id, path, size, taken) = (statement.column("id"), statement.column("path"), statement.column("size"), statement.column("taken"))
        do {
            try statement.forEachRow(query.arguments) { row in
                found.append(Found(id: row.int64(id), path: row.bytes(path) ?? [], size: row.int64(size), taken: row.optionalInt64(taken),
                                   json: objects ? AssetJSON.object(row, columns: columns) : .null))
            }
        } catch let error as DatabaseError {
            // A regex that exhausted its match limits is the argument's error, not an I/O failure.
            let located = parsed.lazy.compactMap { item in
                item.predicate.flatMap { RuleMatchError.from(error, file: item.load.path, rule: "find", fallback: .start, predicates: [$0]) }
            }.first
            throw located ?? error
        }
        return found
    }
}
