/// What a ``Condition`` tests, typed by its field's type: the (operator, value) pairs the validator
/// proved to fit, and all the compiler reads.
///
/// Made once, when the condition is made (``Condition/init(field:op:value:mark:)``); a pair that has
/// no case here is refused there with its position. So the compiler's switches are exhaustive and
/// have no fallback: there is no SQL that silently matches nothing (inside `protect:`, `NOT (NULL)`
/// is NULL and would protect nothing).
enum ConditionTest: Sendable {
    /// `exists:`: the field's value is present (true) or missing (false).
    case exists(Bool)
    /// A glob or regex test of a text field.
    case text(TextTest, TextMatching)
    /// A comparison of an enumeration, size, duration or number with bound values.
    case scalar(ScalarTest)
    /// A date test, in the field's time frame.
    case date(DateTest, DateSemantics)
    /// A boolean field (never NULL) is true or false.
    case flag(Bool)
    /// Membership of a group (`duplicate: true`, `duplicate: image`, `similar: {distance: 6}`).
    case member(GroupSpec)

    /// The test of `op` with `value` on `field`, or nil when the field's type cannot take them.
    init?(_ field: Field, _ op: Operator, _ value: RuleValue) {
        guard field.operators.contains(op) else { return nil }
        if op == .exists {
            guard case let .bool(present) = value else { return nil }
            self = .exists(present)
            return
        }
        if field.isList, case .enumeration = field.type {
            // Words of a list (`label: red`): one of the file's labels is the word.
            guard let test = TextTest(op, value) else { return nil }
            self = .text(test, .labelList)
            return
        }
        switch field.type {
        case let .text(matching):
            guard let test = TextTest(op, value) else { return nil }
            self = .text(test, matching)
        case .enumeration, .size, .duration, .number:
            if op == .distance {
                guard case let .number(distance) = value else { return nil }
                self = .member(.similar(distance: Int(distance)))
                return
            }
            guard let test = ScalarTest(op, value, field.type) else { return nil }
            self = .scalar(test)
        case let .date(semantics):
            guard let test = DateTest(op, value) else { return nil }
            self = .date(test, semantics)
        case .boolean:
            guard op == .eq, case let .bool(flag) = value else { return nil }
            self = Self.flag(flag, on: field)
        case .booleanOr:
            switch (op, value) {
            case let (.eq, .bool(flag)): self = Self.flag(flag, on: field)
            case let (.eq, .text(word)):
                guard let spec = field.groupVariants[word] else { return nil }
                self = .member(spec)
            default: return nil
            }
        }
    }
}

/// A glob or regex test of a text field.
enum TextTest: Sendable {
    /// `eq` (the bare value): the glob matches.
    case glob(String)
    /// `ne`: the glob does not match (never a missing value).
    case notGlob(String)
    /// `imatch`: the glob matches, ignoring letter case.
    case caseInsensitiveGlob(String)
    /// `in`: one of the globs matches.
    case anyGlob([String])
    /// `matches`: the PCRE2 pattern matches.
    case regex(String)
    /// `contains`: the text occurs in the value (in an item of a list), ignoring letter case.
    case contains(String)

    init?(_ op: Operator, _ value: RuleValue) {
        switch (op, value) {
        case let (.eq, .text(pattern)): self = .glob(pattern)
        case let (.ne, .text(pattern)): self = .notGlob(pattern)
        case let (.imatch, .text(pattern)): self = .caseInsensitiveGlob(pattern)
        case let (.matches, .regex(pattern)): self = .regex(pattern)
        case let (.contains, .text(needle)) where !needle.isEmpty: self = .contains(needle)
        case let (.in, .list(values)):
            var patterns: [String] = []
            for value in values {
                guard case let .text(pattern) = value else { return nil }
                patterns.append(pattern)
            }
            guard !patterns.isEmpty else { return nil }
            self = .anyGlob(patterns)
        default: return nil
        }
    }
}

/// A comparison of a scalar field with bound values.
enum ScalarTest: Sendable {
    case compare(Comparison, SQLValue)
    /// `between`: within [low, high], inclusive.
    case between(SQLValue, SQLValue)
    /// `in`: one of the values.
    case oneOf([SQLValue])

    init?(_ op: Operator, _ value: RuleValue, _ type: FieldType) {
        switch (op, value) {
        case let (.in, .list(values)):
            var bound: [SQLValue] = []
            for value in values {
                guard let item = Self.bind(value, type) else { return nil }
                bound.append(item)
            }
            guard !bound.isEmpty else { return nil }
            self = .oneOf(bound)
        case let (.between, .range(low, high)):
            guard let low = Self.bind(low, type), let high = Self.bind(high, type) else { return nil }
            self = .between(low, high)
        default:
            guard let comparison = Comparison(op), let bound = Self.bind(value, type) else { return nil }
            self = .compare(comparison, bound)
        }
    }

    /// The value as bound, when it is one of the field type's values.
    static func bind(_ value: RuleValue, _ type: FieldType) -> SQLValue? {
        switch (type, value) {
        case let (.enumeration(words), .text(word)) where words.contains(word): .text(word)
        case let (.size, .size(size)): .integer(size.bytes)
        case let (.duration, .span(span)): .real(span.seconds)
        case let (.number, .number(number)):
            number == number.rounded() && abs(number) < 9e15 ? .integer(Int64(number)) : .real(number)
        default: nil
        }
    }
}

/// A comparison operator and its SQL.
enum Comparison: Sendable {
    case equal, notEqual, greater, greaterOrEqual, less, lessOrEqual

    init?(_ op: Operator) {
        switch op {
        case .eq: self = .equal
        case .ne: self = .notEqual
        case .gt: self = .greater
        case .gte: self = .greaterOrEqual
        case .lt: self = .less
        case .lte: self = .lessOrEqual
        default: return nil
        }
    }

    var sql: SQLFragment {
        switch self {
        case .equal: "="
        case .notEqual: "<>"
        case .greater: ">"
        case .greaterOrEqual: ">="
        case .less: "<"
        case .lessOrEqual: "<="
        }
    }
}

/// A date test.
enum DateTest: Sendable {
    case olderThan(TimeSpan)
    case newerThan(TimeSpan)
    case before(RuleDate)
    case after(RuleDate)
    /// `eq`: the instant, or any time on the day of a date without a time.
    case on(RuleDate)
    case between(RuleDate, RuleDate)

    init?(_ op: Operator, _ value: RuleValue) {
        switch (op, value) {
        case let (.olderThan, .span(span)): self = .olderThan(span)
        case let (.newerThan, .span(span)): self = .newerThan(span)
        case let (.before, .date(date)): self = .before(date)
        case let (.after, .date(date)): self = .after(date)
        case let (.eq, .date(date)): self = .on(date)
        case let (.between, .range(.date(low), .date(high))): self = .between(low, high)
        default: return nil
        }
    }
}

extension ConditionTest {
    /// `true` on a group field is membership itself: the bare `IN (…)` lets SQLite start from the
    /// members, where `IN (…) = 1` tested every asset of the index.
    private static func flag(_ flag: Bool, on field: Field) -> ConditionTest {
        if flag, let spec = field.groupSpec { return .member(spec) }
        return .flag(flag)
    }
}
