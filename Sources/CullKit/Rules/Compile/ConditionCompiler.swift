/// Compiles one ``Condition`` to a boolean SQL expression with bound values.
///
/// NULL policy (missing metadata never matches): every expression is left in SQL's three-valued
/// logic — a comparison with a NULL column is NULL, `NOT NULL` is NULL, and a WHERE clause keeps
/// only TRUE rows. So `ne`, `not:` and `in` never match an asset that lacks the field. Fields that
/// are never NULL by definition (booleans such as `favorite`, `gps`; `status`) compile to
/// COALESCEd expressions, so `favorite: false` matches unrated photos. Only `exists` tests NULL.
enum ConditionCompiler {
    static func compile(_ condition: Condition, _ context: CompileContext) -> SQLFragment {
        let field = condition.field
        let subjects = field.subjects(context)
        switch field.type {
        case let .text(matching):
            return text(condition, subjects, matching)
        case .enumeration:
            return scalarComparison(condition, subjects[0])
        case .size, .duration, .number:
            return scalarComparison(condition, subjects[0])
        case .boolean:
            guard case let .bool(value) = condition.value else { return SQLFragment("NULL") }
            return subjects[0] + SQLFragment(value ? " = 1" : " = 0")
        case let .date(semantics):
            return DateCompiler.compile(condition, subjects[0], semantics, context)
        }
    }

    static func bind(_ value: RuleValue) -> SQLValue {
        switch value {
        case let .text(text), let .regex(text): .text(text)
        case let .number(number): number == number.rounded() && abs(number) < 9e15 ? .integer(Int64(number)) : .real(number)
        case let .size(size): .integer(size.bytes)
        case let .span(span): .real(span.seconds)
        case let .date(date): .integer(date.wallClock)
        case let .bool(flag): .integer(flag ? 1 : 0)
        case .list, .range: .null
        }
    }

    static func exists(_ subjects: [SQLFragment], _ present: Bool) -> SQLFragment {
        let parts = subjects.map { $0 + SQLFragment(present ? " IS NOT NULL" : " IS NULL") }
        return SQLFragment.join(parts, separator: present ? " OR " : " AND ").parenthesised
    }

    private static func scalarComparison(_ condition: Condition, _ subject: SQLFragment) -> SQLFragment {
        let value = condition.value
        switch condition.op {
        case .exists:
            if case let .bool(present) = value { return exists([subject], present) }
        case .in:
            if case let .list(values) = value {
                let marks = Array(repeating: "?", count: values.count).joined(separator: ", ")
                return subject + SQLFragment(" IN (\(marks))", values.map(bind))
            }
        case .between:
            if case let .range(low, high) = value {
                return (subject + SQLFragment(" BETWEEN ? AND ?", [bind(low), bind(high)])).parenthesised
            }
        default:
            break
        }
        let symbol: String
        switch condition.op {
        case .ne: symbol = "<>"
        case .gt: symbol = ">"
        case .gte: symbol = ">="
        case .lt: symbol = "<"
        case .lte: symbol = "<="
        default: symbol = "="
        }
        return subject + SQLFragment(" \(symbol) ?", [bind(value)])
    }

    private static func text(_ condition: Condition, _ subjects: [SQLFragment], _ matching: TextMatching) -> SQLFragment {
        switch (condition.op, condition.value) {
        case let (.exists, .bool(present)):
            return exists(subjects, present)
        case let (.matches, .regex(pattern)):
            let function = matching.caseInsensitive || matching.lowercased ? "cull_iregexp" : "cull_regexp"
            return call(function, pattern, subjects)
        case let (.in, .list(values)):
            let parts = values.compactMap { value -> SQLFragment? in
                guard case let .text(pattern) = value else { return nil }
                return glob(pattern, subjects, matching)
            }
            return SQLFragment.join(parts, separator: " OR ").parenthesised
        case let (.ne, .text(pattern)):
            return SQLFragment("NOT ") + glob(pattern, subjects, matching).parenthesised
        case let (_, .text(pattern)):
            return glob(pattern, subjects, matching)
        default:
            return SQLFragment("NULL")
        }
    }

    /// A glob test: native `=` / `GLOB` when exact, else the registered `cull_glob` function.
    static func glob(_ written: String, _ subjects: [SQLFragment], _ matching: TextMatching) -> SQLFragment {
        var pattern = written
        if matching.lowercased {
            pattern = pattern.lowercased()
            if pattern.hasPrefix("."), pattern.count > 1 { pattern.removeFirst() }
        }
        if subjects.count == 1, !matching.caseInsensitive,
           let translation = NativeGlob.translate(pattern, slashFree: matching.slashFree) {
            switch translation {
            case let .equals(value):
                return subjects[0] + SQLFragment(" = ?", [.text(value)])
            case let .globs(patterns):
                let parts = patterns.map { subjects[0] + SQLFragment(" GLOB ?", [.text($0)]) }
                return parts.count == 1 ? parts[0] : SQLFragment.join(parts, separator: " OR ").parenthesised
            }
        }
        return call(matching.caseInsensitive ? "cull_iglob" : "cull_glob", pattern, subjects)
    }

    private static func call(_ function: String, _ pattern: String, _ subjects: [SQLFragment]) -> SQLFragment {
        SQLFragment("\(function)(?, ", [.text(pattern)]) + SQLFragment.join(subjects, separator: ", ") + SQLFragment(")")
    }
}
