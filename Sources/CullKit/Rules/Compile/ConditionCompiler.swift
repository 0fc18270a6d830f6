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
            if let spec = GroupSpec.read(by: condition) { return GroupSet.memberSQL(spec) }
            return scalarComparison(condition, subjects[0])
        case .boolean:
            guard case let .bool(value) = condition.value else { return SQLFragment("NULL") }
            return subjects[0] + SQLFragment(value ? " = 1" : " = 0")
        case let .booleanOr(words):
            switch condition.value {
            case let .bool(value): return subjects[0] + SQLFragment(value ? " = 1" : " = 0")
            case let .text(word):
                guard let index = words.firstIndex(of: word), index + 1 < subjects.count else { return SQLFragment("NULL") }
                return subjects[index + 1] + SQLFragment(" = 1")
            default: return SQLFragment("NULL")
            }
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
            if case let .list(values) = value { return membership(subject, values.map(bind)) }
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

    /// `subject IN (…)`: a short list binds one value per item; a long one binds a single JSON
    /// array read by `json_each`, so no list length reaches SQLite's limits on variables.
    static func membership(_ subject: SQLFragment, _ values: [SQLValue]) -> SQLFragment {
        guard values.count > inlineListLimit else {
            let marks = Array(repeating: "?", count: values.count).joined(separator: ", ")
            return subject + SQLFragment(" IN (\(marks))", values)
        }
        let array = JSONValue.array(values.map { value -> JSONValue in
            switch value {
            case let .integer(number): .integer(number)
            case let .real(number): .number(number)
            case let .text(text): .string(text)
            default: .null
            }
        })
        return subject + SQLFragment(" IN (SELECT value FROM json_each(?))", [.text(array.rendered(pretty: false))])
    }

    /// Lists longer than this bind as one JSON array.
    static let inlineListLimit = 32

    private static func text(_ condition: Condition, _ subjects: [SQLFragment], _ matching: TextMatching) -> SQLFragment {
        switch (condition.op, condition.value) {
        case let (.exists, .bool(present)):
            return exists(subjects, present)
        case let (.matches, .regex(pattern)):
            let function = matching.caseInsensitive || matching.lowercased ? "cull_iregexp" : "cull_regexp"
            return call(function, pattern, subjects)
        case let (.in, .list(values)):
            return anyOf(values.compactMap { value -> String? in
                if case let .text(pattern) = value { return pattern }
                return nil
            }, subjects, matching)
        case let (.ne, .text(pattern)):
            return SQLFragment("NOT ") + glob(pattern, subjects, matching).parenthesised
        case let (.imatch, .text(pattern)):
            return glob(pattern, subjects, TextMatching(caseInsensitive: true, lowercased: matching.lowercased,
                                                        slashFree: matching.slashFree), pathAware: !matching.caseInsensitive)
        case let (_, .text(pattern)):
            return glob(pattern, subjects, matching)
        default:
            return SQLFragment("NULL")
        }
    }

    /// An `in` list of globs: the values without wildcards test set membership in one expression,
    /// the rest are OR-ed as a balanced tree (see ``SQLFragment/balanced(_:separator:)``).
    private static func anyOf(_ written: [String], _ subjects: [SQLFragment], _ matching: TextMatching) -> SQLFragment {
        var exact: [String] = [], exactNonASCII: [String] = [], patterns: [SQLFragment] = []
        for value in written {
            let pattern = prepared(value, matching)
            if subjects.count == 1, !matching.caseInsensitive, case let .equals(text)? = NativeGlob.translate(pattern, slashFree: true) {
                if text.utf8.allSatisfy({ $0 < 0x80 }) { exact.append(text) } else { exactNonASCII.append(text) }
            } else {
                patterns.append(glob(value, subjects, matching))
            }
        }
        var parts: [SQLFragment] = []
        if !exact.isEmpty { parts.append(membership(subjects[0], exact.map { .text($0) })) }
        if !exactNonASCII.isEmpty {
            parts.append(membership(SQLFragment("cull_nfc(") + subjects[0] + SQLFragment(")"), exactNonASCII.map { .text($0) }))
        }
        parts += patterns
        return parts.count == 1 ? parts[0] : SQLFragment.balanced(parts, separator: " OR ")
    }

    /// The pattern as compared: NFC, and lowercased without a leading `.` for lowercase columns.
    private static func prepared(_ written: String, _ matching: TextMatching) -> String {
        var pattern = UnicodeForm.nfc(written)
        if matching.lowercased {
            pattern = pattern.lowercased()
            if pattern.hasPrefix("."), pattern.count > 1 { pattern.removeFirst() }
        }
        return collapseFolderRuns(pattern)
    }

    /// `**/**/x` means `**/x`: collapsing here lets SQLite's GLOB take patterns written that way.
    static func collapseFolderRuns(_ pattern: String) -> String {
        guard pattern.contains("**/**/") else { return pattern }
        var result = pattern
        while let range = result.range(of: "**/**/") {
            let atSegmentStart = range.lowerBound == result.startIndex || result[result.index(before: range.lowerBound)] == "/"
            guard atSegmentStart else { break }
            result.replaceSubrange(range, with: "**/")
        }
        return result
    }

    /// A glob test: native `=` / `GLOB` when exact (ASCII: SQLite compares bytes), else the
    /// registered matcher, which compares in NFC.
    static func glob(_ written: String, _ subjects: [SQLFragment], _ matching: TextMatching,
                     pathAware: Bool? = nil) -> SQLFragment {
        let pattern = prepared(written, matching)
        let ascii = pattern.utf8.allSatisfy { $0 < 0x80 }
        if subjects.count == 1, !matching.caseInsensitive,
           let translation = NativeGlob.translate(pattern, slashFree: matching.slashFree) {
            switch translation {
            case let .equals(value):
                let subject = ascii ? subjects[0] : SQLFragment("cull_nfc(") + subjects[0] + SQLFragment(")")
                return subject + SQLFragment(" = ?", [.text(value)])
            case let .globs(patterns) where ascii:
                let parts = patterns.map { subjects[0] + SQLFragment(" GLOB ?", [.text($0)]) }
                return parts.count == 1 ? parts[0] : SQLFragment.join(parts, separator: " OR ").parenthesised
            case .globs:
                break
            }
        }
        let function: String
        switch (matching.caseInsensitive, pathAware ?? !matching.caseInsensitive) {
        case (false, _): function = "cull_glob"
        case (true, true): function = "cull_ipathglob"
        case (true, false): function = "cull_iglob"
        }
        return call(function, pattern, subjects)
    }

    private static func call(_ function: String, _ pattern: String, _ subjects: [SQLFragment]) -> SQLFragment {
        SQLFragment("\(function)(?, ", [.text(pattern)]) + SQLFragment.join(subjects, separator: ", ") + SQLFragment(")")
    }
}
