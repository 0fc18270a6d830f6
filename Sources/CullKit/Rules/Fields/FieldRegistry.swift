/// The rule vocabulary: every field a predicate may use, in documentation order.
public enum FieldRegistry {
    /// All fields, supported or not.
    public static let all: [Field] = FileFields.all + MediaFields.all + MetadataFields.all + DecisionFields.all + ImageFields.all + TextFields.all + CodeFields.all + ReturnedFields.all + StateFields.all

    private static let byName: [String: Field] = Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0) })

    /// The field called `name`, or nil.
    public static func field(named name: String) -> Field? { byName[name] }

    /// Field names plus the combinators, for "did you mean".
    static var vocabulary: [String] { all.map(\.name) + Combinator.allCases.map(\.rawValue) }
}

/// The keys that nest predicates instead of naming a field.
public enum Combinator: String, Sendable, CaseIterable {
    case all, any, not
}
