/// Compiles date conditions, applying the time-zone semantics documented on ``RuleDate``.
enum DateCompiler {
    static func compile(_ test: DateTest, _ subject: SQLFragment, _ semantics: DateSemantics,
                        _ context: CompileContext) -> SQLFragment {
        switch test {
        case let .olderThan(span):
            return "\(broad(subject)) < \(span.before(clock(semantics, context)))"
        case let .newerThan(span):
            return "\(subject) >= \(span.before(clock(semantics, context)))"
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

    /// The bound a relative date (`older_than`, `newer_than`) compares its subject with on the
    /// context's clock: a file's value below it is older, at or above it newer. Nil for a fixed date.
    static func clockBound(_ test: DateTest, _ semantics: DateSemantics, _ context: CompileContext) -> Int64? {
        switch test {
        case let .olderThan(span), let .newerThan(span): return span.before(clock(semantics, context))
        case .before, .after, .on, .between: return nil
        }
    }

    /// Now in the subject's frame: the local wall clock for a local capture time, else the instant.
    private static func clock(_ semantics: DateSemantics, _ context: CompileContext) -> Int64 {
        if case .localWallClock = semantics { context.localNow } else { context.now }
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
