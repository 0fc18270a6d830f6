/// The JSON Schema (2020-12) of the rule format, generated from the field registry.
///
/// `cull schema` prints it; `rules/cull-rules.schema.json` is a committed copy that editors use
/// through the `# yaml-language-server: $schema=…` comment. What only Cull itself can check
/// (duplicate keys and rule names, regexes that do not compile, unsupported fields) is not in it.
public enum RuleSchema {
    public static let dateTimePattern =
        "^[0-9]{4}(-[0-9]{2}(-[0-9]{2}([Tt ][0-9]{2}:[0-9]{2}(:[0-9]{2}(\\.[0-9]+)?)?([Zz]|[+-][0-9]{2}:[0-9]{2})?)?)?)?$"

    /// The schema document.
    public static func document() -> JSONValue {
        var definitions: [(String, JSONValue)] = [
            ("rule", rule()),
            ("limit", limit()),
            ("predicate", predicate()),
        ]
        for field in FieldRegistry.all where field.isSupported {
            definitions.append(("field-" + field.name, fieldSchema(field)))
        }
        return .object([
            ("$schema", "https://json-schema.org/draft/2020-12/schema"),
            ("$id", "urn:cull:rules:v1"),
            ("title", "Cull rule file"),
            ("description", "Cleanup rules for a Cull photo library (version 1). Check with `cull check`."),
            ("type", "object"),
            ("required", ["version", "rules"]),
            ("additionalProperties", false),
            ("properties", .object([
                ("version", .object([("const", 1), ("description", "Rule format version; this Cull reads 1.")])),
                ("description", .object([("type", "string")])),
                ("protect", .object([
                    ("description", "Nothing matching any of these predicates is staged by this file."),
                    ("type", "array"),
                    ("items", ref("predicate")),
                ])),
                ("rules", .object([("type", "array"), ("items", ref("rule"))])),
            ])),
            ("$defs", .object(definitions)),
        ])
    }

    private static func ref(_ name: String) -> JSONValue { .object([("$ref", .string("#/$defs/" + name))]) }

    private static func rule() -> JSONValue {
        let word = JSONValue.object([("enum", .array(KeeperKey.words.map { .string($0) }))])
        let glob = JSONValue.object([("type", "object"), ("minProperties", 1), ("maxProperties", 1), ("additionalProperties", false),
                                     ("properties", .object(KeeperKey.globKeys.map { ($0, .object([("type", "string")])) }))])
        let step = JSONValue.object([("anyOf", .array([word, glob]))])
        return .object([
            ("type", "object"),
            ("required", ["name", "match"]),
            ("additionalProperties", false),
            ("properties", .object([
                ("name", .object([("type", "string"), ("pattern", .string(RuleLoader.ruleNamePattern)),
                                  ("description", "Unique in the file, kebab-case.")])),
                ("description", .object([("type", "string")])),
                ("tags", .object([("type", "array"), ("items", .object([("type", "string")]))])),
                ("match", ref("predicate")),
                ("action", .object([("enum", ["trash", "keep"]),
                                    ("description", "trash (default) stages matches; keep excludes them from every trash rule.")])),
                ("limit", ref("limit")),
                ("keep", .object([
                    ("description", "Keeper ranking of a group rule, applied in order, ending in path order."),
                    ("anyOf", .array([step, .object([("type", "array"), ("items", step)])])),
                ])),
            ])),
        ])
    }

    private static func limit() -> JSONValue {
        .object([
            ("description", "Circuit breaker: stop instead of staging more than this."),
            ("type", "object"),
            ("minProperties", 1),
            ("additionalProperties", false),
            ("properties", .object([
                ("count", .object([("type", "integer"), ("minimum", 0)])),
                ("percent", .object([("type", "number"), ("exclusiveMinimum", 0), ("maximum", 100),
                                     ("description", "Percent of the library's asset count.")])),
            ])),
        ])
    }

    private static func predicate() -> JSONValue {
        let list: JSONValue = .object([("type", "array"), ("minItems", 1), ("items", ref("predicate"))])
        var properties: [(String, JSONValue)] = [
            ("all", list),
            ("any", list),
            ("not", .object([("anyOf", .array([ref("predicate"), list]))])),
        ]
        for field in FieldRegistry.all where field.isSupported {
            properties.append((field.name, ref("field-" + field.name)))
        }
        return .object([
            ("description", "A mapping of fields (AND); all / any / not nest."),
            ("type", "object"),
            ("minProperties", 1),
            ("additionalProperties", false),
            ("properties", .object(properties)),
        ])
    }

    private static func fieldSchema(_ field: Field) -> JSONValue {
        let bare = value(field.type)
        var operators: [(String, JSONValue)] = []
        for op in field.operators {
            let schema: JSONValue
            switch op {
            case .exists: schema = .object([("type", "boolean")])
            case .in: schema = .object([("type", "array"), ("minItems", 1), ("items", bare)])
            case .between: schema = .object([("type", "array"), ("minItems", 2), ("maxItems", 2), ("items", bare)])
            case .matches: schema = .object([("type", "string"), ("description", "PCRE2 regular expression; (?i) ignores case.")])
            case .contains: schema = .object([("type", "string"), ("minLength", 1), ("description", "Text the value contains, ignoring letter case.")])
            case .olderThan, .newerThan: schema = value(.duration)
            default: schema = bare
            }
            operators.append((op.rawValue, schema))
        }
        let examples = field.examples.map { "`\($0)`" }.joined(separator: ", ")
        return .object([
            ("description", .string(field.doc + " Examples: " + examples)),
            ("anyOf", .array([bare]
                // A bare list means `in` (`extension: [jpg, jpeg]`).
                + (field.operators.contains(.in) ? [.object([("type", "array"), ("minItems", 1), ("items", bare)])] : [])
                // A bare `true` the field gives a meaning (`similar: true`).
                + (field.trueMeans != nil ? [.object([("const", .bool(true))])] : [])
                + [.object([("type", "object"), ("minProperties", 1), ("additionalProperties", false),
                            ("properties", .object(operators))])])),
        ])
    }

    /// The schema of one bare value of `type`.
    private static func value(_ type: FieldType) -> JSONValue {
        switch type {
        case .text: return .object([("type", "string")])
        case let .enumeration(words): return .object([("enum", .array(words.map { .string($0) }))])
        case .size: return .object([("type", "string"), ("pattern", .string(ByteSize.pattern))])
        case .duration: return .object([("type", "string"), ("pattern", .string(TimeSpan.pattern))])
        case .date:
            // A year alone (`before: 2005`) is an integer to a YAML reader.
            return .object([("anyOf", .array([.object([("type", "string"), ("pattern", .string(dateTimePattern))]),
                                               .object([("type", "integer"), ("minimum", 1000), ("maximum", 9999)])]))])
        case .boolean: return .object([("type", "boolean")])
        case let .booleanOr(words):
            return .object([("anyOf", .array([.object([("type", "boolean")]), .object([("enum", .array(words.map { .string($0) }))])]))])
        case let .number(integer, range):
            var schema: [(String, JSONValue)] = [("type", integer ? "integer" : "number")]
            if let range {
                schema.append(("minimum", .number(range.lowerBound)))
                schema.append(("maximum", .number(range.upperBound)))
            }
            return .object(schema)
        }
    }
}
