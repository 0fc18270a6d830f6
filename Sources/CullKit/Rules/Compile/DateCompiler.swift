/// Compiles date conditions, applying the time-zone semantics documented on ``RuleDate``.
enum DateCompiler {
    static func compile(_ test: DateTest, _ subject: SQLFragment, _ semantics: DateSemantics,
                        _ context: CompileContext) -> SQLFragment {
        let now: Int64
        if case .localWallClock = semantics { now = context.localNow } else { now = context.now }
        switch test {
        case let .olderThan(span):
            return "\(broad(subject)) < \(span.before(now))"
        case let .newerThan(span):
            return "\(subject) >= \(span.before(now))"
        case let .before(date):
            let (left, start) = frame(date, subject, semantics)
            return "\(broad(left)) < \(start)"
        case let .after(date):
            let (left, start) = frame(date, subject, semantics)
            return date.isDateOnly ? "\(left) >= \(start + date.period)" : "\(left) > \(start)"
        case let .on(date):
            let (left, start) = frame(date, subject, semantics)
            guard date.isDateOnly else { return "\(left) = \(start)" }
            return "(\(left) >= \(start) AND \(left) < \(start + date.period))"
        case let .between(low, high):
            let (lowLeft, lowStart) = frame(low, subject, semantics)
            let (highLeft, highStart) = frame(high, subject, semantics)
            let end = high.isDateOnly ? highStart + high.period : highStart + 1
            return "(\(lowLeft) >= \(lowStart) AND \(highLeft) < \(end))"
        }
    }

    /// `older_than` and `before` usually select most of a library, where walking a date index and
    /// looking up each row costs more than one pass over the table; without STAT4 SQLite cannot see
    /// that from a bound value, so unary `+` (same value, NULL stays NULL) keeps it off the index.
    /// Other conjuncts (kind, screenshot, size) still pick their indexes.
    static func broad(_ subject: SQLFragment) -> SQLFragment {
        "+\(subject)"
    }

    /// The expression to compare and the value to compare it with, in the same frame.
    ///
    /// Local capture time vs. a literal without offset: both wall clocks. Local capture time vs. a
    /// literal with offset: the photo's known instant, else its wall clock read in the literal's offset.
    /// Instants (mtime): the literal's instant (UTC when it has no offset).
    static func frame(_ date: RuleDate, _ subject: SQLFragment, _ semantics: DateSemantics) -> (SQLFragment, Int64) {
        switch semantics {
        case let .localWallClock(utcColumn):
            guard let offset = date.offset else { return (subject, date.wallClock) }
            return ("COALESCE(\(sql: utcColumn), \(subject) - \(Int64(offset)))", date.instant)
        case .instant:
            return (subject, date.instant)
        }
    }
}
