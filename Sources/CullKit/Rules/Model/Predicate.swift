/// A validated predicate: a tree of conditions joined by `all` / `any` / `not`.
///
/// A mapping of several fields is normalised to `.all`; a field with several operators
/// (`size: {gt: 1MB, lt: 1GB}`) to an `.all` of one condition per operator.
public indirect enum Predicate: Sendable {
    case all([Predicate])
    case any([Predicate])
    case not(Predicate)
    case condition(Condition)

    /// Every condition in the tree, depth first.
    public var conditions: [Condition] {
        switch self {
        case let .all(parts), let .any(parts): parts.flatMap(\.conditions)
        case let .not(inner): inner.conditions
        case let .condition(condition): [condition]
        }
    }

    /// The normalised form printed by `cull explain`: `all(kind eq "video", size gt 500MB)`.
    public var normalised: String {
        switch self {
        case let .all(parts): "all(" + parts.map(\.normalised).joined(separator: ", ") + ")"
        case let .any(parts): "any(" + parts.map(\.normalised).joined(separator: ", ") + ")"
        case let .not(inner): "not(" + inner.normalised + ")"
        case let .condition(condition): condition.description
        }
    }

    /// Joins predicates with AND, without nesting a single one.
    public static func conjunction(_ parts: [Predicate]) -> Predicate {
        parts.count == 1 ? parts[0] : .all(parts)
    }
}

/// One `field operator value` test, with where it was written.
public struct Condition: Sendable, CustomStringConvertible {
    public let field: Field
    public let op: Operator
    public let value: RuleValue
    public let mark: Mark
    /// The operator and value typed by the field's type: what the compiler reads.
    let test: ConditionTest

    /// The condition, when `field`'s type takes `op` with `value`; else an error at `mark`.
    init(field: Field, op: Operator, value: RuleValue, mark: Mark) throws(ConditionError) {
        guard let test = ConditionTest(field, op, value) else {
            throw ConditionError(mark: mark, message: "'\(field.name)' does not take \(op.rawValue) \(value); "
                                 + "expected \(field.type.expected) with "
                                 + field.operators.map(\.rawValue).joined(separator: ", "))
        }
        self.field = field
        self.op = op
        self.value = value
        self.mark = mark
        self.test = test
    }

    public var description: String { "\(field.name) \(op.rawValue) \(value)" }
}

/// An (operator, value) pair that a field's type cannot take, where it was written.
struct ConditionError: Error, CustomStringConvertible {
    let mark: Mark
    let message: String

    var description: String { "\(mark): \(message)" }
}
