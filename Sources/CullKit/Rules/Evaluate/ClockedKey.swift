/// What SQL compiled from rule predicates selects, as the key of a memo (``ChangeWatch``) that must
/// hold while the clock moves: the query compiled on a clock of its own (the predicates, the settings
/// they compile with, not the time), and each relative date's (`older_than`, `newer_than`) bound on
/// the run's clock with the first value of its subject at or past it. While a later run's bound has
/// not reached that value, no file changed sides, and the same rows select the same files.
struct ClockedKey {
    /// The query on a clock of its own, as bytes.
    private let timeless: [UInt8]
    private let bounds: [ClockBound]

    /// One relative date: the SQL of what it compares (over `a`, an asset, and `r`, its review)
    /// and its bound on this run's clock.
    struct ClockBound: Hashable {
        let subject: SQLFragment
        let bound: Int64
    }

    /// The key of what `compile` makes of `predicates` in `context`.
    init(_ predicates: [Predicate], _ context: CompileContext, compile: (CompileContext) -> SQLFragment) {
        var timeless = MemoWriter()
        timeless.append(query: compile(CompileContext(now: 0, localOffset: 0, favoriteThreshold: context.favoriteThreshold)))
        self.timeless = timeless.bytes
        var bounds: [ClockBound] = []
        for condition in predicates.flatMap(\.conditions) {
            guard case let .date(test, semantics) = condition.test,
                  let bound = DateCompiler.clockBound(test, semantics, context) else { continue }
            let found = ClockBound(subject: condition.field.subjects(context)[0], bound: bound)
            if !bounds.contains(found) { bounds.append(found) }
        }
        self.bounds = bounds
    }

    /// Writes the key: the query, and each bound with the first value of its subject at or past it,
    /// read from `db` now (call it before the memo's write lock is taken) or, for bounds another key
    /// of the run read at the same change counts, as `crossings` has them.
    func write(to writer: inout MemoWriter, _ db: Database, crossings: ClockCrossings) throws {
        writer.append(bytes: timeless)
        writer.append(Int64(bounds.count))
        let nexts = try crossings.nexts(bounds, db)
        for (bound, next) in zip(bounds, nexts) {
            writer.append(bound.bound)
            writer.append(next == nil ? 0 : 1)
            writer.append(next ?? 0)
        }
    }

    /// True when the key `reader` holds next (read past) is this one: the same query, and a clock
    /// that only moved forward, across no file's value.
    func holds(_ reader: inout MemoReader) -> Bool {
        guard reader.bytesList() == timeless, reader.next() == Int64(bounds.count) else { return false }
        for bound in bounds {
            guard let then = reader.next(), let hasNext = reader.next(), let next = reader.next(),
                  then == bound.bound || (then < bound.bound && (hasNext == 0 || bound.bound <= next)) else { return false }
        }
        return true
    }
}

extension ClockedKey {
    /// `compute`'s result, remembered under `name` with this key and `also` (the other bytes it was
    /// computed from) over the change count of every table a plan reads
    /// (``ChangeWatch/overEverything(_:name:version:)``), and whether it was read back. Recorded only
    /// by a run that saw no write from its first read to its last; an index this run cannot write
    /// only computes it again next time.
    func remembered<T>(_ db: Database, name: String, version: Int, also: [UInt8], crossings: ClockCrossings,
                       write: (T, inout MemoWriter) -> Void, read: (inout MemoReader) -> T?,
                       compute: () throws -> T) throws -> (value: T, recalled: Bool) {
        let watch = try ChangeWatch.overEverything(db, name: name, version: version)
        if let memo = watch.memo {
            var reader = MemoReader(memo)
            if holds(&reader), reader.bytesList() == also, let value = read(&reader), reader.isAtEnd { return (value, true) }
        }
        let value = try compute()
        var writer = MemoWriter()
        try self.write(to: &writer, db, crossings: crossings)
        writer.append(bytes: also)
        write(value, &writer)
        try? watch.recordIfUnchanged(db, memo: writer.bytes)
        return (value, false)
    }
}

/// Where a run's relative dates next cross a file: for each bound (``ClockedKey/ClockBound``), the
/// first value of its subject at or past it. A run's memos (its evaluations, what its guards spare,
/// its text scope) key on the same bounds; they are read in one pass over the library, once while
/// no table a plan reads is written (``ChangeCounts/readAll(_:)``), not once a memo.
final class ClockCrossings {
    private var counts: String?
    private var known: [ClockedKey.ClockBound: Int64?] = [:]

    init() {}

    /// The first value at or past each of `bounds`, in their order (nil: none).
    func nexts(_ bounds: [ClockedKey.ClockBound], _ db: Database) throws -> [Int64?] {
        let now = try ChangeCounts.readAll(db)
        if now != counts { (counts, known) = (now, [:]) }
        var missing: [ClockedKey.ClockBound] = []
        for bound in bounds where known[bound] == nil {
            // A subject SQLite keeps an index of is read from it: the first value at or past the
            // bound, one seek (capture times: 0.3 s a pass at a million assets). The others share one pass.
            let first = Self.first(bound)
            guard try Self.seeks(first, db) else { missing.append(bound); continue }
            var next: Int64?
            try db.forEachRow(first.sql, first.arguments) { next = $0.optionalInt64("next") }
            known[bound] = .some(next)
        }
        if !missing.isEmpty {
            let firsts = missing.enumerated().map { index, bound -> SQLFragment in
                "min(CASE WHEN \(bound.subject) >= \(bound.bound) THEN \(bound.subject) END) AS \(sql: "b\(index)")"
            }
            let query: SQLFragment = "SELECT \(SQLFragment.join(firsts, separator: ", ")) FROM assets a LEFT JOIN reviews r ON r.asset_id = a.id"
            try db.forEachRow(query.sql, query.arguments) { row in
                for (index, bound) in missing.enumerated() { known[bound] = .some(row.optionalInt64("b\(index)")) }
            }
        }
        return bounds.map { known[$0] ?? nil }
    }

    /// The query of the first value of `bound`'s subject at or past it, in the subject's order.
    static func first(_ bound: ClockedKey.ClockBound) -> SQLFragment {
        """
        SELECT \(bound.subject) AS next FROM assets a LEFT JOIN reviews r ON r.asset_id = a.id \
        WHERE \(bound.subject) >= \(bound.bound) ORDER BY \(bound.subject) LIMIT 1
        """
    }

    /// True when SQLite runs `query` by seeking an index: no pass over a table, no sort of its own.
    static func seeks(_ query: SQLFragment, _ db: Database) throws -> Bool {
        var seeks = true
        try db.forEachRow("EXPLAIN QUERY PLAN " + query.sql, query.arguments) { row in
            let detail = row.string("detail") ?? ""
            if detail.hasPrefix("SCAN") || detail.contains("TEMP B-TREE") { seeks = false }
        }
        return seeks
    }
}

