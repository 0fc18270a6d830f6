/// Warnings about rules that load fine but are probably not what the author meant.
enum RuleLints {
    /// 1900-01-01 as seconds since 1970: nothing in a photo library was captured before.
    static let earliestPlausible: Int64 = -2_208_988_800

    /// Fields that alone only say what an asset *is*, not which ones to remove.
    static let broadFields: Set<String> = ["kind", "extension", "status", "favorite", "gps", "raw", "live", "burst", "rating"]

    static func check(_ file: RuleFile, log: inout DiagnosticLog) {
        for guardItem in file.protect { neverMatches(guardItem.predicate, log: &log) }
        for rule in file.rules {
            neverMatches(rule.match, log: &log)
            if rule.action == .trash, rule.limit == nil, isBroad(rule.match) {
                log.warning(.unboundedBroadRule, "rule '\(rule.name)' matches broadly (\(rule.match.normalised)) and has no limit; "
                            + "add 'limit: {percent: 5}' or narrow the match", at: rule.mark)
            }
        }
    }

    private static func neverMatches(_ predicate: Predicate, log: inout DiagnosticLog) {
        for condition in predicate.conditions {
            if let reason = impossibility(condition) {
                log.warning(.neverMatches, "'\(condition)' can never match: \(reason)", at: condition.mark)
            }
            minutesForMonths(condition, log: &log)
        }
    }

    /// `older_than: 6m` is six minutes (units are s m h d w mo y); in a cleanup rule that is
    /// almost always a month that went wrong, and it would stage everything but the newest photos.
    private static func minutesForMonths(_ condition: Condition, log: inout DiagnosticLog) {
        guard condition.op == .olderThan || condition.op == .newerThan, case let .span(span) = condition.value,
              span.written.hasSuffix("m"), span.seconds < 86_400 else { return }
        let count = Int(span.seconds / 60)
        log.warning(.ambiguousMinutes, "'\(span.written)' is \(count) minutes (m is minutes); "
                    + "for months write '\(count)mo'", at: condition.mark)
    }

    private static func impossibility(_ condition: Condition) -> String? {
        switch (condition.op, condition.value) {
        case let (.before, .date(date)) where date.wallClock <= earliestPlausible:
            return "nothing in a library dates from before 1900"
        case let (.between, .range(low, high)) where isReversed(low, high):
            return "the low bound is above the high bound"
        case let (.lt, .size(size)) where size.bytes <= 0, let (.lte, .size(size)) where size.bytes < 0:
            return "no file is smaller than 0 bytes"
        case let (.lt, .span(span)) where span.seconds <= 0:
            return "no video is shorter than 0 seconds"
        case let (.lt, .number(value)) where value <= 0 && ["width", "height", "megapixels"].contains(condition.field.name):
            return "dimensions are never negative"
        default:
            return nil
        }
    }

    private static func isReversed(_ low: RuleValue, _ high: RuleValue) -> Bool {
        switch (low, high) {
        case let (.number(a), .number(b)): a > b
        case let (.size(a), .size(b)): a.bytes > b.bytes
        case let (.span(a), .span(b)): a.seconds > b.seconds
        case let (.date(a), .date(b)): a.instant > b.instant
        default: false
        }
    }

    /// True when every condition is on a broad field or is a match-everything glob, and nothing negates.
    static func isBroad(_ predicate: Predicate) -> Bool {
        switch predicate {
        case let .all(parts): return parts.allSatisfy(isBroad)
        case let .any(parts): return parts.contains(where: isBroad)
        case .not: return false
        case let .condition(condition):
            if broadFields.contains(condition.field.name), condition.op == .eq || condition.op == .in { return true }
            if case let .text(pattern) = condition.value, pattern.allSatisfy({ $0 == "*" || $0 == "/" }) { return true }
            return false
        }
    }
}
