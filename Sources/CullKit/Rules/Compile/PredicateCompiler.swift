/// Compiles a ``Predicate`` tree to one boolean SQL expression over `assets a LEFT JOIN reviews r`.
///
/// `all` / `any` / `not` map to SQL `AND` / `OR` / `NOT`, whose three-valued logic keeps "unknown"
/// (missing metadata) unknown, and a WHERE clause drops unknown rows: see ``ConditionCompiler``.
public enum PredicateCompiler {
    public static func compile(_ predicate: Predicate, _ context: CompileContext) -> SQLFragment {
        switch predicate {
        case let .all(parts):
            return SQLFragment.balanced(parts.map { compile($0, context) }, separator: " AND ")
        case let .any(parts):
            return SQLFragment.balanced(parts.map { compile($0, context) }, separator: " OR ")
        case let .not(inner):
            return "NOT \(compile(inner, context).parenthesised)"
        case let .condition(condition):
            return ConditionCompiler.compile(condition, context)
        }
    }
}
