/// Reads a predicate: a mapping of fields (AND) where `all` / `any` / `not` nest.
enum PredicateReader {
    static func read(_ node: YAMLNode, log: inout DiagnosticLog) -> Predicate? {
        read(node, depth: 0, log: &log)
    }

    private static func read(_ node: YAMLNode, depth: Int, log: inout DiagnosticLog) -> Predicate? {
        guard depth <= RuleLimits.predicateDepth else {
            log.error(.tooDeep, "'all' / 'any' / 'not' nest deeper than \(RuleLimits.predicateDepth) levels", at: node.mark)
            return nil
        }
        guard let keys = MappingReader(node, expected: "a predicate (a mapping of fields, e.g. {kind: video})", log: &log) else {
            return nil
        }
        if keys.isEmpty {
            log.error(.emptyMatch, "empty predicate; expected at least one field (e.g. {kind: video})", at: node.mark)
            return nil
        }
        var parts: [Predicate] = []
        var failed = false
        for key in keys.order {
            let pair = keys[key]!
            let part: Predicate?
            if let combinator = Combinator(rawValue: key) {
                part = readCombinator(combinator, pair, depth: depth, log: &log)
            } else {
                part = readField(key, pair, log: &log)
            }
            if let part { parts.append(part) } else { failed = true }
        }
        return failed ? nil : Predicate.conjunction(parts)
    }

    private static func readCombinator(_ combinator: Combinator, _ pair: YAMLNode.Pair, depth: Int,
                                       log: inout DiagnosticLog) -> Predicate? {
        let value = pair.value
        if combinator == .not, case .mapping = value.kind {
            return read(value, depth: depth + 1, log: &log).map { .not($0) }
        }
        guard case let .sequence(items) = value.kind else {
            let expected = combinator == .not ? "a predicate or a list of predicates" : "a list of predicates"
            log.error(.wrongType, "expected \(expected) under '\(combinator.rawValue)', found \(value.describedType)", at: value.mark)
            return nil
        }
        guard !items.isEmpty else {
            log.error(.emptyMatch, "empty '\(combinator.rawValue)' list; expected at least one predicate", at: value.mark)
            return nil
        }
        guard items.count <= RuleLimits.listItems else {
            log.error(.limitExceeded, "\(items.count) predicates under '\(combinator.rawValue)'; a list may have at most "
                      + "\(RuleLimits.listItems)", at: items[RuleLimits.listItems].mark)
            return nil
        }
        let parts = items.compactMap { read($0, depth: depth + 1, log: &log) }
        guard parts.count == items.count else { return nil }
        switch combinator {
        case .all: return Predicate.conjunction(parts)
        case .any: return parts.count == 1 ? parts[0] : .any(parts)
        case .not: return .not(Predicate.conjunction(parts))
        }
    }

    private static func readField(_ name: String, _ pair: YAMLNode.Pair, log: inout DiagnosticLog) -> Predicate? {
        guard let field = FieldRegistry.field(named: name) else {
            log.error(.unknownField, "unknown field '\(name)'" + Suggestion.hint(for: name, in: FieldRegistry.vocabulary),
                      at: pair.key.mark)
            return nil
        }
        guard field.isSupported else {
            log.error(.unsupportedField, "field '\(name)' is not supported yet (group rules come with duplicate detection)",
                      at: pair.key.mark)
            return nil
        }
        guard case let .mapping(operatorPairs) = pair.value.kind else {
            // A bare list is `in` (`extension: [jpg, jpeg]`), a bare value `eq`.
            let op: Operator = if case .sequence = pair.value.kind, field.operators.contains(.in) { .in }
                else if field.operators.contains(.eq) { .eq } else { field.operators.first ?? .eq }
            if let meant = field.trueMeans, pair.value.isPlainScalar, YAMLScalars.bool(pair.value.scalar ?? "") == true {
                return condition(field, op, meant, at: pair.key.mark, log: &log)
            }
            return ValueReader.read(pair.value, for: field, op: op, log: &log)
                .flatMap { condition(field, op, $0, at: pair.key.mark, log: &log) }
        }
        guard let keys = MappingReader(pair.value, expected: "operators", log: &log) else { return nil }
        if keys.isEmpty || operatorPairs.isEmpty {
            log.error(.emptyMatch, "no operator for '\(name)'; expected one of \(field.operators.map(\.rawValue).joined(separator: ", "))",
                      at: pair.value.mark)
            return nil
        }
        var conditions: [Predicate] = []
        var failed = false
        for key in keys.order {
            let opPair = keys[key]!
            guard let op = Operator(rawValue: key) else {
                log.error(.unknownOperator, "unknown operator '\(key)'"
                          + Suggestion.hint(for: key, in: Operator.allCases.map(\.rawValue))
                          + "; \(name) accepts \(field.operators.map(\.rawValue).joined(separator: ", "))", at: opPair.key.mark)
                failed = true
                continue
            }
            guard field.operators.contains(op) else {
                log.error(.operatorNotAllowed, "operator '\(key)' does not apply to '\(name)' (\(field.type.expected)); use "
                          + field.operators.map(\.rawValue).joined(separator: ", "), at: opPair.key.mark)
                failed = true
                continue
            }
            if let value = ValueReader.read(opPair.value, for: field, op: op, log: &log),
               let part = condition(field, op, value, at: opPair.key.mark, log: &log) {
                conditions.append(part)
            } else {
                failed = true
            }
        }
        return failed ? nil : Predicate.conjunction(conditions)
    }

    /// The typed condition; a pair the field's type cannot take is an error where it was written
    /// (the value reader already refuses them, so this is the proof, not a second validator).
    private static func condition(_ field: Field, _ op: Operator, _ value: RuleValue, at mark: Mark,
                                  log: inout DiagnosticLog) -> Predicate? {
        do {
            return .condition(try Condition(field: field, op: op, value: value, mark: mark))
        } catch {
            log.error(.wrongType, error.message, at: error.mark)
            return nil
        }
    }
}
