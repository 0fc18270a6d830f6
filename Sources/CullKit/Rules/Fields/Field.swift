/// One word of the rule vocabulary: its type, the SQL it reads, its operators, doc line and examples.
///
/// The validator, the compiler, `cull schema` and the docs all read these declarations, so a new
/// field is added in one place. SQL comes only from here (alias `a` = assets, `r` = reviews).
public struct Field: Sendable {
    public let name: String
    public let type: FieldType
    public let doc: String
    /// Predicates using the field, as written in a rule file (`size: {gt: 500MB}`).
    public let examples: [String]
    /// False for fields that are declared but not implemented yet (rejected with a clear error).
    public let isSupported: Bool
    /// The SQL expressions the field's values are compared with; text fields may have several
    /// (a `camera` glob tries make, model and "make model"). Never NULL for boolean fields.
    let subjects: @Sendable (CompileContext) -> [SQLFragment]

    init(_ name: String, _ type: FieldType, doc: String, examples: [String], supported: Bool = true,
         subjects: @escaping @Sendable (CompileContext) -> [SQLFragment]) {
        self.name = name
        self.type = type
        self.doc = doc
        self.examples = examples
        self.isSupported = supported
        self.subjects = subjects
    }

    /// A field read from one fixed column expression.
    init(_ name: String, _ type: FieldType, column: String, doc: String, examples: [String]) {
        self.init(name, type, doc: doc, examples: examples) { _ in [SQLFragment(sql: column)] }
    }

    /// A field true for the members of a group of `spec` (loaded before the rule runs); with
    /// `variants`, a ``FieldType/booleanOr(_:)`` field whose words name those other specs.
    init(_ name: String, group spec: GroupSpec, variants: [(word: String, spec: GroupSpec)] = [], doc: String, examples: [String]) {
        let type: FieldType = variants.isEmpty ? .boolean : .booleanOr(variants.map(\.word))
        self.init(name, type, doc: doc, examples: examples) { _ in [GroupSet.memberSQL(spec)] }
        groupSpec = spec
        groupVariants = Dictionary(uniqueKeysWithValues: variants.map { ($0.word, $0.spec) })
    }

    /// The groups the field is about, whatever the condition (`duplicate: false` needs the exact
    /// groups too): what `true` names on a boolean group field (`duplicate: true`), the pairs a
    /// `raw_pair` half belongs to; nil on a field that is not about groups.
    var groupSpec: GroupSpec?

    /// The field, about the groups of `spec` (loaded before a rule using it runs).
    func about(_ spec: GroupSpec) -> Field {
        var field = self
        field.groupSpec = spec
        return field
    }

    /// The groups the words of a ``FieldType/booleanOr(_:)`` field name (`duplicate: image`).
    var groupVariants: [String: GroupSpec] = [:]

    /// An enumeration whose subjects are lists (``ValueList``): a photo may carry several of the words.
    var isList = false

    /// The field, over lists of its words.
    func overLists() -> Field {
        var field = self
        field.isList = true
        return field
    }

    /// The operators a rule may apply to this field.
    public var operators: [Operator] { isSupported ? (fixedOperators ?? type.operators) : [] }

    /// Operators other than the type's (`similar` takes only `distance`).
    var fixedOperators: [Operator]?

    /// What a bare `true` means for a field whose type is not boolean (`similar: true` is the
    /// default distance); nil when `true` is just a wrong type.
    public private(set) var trueMeans: RuleValue?

    /// A field with its own operators: a bare value means the first one, a bare `true` `trueMeans`.
    init(_ name: String, _ type: FieldType, operators: [Operator], trueMeans: RuleValue? = nil, doc: String, examples: [String],
         subjects: @escaping @Sendable (CompileContext) -> [SQLFragment]) {
        self.init(name, type, doc: doc, examples: examples, subjects: subjects)
        fixedOperators = operators
        self.trueMeans = trueMeans
    }
}
