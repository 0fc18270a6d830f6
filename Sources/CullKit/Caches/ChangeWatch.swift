/// The change counts of the tables one cache reads (``ChangeCounts``: every write to `assets` or
/// a cache table moves them on, see migration `0018-change-counts`), followed through one refresh: read at its start, checked and moved past the refresh's own writes inside
/// each of their transactions (``begin(_:)``, ``end(_:)``), and recorded in `cache_states`, with
/// what the cache remembers, once it is complete (``record(_:memo:)``). A later refresh that reads
/// the same counts knows that nothing it reads has changed since: exactly, where sums of ids and
/// identities could cancel out.
final class ChangeWatch {
    /// The cache's row in `cache_states` (a fixed identifier, never input).
    let name: String
    /// The tables whose counts the cache depends on.
    let tables: [String]
    /// The counts this refresh accounts for: as it began, then after each of its own writes; nil
    /// once anything else changed them, so nothing is recorded.
    private(set) var seen: String?
    /// The counts and memo recorded when the cache was last complete.
    private let recorded: (counts: String, memo: [UInt8]?)?

    /// What the cache computes from its tables: a recorded state of another version is not its own.
    let version: Int

    /// `version` names what the cache computes from `tables`: raise it when that changes (a memo
    /// recorded by an older Cull is then computed again, once).
    init(_ db: Database, name: String, tables: [String], version: Int = 1) throws {
        self.name = name
        self.tables = tables
        self.version = version
        seen = try Self.counts(db, tables, version)
        var recorded: (counts: String, memo: [UInt8]?)?
        try db.forEachRow("SELECT counts, memo FROM cache_states WHERE name = ?", [.text(name)]) { row in
            recorded = (row.string("counts") ?? "", row.bytes("memo"))
        }
        self.recorded = recorded
    }

    /// True when nothing the cache reads has changed since it was last complete.
    var isUnchanged: Bool { seen != nil && recorded?.counts == seen }

    /// What the cache remembered when it was last complete, when nothing has changed since.
    var memo: [UInt8]? { isUnchanged ? recorded?.memo : nil }

    /// Called in a write transaction of the refresh, before its writes: anything written since
    /// the counts were last seen was not this refresh's.
    func begin(_ db: Database) throws {
        if try seen != Self.counts(db, tables, version) { seen = nil }
    }

    /// Called in the same transaction after the refresh's writes: the counts move past them.
    func end(_ db: Database) throws {
        if seen != nil { seen = try Self.counts(db, tables, version) }
    }

    /// Records that the cache is complete at the counts seen, with `memo`; nothing when another
    /// writer changed them meanwhile (the next refresh looks again), and no write when that is
    /// what was recorded already.
    func record(_ db: Database, memo: [UInt8]? = nil) throws {
        guard let seen, recorded?.counts != seen || recorded?.memo != memo else { return }
        try db.execute("INSERT OR REPLACE INTO cache_states (name, counts, memo) VALUES (?, ?, ?)",
                       [.text(name), .text(seen), memo.map { .blob($0) } ?? .null])
    }

    /// The counts of `tables` as recorded: `v1: assets 12, hashes 40`.
    private static func counts(_ db: Database, _ tables: [String], _ version: Int) throws -> String {
        "v\(version): " + (try ChangeCounts.read(db, tables))
    }
}

extension ChangeWatch {
    /// A watch over every table with a change count: what a plan reads (migration
    /// `0031-plan-inputs`), for what is computed from the whole index (rule evaluations, groups).
    static func overEverything(_ db: Database, name: String, version: Int) throws -> ChangeWatch {
        var tables: [String] = []
        try db.forEachRow("SELECT name FROM change_counts ORDER BY id") { tables.append($0.string("name") ?? "") }
        return try ChangeWatch(db, name: name, tables: tables, version: version)
    }

    /// Records `memo`, computed from what was read since this watch began, unless anything it
    /// watches was written since (the next computation records it then).
    func recordIfUnchanged(_ db: Database, memo: [UInt8]) throws {
        try db.transaction {
            try begin(db)
            try record(db, memo: memo)
        }
    }
}

extension CacheTable {
    /// The change counts this cache's rows depend on: the assets' and its own table's.
    /// `version`: see ``ChangeWatch/version``.
    func watch(_ db: Database, version: Int = 1) throws -> ChangeWatch {
        try ChangeWatch(db, name: name, tables: [ChangeCounts.assets, name], version: version)
    }
}
