/// Compiles one ``Condition`` to a boolean SQL expression with bound values.
///
/// NULL policy (missing metadata never matches): every expression is left in SQL's three-valued
/// logic — a comparison with a NULL column is NULL, `NOT NULL` is NULL, and a WHERE clause keeps
/// only TRUE rows. So `ne`, `not:` and `in` never match an asset that lacks the field. Fields that
/// are never NULL by definition (booleans such as `favorite`, `gps`; `status`) compile to
/// COALESCEd expressions, so `favorite: false` matches unrated photos. Only `exists` tests NULL.
enum ConditionCompiler {
    /// Exhaustive over the typed test: every condition that exists compiles to a real predicate.
    static func compile(_ condition: Condition, _ context: CompileContext) -> SQLFragment {
        let subjects = condition.field.subjects(context)
        switch condition.test {
        case let .exists(present):
            return exists(subjects, present)
        case let .text(test, matching):
            return text(test, subjects, matching)
        case let .scalar(test):
            return scalar(test, subjects[0])
        case let .date(test, semantics):
            return DateCompiler.compile(test, subjects[0], semantics, context)
        case let .flag(value):
            return value ? "\(subjects[0]) = 1" : "\(subjects[0]) = 0"
        case let .member(spec):
            return GroupSet.memberSQL(spec)
        }
    }

    static func exists(_ subjects: [SQLFragment], _ present: Bool) -> SQLFragment {
        let parts = subjects.map { (subject: SQLFragment) -> SQLFragment in
            present ? "\(subject) IS NOT NULL" : "\(subject) IS NULL"
        }
        return SQLFragment.join(parts, separator: present ? " OR " : " AND ").parenthesised
    }

    private static func scalar(_ test: ScalarTest, _ subject: SQLFragment) -> SQLFragment {
        switch test {
        case let .compare(comparison, value): "\(subject) \(comparison.sql) \(value)"
        case let .between(low, high): "(\(subject) BETWEEN \(low) AND \(high))"
        case let .oneOf(values): membership(subject, values)
        }
    }

    /// `subject IN (…)`: a short list binds one value per item; a long one binds a single JSON
    /// array read by `json_each`, so no list length reaches SQLite's limits on variables.
    static func membership(_ subject: SQLFragment, _ values: [SQLValue]) -> SQLFragment {
        guard values.count > inlineListLimit else {
            return "\(subject) IN (\(SQLFragment.join(values.map { "\($0)" }, separator: ", ")))"
        }
        let array = JSONValue.array(values.map { value -> JSONValue in
            switch value {
            case let .integer(number): .integer(number)
            case let .real(number): .number(number)
            case let .text(text): .string(text)
            default: .null
            }
        })
        return "\(subject) IN (SELECT value FROM json_each(\(array.rendered(pretty: false))))"
    }

    /// Lists longer than this bind as one JSON array.
    static let inlineListLimit = 32

    private static func text(_ test: TextTest, _ subjects: [SQLFragment], _ matching: TextMatching) -> SQLFragment {
        switch test {
        case let .regex(pattern):
            if matching.list { return call(.listRegexp, pattern, subjects) }
            return call(matching.caseInsensitive || matching.lowercased ? .iregexp : .regexp, pattern, subjects)
        case let .contains(needle):
            return call(matching.list ? .listContains : .contains, needle, subjects)
        case let .anyGlob(patterns):
            return anyOf(patterns, subjects, matching)
        case let .notGlob(pattern):
            return "NOT \(glob(pattern, subjects, matching).parenthesised)"
        case let .caseInsensitiveGlob(pattern):
            return glob(pattern, subjects, TextMatching(caseInsensitive: true, lowercased: matching.lowercased,
                                                        slashFree: matching.slashFree, list: matching.list),
                        pathAware: !matching.caseInsensitive)
        case let .glob(pattern):
            return glob(pattern, subjects, matching)
        }
    }

