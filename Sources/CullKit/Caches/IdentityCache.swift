import Foundation

/// One indexed file an identity-keyed cache may compute a row for: the asset, its library-relative
/// path and its identity as the index has it (the identity the row is written for, and the one the
/// file must still have when it is opened), with what the cache reads along (`extra`: a format, the
/// hashes already stored).
struct CacheCandidate<Extra: Sendable>: RecordedIdentity, Sendable {
    let id: Int64
    /// Empty until read, where a cache reads paths lazily.
    var path: [UInt8]
    let device: Int64, inode: Int64, size: Int64, mtimeNs: Int64
    let ctimeNs: Int64?
    var extra: Extra
    /// Whether the cache table had a row for the asset (current or not) when it was read: one
    /// that had none needs no DELETE when it gets none (true where unknown).
    var hasRow = true

    init(id: Int64, path: [UInt8], device: Int64, inode: Int64, size: Int64, mtimeNs: Int64, ctimeNs: Int64?, extra: Extra) {
        self.id = id
        self.path = path
        self.device = device
        self.inode = inode
        self.size = size
        self.mtimeNs = mtimeNs
        self.ctimeNs = ctimeNs
        self.extra = extra
    }

    /// Reads a row of ``CacheTable/forEachCandidate(_:columns:where:_:staleOnly:tableOrder:_:_:)``
    /// (its path only when `readingPath`).
    init<Columns>(_ row: Row, _ columns: CandidateColumns<Columns>, readingPath: Bool = true, extra: Extra) {
        self.init(row, columns.file, readingPath: readingPath, extra: extra)
        hasRow = row.int64(columns.stored) != 0
    }

    /// Reads a row that selects an asset's `id, path, device, inode, size, mtime_ns, ctime_ns`.
    init(_ row: Row, _ column: CandidateFileColumns, readingPath: Bool = true, extra: Extra) {
        self.init(id: row.int64(column.id), path: readingPath ? row.bytes(column.path) ?? [] : [],
                  device: row.int64(column.device), inode: row.int64(column.inode), size: row.int64(column.size),
                  mtimeNs: row.int64(column.mtimeNs), ctimeNs: row.optionalInt64(column.ctimeNs), extra: extra)
    }
}

/// The asset's columns of a candidate row: its id, path and identity as indexed.
struct CandidateFileColumns: RowColumns {
    let id, path, device, inode, size, mtimeNs, ctimeNs: Row.Column

    init(_ row: Row) {
        (id, path, device, inode) = (row.index("id"), row.index("path"), row.index("device"), row.index("inode"))
        (size, mtimeNs, ctimeNs) = (row.index("size"), row.index("mtime_ns"), row.index("ctime_ns"))
    }
}

/// The columns of a candidate row (``CacheTable/forEachCandidate(_:columns:where:_:staleOnly:tableOrder:_:_:)``):
/// the asset's, whether its cache row is current, and the cache's own (`Extra`), resolved by name once.
struct CandidateColumns<Extra: RowColumns>: RowColumns {
    let file: CandidateFileColumns
    /// Non-zero when the asset's cache row is current (``CachedRow``).
    let current: Row.Column
    /// Non-zero when the asset has a cache row, current or not.
    let stored: Row.Column
    let extra: Extra

    init(_ row: Row) {
        (file, current, stored, extra) = (CandidateFileColumns(row), row.index("current"), row.index("stored"), Extra(row))
    }
}

extension CacheTable {
    /// Calls `body` with each asset that satisfies `filter` (SQL over `a`, the asset, and `c`, its
    /// cache row; values bound from `arguments`): the asset's id, path, device, inode, size, mtime
    /// and ctime, `current` (whether its row is current), `stored` (whether it has one) and `columns` (each `expression AS name`,
    /// read through `Extra`). `staleOnly` leaves out the assets whose row is current; `tableOrder`
    /// reads `assets` in table order (`NOT INDEXED`), not by an index of `filter`: the caches that
    /// visit most assets read them ten times faster so.
    func forEachCandidate<Extra: RowColumns>(_ db: Database, columns: [String], where filter: String, _ arguments: [SQLValue] = [],
                                             staleOnly: Bool = false, tableOrder: Bool, _ extra: Extra.Type,
                                             _ body: (Row, CandidateColumns<Extra>) throws -> Void) throws {
        let current = CachedRow.isCurrent("c", for: "a")
        try db.forEachRow("""
            SELECT a.id, a.path, a.device, a.inode, a.size, a.mtime_ns, a.ctime_ns, \(current) AS current,
                   c.asset_id IS NOT NULL AS stored\(columns.map { ", " + $0 }.joined())
            FROM assets a\(tableOrder ? " NOT INDEXED" : "") LEFT JOIN \(name) c ON c.asset_id = a.id
            WHERE \(filter)\(staleOnly ? " AND (c.asset_id IS NULL OR NOT (\(current)))" : "")
            """, arguments, CandidateColumns<Extra>.self, body)
    }

