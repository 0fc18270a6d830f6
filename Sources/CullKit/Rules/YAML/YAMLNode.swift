/// One node of a parsed YAML document: a scalar, a mapping or a sequence, with where it starts.
///
/// Mappings keep their pairs in source order, duplicates included, so the loader can report
/// a duplicate key at the exact node instead of silently keeping the last one.
public struct YAMLNode: Sendable {
    /// How a scalar was written: a quoted "5" is a string, a plain 5 is a number.
    public enum ScalarStyle: Sendable, Equatable {
        case plain, singleQuoted, doubleQuoted, literal, folded
    }

    /// One `key: value` pair of a mapping.
    public struct Pair: Sendable {
        public let key: YAMLNode
        public let value: YAMLNode
    }

    public enum Kind: Sendable {
        case scalar(String, ScalarStyle)
        case mapping([Pair])
        case sequence([YAMLNode])
    }

    public let kind: Kind
    public let mark: Mark
    /// An explicit tag such as `tag:yaml.org,2002:str` (`!!str`), if the source had one.
    public let tag: String?

    public init(_ kind: Kind, mark: Mark, tag: String? = nil) {
        self.kind = kind
        self.mark = mark
        self.tag = tag
    }

    /// The text of a scalar, or nil.
    public var scalar: String? {
        if case let .scalar(text, _) = kind { return text }
        return nil
    }

    /// True for a plain (unquoted, untagged) scalar: only those may be numbers, booleans or null.
    public var isPlainScalar: Bool {
        if case .scalar(_, .plain) = kind { return tag == nil }
        return false
    }

    /// True for `~`, `null` or an empty plain scalar.
    public var isNull: Bool {
        guard isPlainScalar, let text = scalar else { return false }
        return text.isEmpty || text == "~" || text == "null" || text == "Null" || text == "NULL"
    }

    /// A word for error messages: "a mapping", "a list", "the string \"x\"".
    public var describedType: String {
        switch kind {
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case let .scalar(text, _):
            if isNull { return "null" }
            if isPlainScalar {
                if YAMLScalars.bool(text) != nil { return "a boolean" }
                if YAMLScalars.integer(text) != nil || YAMLScalars.number(text) != nil { return "a number" }
            }
            return "the string \"\(text)\""
        }
    }
}

/// YAML 1.2 core-schema resolution of plain scalars, kept strict (no `yes`/`no`, no octal surprises).
enum YAMLScalars {
    static func bool(_ text: String) -> Bool? {
        switch text {
        case "true", "True", "TRUE": return true
        case "false", "False", "FALSE": return false
        default: return nil
        }
    }

    static func integer(_ text: String) -> Int64? {
        var digits = Substring(text)
        if digits.hasPrefix("+") { digits = digits.dropFirst() }
        guard !digits.isEmpty else { return nil }
        let body = digits.hasPrefix("-") ? digits.dropFirst() : digits
        guard !body.isEmpty, body.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int64(digits)
    }

    static func number(_ text: String) -> Double? {
        if let integer = integer(text) { return Double(integer) }
        let allowed = Set("0123456789.eE+-")
        guard !text.isEmpty, text.allSatisfy({ allowed.contains($0) }), text.contains(where: \.isNumber) else { return nil }
        guard let value = Double(text), value.isFinite else { return nil }
        return value
    }
}