    /// An `in` list of globs: the values without wildcards test set membership in one expression,
    /// the rest are OR-ed as a balanced tree (see ``SQLFragment/balanced(_:separator:)``).
    private static func anyOf(_ written: [String], _ subjects: [SQLFragment], _ matching: TextMatching) -> SQLFragment {
        var exact: [String] = [], exactNonASCII: [String] = [], patterns: [SQLFragment] = [], native: [String]? = []
        for value in written {
            let pattern = prepared(value, matching)
            if subjects.count == 1, !matching.caseInsensitive, case let .equals(text)? = NativeGlob.translate(pattern, slashFree: true) {
                if text.utf8.allSatisfy({ $0 < 0x80 }) { exact.append(text) } else { exactNonASCII.append(text) }
            } else {
                patterns.append(glob(value, subjects, matching))
                if let globs = nativeGlobs(pattern, subjects, matching) { native? += globs } else { native = nil }
            }
        }
        var parts: [SQLFragment] = []
        if !exact.isEmpty { parts.append(membership(subjects[0], exact.map { .text($0) })) }
        if !exactNonASCII.isEmpty {
            parts.append(membership("cull_nfc(\(subjects[0]))", exactNonASCII.map { .text($0) }))
        }
        // All in SQLite's GLOB: one list of them, behind one test of what they all contain. (With
        // a matcher among them, each keeps its place: the matcher runs where it always has.)
        if let native, native.count > 1 { parts.append(anyNativeGlob(subjects[0], native)) } else { parts += patterns }
        return parts.count == 1 ? parts[0] : SQLFragment.balanced(parts, separator: " OR ")
    }

    /// The patterns ``glob(_:_:_:pathAware:)`` tests `pattern` (as ``prepared(_:_:)`` makes it)
    /// with in SQLite's own GLOB; nil when it calls a matcher or compares with `=`.
    private static func nativeGlobs(_ pattern: String, _ subjects: [SQLFragment], _ matching: TextMatching) -> [String]? {
        guard !matching.list, subjects.count == 1, !matching.caseInsensitive, pattern.utf8.allSatisfy({ $0 < 0x80 }),
              case let .globs(globs)? = NativeGlob.translate(pattern, slashFree: matching.slashFree) else { return nil }
        return globs
    }

    /// `subject GLOB` any of `globs`. Two or more are tested only where `subject` holds the text
    /// every one of them needs (``NativeGlob/sharedLiteral(_:)``), itself one GLOB that skips
    /// to each occurrence of its first character: most paths fail it at once, where each GLOB
    /// costs a call (`**/WhatsApp/**` is two; the stock messaging rules' 16 were a third of the
    /// one-pass query's instructions). Every match contains that text, so the test changes no
    /// result, NULL included.
    static func anyNativeGlob(_ subject: SQLFragment, _ globs: [String]) -> SQLFragment {
        let parts = globs.map { "\(subject) GLOB \($0)" as SQLFragment }
        guard parts.count > 1 else { return parts[0] }
        let any = SQLFragment.balanced(parts, separator: " OR ")
        guard let literal = NativeGlob.sharedLiteral(globs) else { return any }
        return "(\(subject) GLOB \("*" + literal + "*") AND \(any))"
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
        if matching.list { return call(.listGlob, pattern, subjects) }
        let ascii = pattern.utf8.allSatisfy { $0 < 0x80 }
        if subjects.count == 1, !matching.caseInsensitive,
           let translation = NativeGlob.translate(pattern, slashFree: matching.slashFree) {
            switch translation {
            case let .equals(value):
                let subject: SQLFragment = ascii ? subjects[0] : "cull_nfc(\(subjects[0]))"
                return "\(subject) = \(value)"
            case let .globs(patterns) where ascii:
                return anyNativeGlob(subjects[0], patterns)
            case .globs:
                break
            }
        }
        let function: Matcher
        switch (matching.caseInsensitive, pathAware ?? !matching.caseInsensitive) {
        case (false, _): function = .glob
        case (true, true): function = .ipathglob
        case (true, false): function = .iglob
        }
        return call(function, pattern, subjects)
    }

    /// The matching functions ``RuleFunctions`` registers on every connection.
    private enum Matcher {
        case glob, ipathglob, iglob, regexp, iregexp, listGlob, listRegexp, contains, listContains

        var name: SQLFragment {
            switch self {
            case .glob: "cull_glob"
            case .ipathglob: "cull_ipathglob"
            case .iglob: "cull_iglob"
            case .regexp: "cull_regexp"
            case .iregexp: "cull_iregexp"
            case .listGlob: "cull_listglob"
            case .listRegexp: "cull_listregexp"
            case .contains: "cull_icontains"
            case .listContains: "cull_listicontains"
            }
        }
    }

    private static func call(_ function: Matcher, _ pattern: String, _ subjects: [SQLFragment]) -> SQLFragment {
        "\(function.name)(\(pattern), \(SQLFragment.join(subjects, separator: ", ")))"
    }
}