    /// True when an asset `filter` selects (SQL over `a`; values bound from `arguments`) has no
    /// current row: asked in SQL before a refresh reads every candidate into memory to place the
    /// stale ones among them, which a library whose rows are all current need not do. In table
    /// order: walking `assets_size` for `a.size > 0` and looking each row up took ten times as long.
    func anyStale(_ db: Database, where filter: String, _ arguments: [SQLValue] = []) throws -> Bool {
        try db.scalar("""
            SELECT 1 FROM assets a NOT INDEXED LEFT JOIN \(name) c ON c.asset_id = a.id
            WHERE \(filter) AND (c.asset_id IS NULL OR NOT (\(CachedRow.isCurrent("c", for: "a")))) LIMIT 1
            """, arguments) != nil
    }

    /// Writes, in one transaction and in the order of `order`, the rows of those of `files`: where
    /// `kept(index)`, the file's identity and the value columns `bind(index, statement, first)` binds
    /// from parameter `first` on; else no row (the file is tried again next time: its row, if it had
    /// one, is deleted). Rows go 64 to a
    /// statement, bound in place (a statement per row cost more than its B-tree insert, and an
    /// array of values per row showed on the cold plan's critical path). `watch` follows the
    /// change counts past these writes (``ChangeWatch/begin(_:)``).
    func write<Extra>(_ db: Database, _ files: [CacheCandidate<Extra>], order: [Int], watch: ChangeWatch? = nil, kept: (Int) -> Bool,
                      bind: (Int, Statement, Int32) throws -> Void) throws {
        // Nothing to write (every file tried again, none with a row): no transaction.
        guard order.contains(where: { kept($0) || files[$0].hasRow }) else { return }
        let columns = ["asset_id"] + sharedColumns
        let marks = "(" + columns.map { _ in "?" }.joined(separator: ", ") + ")"
        let width = Int32(columns.count)
        try db.transaction {
            try watch?.begin(db)
            let remove = try db.prepare("DELETE FROM \(name) WHERE asset_id = ?")
            let batch = 64
            var upserts: [Int: Statement] = [:]
            var pending: [Int] = []
            pending.reserveCapacity(batch)
            func flush() throws {
                guard !pending.isEmpty else { return }
                if upserts[pending.count] == nil {
                    upserts[pending.count] = try db.prepare("INSERT OR REPLACE INTO \(name) (\(columns.joined(separator: ", "))) VALUES "
                        + Array(repeating: marks, count: pending.count).joined(separator: ", "))
                }
                let upsert = upserts[pending.count]!
                try upsert.bind([])
                for (slot, index) in pending.enumerated() {
                    let base = Int32(slot) * width
                    try upsert.bind(.integer(files[index].id), at: base + 1)
                    try upsert.bind(.integer(files[index].device), at: base + 2)
                    try upsert.bind(.integer(files[index].inode), at: base + 3)
                    try upsert.bind(.integer(files[index].size), at: base + 4)
                    try upsert.bind(.integer(files[index].mtimeNs), at: base + 5)
                    try upsert.bind(.integer(files[index].ctimeNs ?? 0), at: base + 6)
                    try bind(index, upsert, base + 7)
                }
                while try upsert.step() {}
                try AssetChanges.logInserted(db, ids: pending.map { files[$0].id })
                pending.removeAll(keepingCapacity: true)
            }
            for index in order {
                guard kept(index) else {
                    if files[index].hasRow { try remove.execute([.integer(files[index].id)]) }
                    continue
                }
                pending.append(index)
                if pending.count == batch { try flush() }
            }
            try flush()
            // Inserted rows are counted (and logged, above) here, not by a trigger per row (migration `0018-change-counts`).
            if order.contains(where: kept) { try ChangeCounts.bump(db, name) }
            try watch?.end(db)
        }
    }
}

