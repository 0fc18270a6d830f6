/// A run's rule evaluations, remembered with everything they were computed from and given back
/// while none of it moved, so a plan over an unchanged library does not evaluate every rule over
/// every file again:
/// - the run's one query compiled on a clock of its own (the rules, their order, the settings they
///   compile with; not the time, whose bounds are checked apart);
/// - the change counts of every table a plan reads (migration `0031-plan-inputs`: any row of any of
///   them written by anyone, Cull or the sqlite3 shell, moves them on);
/// - for each relative date of the run (`older_than`, `newer_than`), its bound on the run's clock and
///   the first value at or past it: while the bound, moved on with the clock, has not reached that
///   value, no file changed sides.
/// What is given back is exactly what evaluating again would find; anything else is a miss, and
/// evaluations are recorded only by a run that saw no write from its first read to its last.
struct EvaluationMemo {
    /// Raise when what is remembered, or how a query's rows become buckets, changes.
    private static let version = 1
    private let watch: ChangeWatch
    private let key: [UInt8]
    private let bounds: [ClockBound]

    /// One relative date of the run: the SQL of what it compares (over `a`, an asset, and `r`, its
    /// review) and its bound on this run's clock.
    struct ClockBound: Equatable {
        let subject: SQLFragment
        let bound: Int64
    }

    init(_ db: Database, files: [RuleFile], context: CompileContext) throws {
        var tables: [String] = []
        try db.forEachRow("SELECT name FROM change_counts ORDER BY id") { tables.append($0.string("name") ?? "") }
        watch = try ChangeWatch(db, name: "rule_evaluations", tables: tables, version: Self.version)
        let timeless = CompileContext(now: 0, localOffset: 0, favoriteThreshold: context.favoriteThreshold)
        key = Self.key(RuleCompiler.compileRun(files, timeless).query)
        bounds = Self.bounds(files, context)
    }

    /// The buckets of `rules`, in order, when what was remembered is current; nil otherwise.
    func recall(_ db: Database, _ rules: [CompiledRule]) throws -> [RuleBuckets]? {
        guard let memo = watch.memo else { return nil }
        var reader = MemoReader(memo)
        guard reader.bytesList() == key, reader.next() == Int64(bounds.count) else { return nil }
        for bound in bounds {
            guard let then = reader.next(), let hasNext = reader.next(), let next = reader.next() else { return nil }
            // The clock may only have moved forward, and not across a file's value.
            guard then == bound.bound || (then < bound.bound && (hasNext == 0 || bound.bound <= next)) else { return nil }
        }
        var buckets: [RuleBuckets] = []
        for rule in rules {
            guard let read = RuleBuckets(from: &reader, guards: rule.guards.count, keepRules: rule.keepRules.count) else { return nil }
            buckets.append(read)
        }
        return reader.isAtEnd ? buckets : nil
    }

    /// Remembers `buckets`, the evaluation of `rules` this memo was made for, unless anything the
    /// plan reads was written since the memo was made (the next run evaluates and records then).
    func remember(_ db: Database, _ buckets: [RuleBuckets]) throws {
        // Read before the write lock is taken; current if nothing was written since the memo was made.
        let nexts = try bounds.map { try Self.firstValue(db, atOrPast: $0) }
        var writer = MemoWriter()
        writer.append(bytes: key)
        writer.append(Int64(bounds.count))
        for (bound, next) in zip(bounds, nexts) {
            writer.append(bound.bound)
            writer.append(next == nil ? 0 : 1)
            writer.append(next ?? 0)
        }
        for bucket in buckets { bucket.write(to: &writer) }
        try db.transaction {
            try watch.begin(db)
            try watch.record(db, memo: writer.bytes)
        }
    }

    /// The smallest value of `bound`'s subject at or past its bound: where the clock, moving on,
    /// first changes the side of a file.
    private static func firstValue(_ db: Database, atOrPast bound: ClockBound) throws -> Int64? {
        let query: SQLFragment = """
            SELECT min(\(bound.subject)) FROM assets a LEFT JOIN reviews r ON r.asset_id = a.id WHERE \(bound.subject) >= \(bound.bound)
            """
        return try db.scalar(query.sql, query.arguments)?.int64
    }

    /// Every relative date of the rules and guards of `files`, once each.
    static func bounds(_ files: [RuleFile], _ context: CompileContext) -> [ClockBound] {
        let predicates = files.flatMap { $0.rules.map(\.match) + $0.protect.map(\.predicate) }
        var bounds: [ClockBound] = []
        for condition in predicates.flatMap(\.conditions) {
            guard case let .date(test, semantics) = condition.test,
                  let bound = DateCompiler.clockBound(test, semantics, context) else { continue }
            let found = ClockBound(subject: condition.field.subjects(context)[0], bound: bound)
            if !bounds.contains(found) { bounds.append(found) }
        }
        return bounds
    }

    /// The query's text and values, each value with its kind, as bytes.
    private static func key(_ query: SQLFragment) -> [UInt8] {
        var writer = MemoWriter()
        writer.append(bytes: Array(query.sql.utf8))
        for value in query.arguments {
            switch value {
            case .null: writer.append(0)
            case let .integer(number): writer.append(1); writer.append(number)
            case let .real(number): writer.append(2); writer.append(Int64(bitPattern: number.bitPattern))
            case let .text(text): writer.append(3); writer.append(bytes: Array(text.utf8))
            case let .blob(bytes): writer.append(4); writer.append(bytes: bytes)
            }
        }
        return writer.bytes
    }
}
