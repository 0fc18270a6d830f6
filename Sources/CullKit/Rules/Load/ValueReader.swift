/// Reads the value of one condition according to the field's type and the operator.
enum ValueReader {
    static func read(_ node: YAMLNode, for field: Field, op: Operator, log: inout DiagnosticLog) -> RuleValue? {
        switch op {
        case .exists:
            guard node.isPlainScalar, let value = YAMLScalars.bool(node.scalar ?? "") else {
                log.error(.wrongType, "expected true or false for 'exists', found \(node.describedType)", at: node.mark)
                return nil
            }
            return .bool(value)
        case .in:
            guard case let .sequence(items) = node.kind, !items.isEmpty else {
                log.error(.wrongType, "expected a non-empty list for 'in', found \(node.describedType)", at: node.mark)
                return nil
            }
            guard items.count <= RuleLimits.listItems else {
                log.error(.limitExceeded, "\(items.count) items for 'in'; a list may have at most \(RuleLimits.listItems)",
                          at: items[RuleLimits.listItems].mark)
                return nil
            }
            let values = items.compactMap { scalar($0, for: field, log: &log) }
            return values.count == items.count ? .list(values) : nil
        case .between:
            guard case let .sequence(items) = node.kind, items.count == 2 else {
                log.error(.wrongType, "expected [low, high] for 'between', found \(node.describedType)", at: node.mark)
                return nil
            }
            guard let low = scalar(items[0], for: field, log: &log), let high = scalar(items[1], for: field, log: &log) else {
                return nil
            }
            return .range(low, high)
        case .matches:
            guard let written = ScalarReader.string(node, what: "a regular expression string", log: &log) else { return nil }
            let pattern = UnicodeForm.nfc(written)
            guard pattern.unicodeScalars.count <= RuleLimits.patternLength else {
                log.error(.limitExceeded, "the regular expression has \(pattern.unicodeScalars.count) characters; "
                          + "patterns are limited to \(RuleLimits.patternLength)", at: node.mark)
                return nil
            }
            if let problem = Regex.problem(compiling: pattern) {
                log.error(.badRegex, "regular expression does not compile: \(problem)", at: node.mark)
                return nil
            }
            return .regex(pattern)
        case .olderThan, .newerThan:
            return span(node, log: &log)
        default:
            return scalar(node, for: field, log: &log)
        }
    }

    /// A single value of the field's type (the bare form, and the items of `in` / `between`).
    static func scalar(_ node: YAMLNode, for field: Field, log: inout DiagnosticLog) -> RuleValue? {
        let expected = field.type.expected
        guard let text = node.scalar, !node.isNull else {
            log.error(.wrongType, "expected \(expected) for '\(field.name)', found \(node.describedType)", at: node.mark)
            return nil
        }
        switch field.type {
        case .text:
            guard let written = ScalarReader.string(node, what: "\(expected) for '\(field.name)' (quote numbers)", log: &log) else {
                return nil
            }
            // One normal form for every comparison: rules typed in NFC match paths synced in NFD.
            let pattern = UnicodeForm.nfc(written)
            guard pattern.unicodeScalars.count <= RuleLimits.patternLength else {
                log.error(.limitExceeded, "the pattern has \(pattern.unicodeScalars.count) characters; "
                          + "patterns are limited to \(RuleLimits.patternLength)", at: node.mark)
                return nil
            }
            return .text(pattern)
        case let .enumeration(words):
            guard let word = ScalarReader.string(node, what: expected, log: &log) else { return nil }
            guard words.contains(word) else {
                log.error(.badValue, "'\(word)' is not a valid \(field.name); expected \(expected)" + Suggestion.hint(for: word, in: words),
                          at: node.mark)
                return nil
            }
            return .text(word)
        case .size:
            return unit(node, ByteSize.parse(text), field: field, units: ByteSize.units.map(\.name), log: &log).map { .size($0) }
        case .duration:
            return span(node, field: field, log: &log)
        case .date:
            guard let date = RuleDate.parse(text) else {
                log.error(.badDate, "'\(text)' is not \(expected)" + (RuleDate.calendarProblem(text).map { ": \($0)" } ?? ""), at: node.mark)
                return nil
            }
            return .date(date)
        case let .booleanOr(words):
            if node.isPlainScalar, let value = YAMLScalars.bool(text) { return .bool(value) }
            guard let word = ScalarReader.string(node, what: expected, log: &log) else { return nil }
            guard words.contains(word) else {
                log.error(.badValue, "'\(word)' is not a valid \(field.name); expected \(expected)" + Suggestion.hint(for: word, in: words),
                          at: node.mark)
                return nil
            }
            return .text(word)
        case .boolean:
            guard node.isPlainScalar, let value = YAMLScalars.bool(text) else {
                log.error(.wrongType, "expected true or false for '\(field.name)', found \(node.describedType)", at: node.mark)
                return nil
            }
            return .bool(value)
        case let .number(integer, range):
            let parsed = integer ? YAMLScalars.integer(text).map(Double.init) : YAMLScalars.number(text)
            guard node.isPlainScalar, let value = parsed else {
                log.error(.wrongType, "expected \(expected) for '\(field.name)', found \(node.describedType)", at: node.mark)
                return nil
            }
            if let range, !range.contains(value) {
                log.error(.badValue, "\(text) is out of range for '\(field.name)'; expected \(expected)", at: node.mark)
                return nil
            }
            return .number(value)
        }
    }

    private static func span(_ node: YAMLNode, field: Field? = nil, log: inout DiagnosticLog) -> RuleValue? {
        guard let text = node.scalar, !node.isNull else {
            log.error(.wrongType, "expected a duration with a unit (e.g. 30d), found \(node.describedType)", at: node.mark)
            return nil
        }
        guard let span = unit(node, TimeSpan.parse(text), field: field, units: TimeSpan.units.map(\.name), log: &log) else {
            return nil
        }
        if let field, span.months != nil {
            log.error(.badUnit, "'\(text)' is in calendar units; '\(field.name)' takes s m h d w (e.g. 90s, 10m)", at: node.mark)
            return nil
        }
        return .span(span)
    }

    private static func unit<T>(_ node: YAMLNode, _ result: Result<T, UnitError>, field: Field?, units: [String],
                                log: inout DiagnosticLog) -> T? {
        let text = node.scalar ?? ""
        let unitList = units.joined(separator: " ")
        switch result {
        case let .success(value):
            return value
        case .failure(.missingUnit):
            log.error(.badUnit, "'\(text)' needs a unit (one of \(unitList)), e.g. \(text)\(units[min(2, units.count - 1)])", at: node.mark)
        case let .failure(.unknownUnit(unit, suggestion)):
            log.error(.badUnit, "unknown unit '\(unit)' in '\(text)'; expected one of \(unitList)"
                      + (suggestion.map { "; did you mean '\($0)'?" } ?? ""), at: node.mark)
        case .failure(.notANumber):
            let what = field.map { $0.type.expected } ?? "a duration with a unit (e.g. 30d)"
            log.error(.wrongType, "expected \(what), found \(node.describedType)", at: node.mark)
        case let .failure(.fraction(unit)):
            log.error(.badUnit, "'\(text)': months and years count on the calendar, so '\(unit)' takes a whole number "
                      + "(e.g. 18mo for a year and a half)", at: node.mark)
        case .failure(.tooLarge):
            log.error(.badValue, "'\(text)' is too large", at: node.mark)
        }
        return nil
    }
}
