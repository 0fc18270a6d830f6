/// Compiles date conditions, applying the time-zone semantics documented on ``RuleDate``.
enum DateCompiler {
    static func compile(_ condition: Condition, _ subject: SQLFragment, _ semantics: DateSemantics,
                        _ context: CompileContext) -> SQLFragment {
        switch (condition.op, condition.value) {
        case let (.exists, .bool(present)):
            return ConditionCompiler.exists([subject], present)
        case let (.olderThan, .span(span)), let (.newerThan, .span(span)):
            let now: Int64
            if case .localWallClock = semantics { now = context.localNow } else { now = context.now }
            let cutoff = span.before(now)
            if condition.op == .olderThan { return broad(subject) + SQLFragment(" < ?", [.integer(cutoff)]) }
            return subject + SQLFragment(" >= ?", [.integer(cutoff)])
        case let (.before, .date(date)):
            let (left, start) = frame(date, subject, semantics)
            return broad(left) + SQLFragment(" < ?", [.integer(start)])
        case let (.after, .date(date)):
            let (left, start) = frame(date, subject, semantics)
            return date.isDateOnly ? left + SQLFragment(" >= ?", [.integer(start + 86_400)])
                                   : left + SQLFragment(" > ?", [.integer(start)])
        case let (.eq, .date(date)):
            let (left, start) = frame(date, subject, semantics)
            guard date.isDateOnly else { return left + SQLFragment(" = ?", [.integer(start)]) }
            return (left + SQLFragment(" >= ? AND ", [.integer(start)]) + left
                    + SQLFragment(" < ?", [.integer(start + 86_400)])).parenthesised
        case let (.between, .range(.date(low), .date(high))):
            let (lowLeft, lowStart) = frame(low, subject, semantics)
            let (highLeft, highStart) = frame(high, subject, semantics)
            let end = high.isDateOnly ? highStart + 86_400 : highStart + 1
            return (lowLeft + SQLFragment(" >= ? AND ", [.integer(lowStart)]) + highLeft
                    + SQLFragment(" < ?", [.integer(end)])).parenthesised
        default:
            return SQLFragment("NULL")
        }
    }

    /// `older_than` and `before` usually select most of a library, where walking a date index and
    /// looking up each row costs more than one pass over the table; without STAT4 SQLite cannot see
    /// that from a bound value, so unary `+` (same value, NULL stays NULL) keeps it off the index.
    /// Other conjuncts (kind, screenshot, size) still pick their indexes.
    static func broad(_ subject: SQLFragment) -> SQLFragment {
        SQLFragment("+") + subject
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
            let left = SQLFragment("COALESCE(\(utcColumn), ") + subject + SQLFragment(" - ?)", [.integer(Int64(offset))])
            return (left, date.instant)
        case .instant:
            return (subject, date.instant)
        }
    }
}
