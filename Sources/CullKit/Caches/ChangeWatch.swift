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
    /// True when what was recorded still holds after assets are deleted (``isUnchanged``).
    let toleratesDeletions: Bool

    /// `version` names what the cache computes from `tables`: raise it when that changes (a memo
    /// recorded by an older Cull is then computed again, once). `toleratingDeletions`: what the
    /// cache records stays true when assets are deleted (every current asset has a current row; the
    /// ids of the assets to retry, the deleted ones not found again), so only other writes make it
    /// compute again; `tables` must then hold `assets`.
    init(_ db: Database, name: String, tables: [String], version: Int = 1, toleratingDeletions: Bool = false) throws {
        precondition(!toleratingDeletions || tables.contains(ChangeCounts.assets), "deletions are told from the assets' count")
        self.name = name
        self.tables = toleratingDeletions ? tables + [ChangeCounts.assetsDeleted] : tables
        self.version = version
        toleratesDeletions = toleratingDeletions
        seen = try Self.counts(db, self.tables, version)
        var recorded: (counts: String, memo: [UInt8]?)?
        try db.forEachRow("SELECT counts, memo FROM cache_states WHERE name = ?", [.text(name)]) { row in
            recorded = (row.string("counts") ?? "", row.bytes("memo"))
        }
        self.recorded = recorded
    }

    /// True when nothing the cache reads has changed since it was last complete (but assets
    /// deleted, when it tolerates their deletion).
    var isUnchanged: Bool {
        guard let seen, let recorded = recorded?.counts else { return false }
        return recorded == seen || (toleratesDeletions && Self.onlyDeletions(from: recorded, to: seen))
    }

    /// True when counts `now` differ from `recorded` (both read by ``counts(_:_:_:)`` over the same
    /// tables, `assets_deleted` among them) only by deletions of assets: every other count equal,
    /// and `assets` moved on exactly as far as `assets_deleted` (each deletion moves both; an
    /// insert or an update moves `assets` alone).
    static func onlyDeletions(from recorded: String, to now: String) -> Bool {
        guard var moved = movements(from: recorded, to: now) else { return false }
        let deleted = moved.removeValue(forKey: ChangeCounts.assetsDeleted) ?? 0
        let assets = moved.removeValue(forKey: ChangeCounts.assets) ?? 0
        return moved.isEmpty && assets == deleted && deleted > 0
    }

    /// How far each count that moved from `recorded` to `now` moved, by table; nil when the two
    /// are not readings of the same tables at the same version.
    static func movements(from recorded: String, to now: String) -> [String: Int64]? {
        func parse(_ counts: String) -> (version: Substring, serials: [(name: Substring, serial: Int64)])? {
            guard let colon = counts.range(of: ": ") else { return nil }
            var serials: [(name: Substring, serial: Int64)] = []
            for entry in counts[colon.upperBound...].split(separator: ",") {
                let parts = entry.split(separator: " ")
                guard parts.count == 2, let serial = Int64(parts[1]) else { return nil }
                serials.append((parts[0], serial))
            }
            return (counts[..<colon.lowerBound], serials)
        }
        guard let before = parse(recorded), let after = parse(now), before.version == after.version,
              before.serials.map(\.name) == after.serials.map(\.name) else { return nil }
        var moved: [String: Int64] = [:]
        for (old, new) in zip(before.serials, after.serials) where old.serial != new.serial { moved[String(old.name)] = new.serial - old.serial }
        return moved
    }

    /// The tables whose counts moved since the cache was last complete, with what it remembered
    /// then: for a cache that can bring what it remembered up to date (``EvaluationMemo``). Nil
    /// when nothing was recorded, or the counts are not comparable (another version, other tables).
    var sinceRecorded: (moved: Set<String>, memo: [UInt8])? {
        guard let seen, let recorded, let memo = recorded.memo,
              let moved = Self.movements(from: recorded.counts, to: seen) else { return nil }
        return (Set(moved.keys), memo)
    }

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

extension ChangeWatch {
    /// A watch over what the picture searches read of the index (the image features, the assets'
    /// identities and sizes, and their kinds, orientations and screenshot marks: `0035-picture-fields`),
    /// deletions of assets aside: for what is remembered by asset id and left out when its assets go.
    static func overPictures(_ db: Database, name: String, version: Int = 1) throws -> ChangeWatch {
        try ChangeWatch(db, name: name, tables: [ChangeCounts.assets, CacheTable.imageFeatures.name, ChangeCounts.assetsPictures],
                        version: version, toleratingDeletions: true)
    }
}

extension CacheTable {
    /// The change counts this cache's rows depend on: the assets' and its own table's. Deleted
    /// assets take their rows with them (uncounted by the table's own count, `0034-deletions-apart`),
    /// so what the cache recorded of its completeness still holds after deletions alone.
    /// `version`: see ``ChangeWatch/version``.
    func watch(_ db: Database, version: Int = 1) throws -> ChangeWatch {
        try ChangeWatch(db, name: name, tables: [ChangeCounts.assets, name], version: version, toleratingDeletions: true)
    }
}