/// How a cache shares its files among threads: each cache keeps the shape it was measured fastest with.
enum CacheSchedule: Sendable {
    /// One worker per core on GCD, each taking a contiguous share of the files in their order (the
    /// hashers': files of one folder go to one thread, whose folder handle serves them).
    case shares
    /// `threads` threads of their own (GCD would run no more than the cores), each claiming the
    /// next file (the decoders': the cost of a file varies a lot).
    case claims(threads: Int)
}

/// An identity-keyed cache's files being measured in parallel, from the moment it is made: the
/// caller may do other work (not with these files) until ``finish()`` waits for the results. Each
/// file is opened from the library root through the POSIX layer (regular files only, never through
/// a symlink) and measured only when it is still the file the index has; else its value is
/// `changed` (gone or changed since the scan: no row, the next scan sees it).
final class CacheJob<Extra: Sendable, Value: Sendable> {
    private let results: ParallelResults<Value>
    private let group = DispatchGroup()
    private let progress: HashProgress?
    /// The files, in the order of the values ``finish()`` returns.
    let files: [CacheCandidate<Extra>]

    /// Starts measuring `files`; `measurer` is called once on each thread, for the function that
    /// measures one opened file there (with that thread's own decoder or hasher).
    init(_ files: [CacheCandidate<Extra>], root: [UInt8], schedule: CacheSchedule, changed: Value,
         progress: HashProgress? = nil, measurer: @escaping @Sendable () -> (CacheCandidate<Extra>, ReadOnlyFile) -> Value) {
        let results = ParallelResults<Value>(count: files.count, initial: changed)
        self.results = results
        self.progress = progress
        self.files = files
        guard !files.isEmpty else { return }
        progress?.begin(total: files.count)
        let group = group
        @Sendable func measureOne(_ index: Int, _ reader: FileReader, _ measure: (CacheCandidate<Extra>, ReadOnlyFile) -> Value) {
            if let opened = reader.openUnchanged(files[index].path, as: files[index]) {
                results.set(index, measure(files[index], opened))
            }
            progress?.advance()
        }
        switch schedule {
        case .shares:
            let workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, files.count))
            let share = (files.count + workers - 1) / workers
            for worker in 0..<workers {
                DispatchQueue.global().async(group: group) {
                    let reader = FileReader(root: root), measure = measurer()
                    for index in (worker * share)..<min(files.count, (worker + 1) * share) { measureOne(index, reader, measure) }
                }
            }
        case let .claims(threads):
            DecodeBudget.keepFreedMemory()
            for _ in 0 ..< max(1, min(threads, files.count)) {
                group.enter()
                Thread {
                    let reader = FileReader(root: root), measure = measurer()
                    while let index = results.claim() { measureOne(index, reader, measure) }
                    group.leave()
                }.start()
            }
        }
    }

    /// Waits for every file: its value, or `changed` where it could not be opened as the index has it.
    func finish() -> [Value] {
        guard !files.isEmpty else { return [] }
        group.wait()
        progress?.end()
        return results.values
    }
}

/// A cache of values computed per file and kept while the file keeps its identity: a conformer
/// says which table it writes (``table``: its value columns) and how its files are shared among
/// threads (``schedule``); which files it loads (``CacheTable/forEachCandidate(_:columns:where:_:staleOnly:tableOrder:_:_:)``
/// over its table), how one opened file is measured (the function ``job(_:changed:progress:measurer:)``
/// is given) and what each outcome binds to its value columns (``CacheTable/write(_:_:order:kept:bind:)``)
/// are its own. Its table is registered in ``CacheTable/registered``, so commits keep its rows and undo puts them back.
protocol IdentityCache {
    /// The table the cache's rows live in.
    static var table: CacheTable { get }
    /// How the cache's files are shared among threads.
    static var schedule: CacheSchedule { get }
    /// The library root, absolute.
    var root: [UInt8] { get }
}

extension IdentityCache {
    /// Starts measuring `files` on the cache's ``schedule`` (see ``CacheJob``).
    func job<Extra, Value>(_ files: [CacheCandidate<Extra>], changed: Value, progress: HashProgress? = nil,
                           measurer: @escaping @Sendable () -> (CacheCandidate<Extra>, ReadOnlyFile) -> Value) -> CacheJob<Extra, Value> {
        CacheJob(files, root: root, schedule: Self.schedule, changed: changed, progress: progress, measurer: measurer)
    }
}
