import Foundation

/// A JSON document with ordered keys, rendered deterministically (golden tests, committed schema).
public enum JSONValue: Sendable, Equatable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral {
    case null
    case bool(Bool)
    case integer(Int64)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int64) { self = .integer(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool { lhs.rendered() == rhs.rendered() }

    /// Two-space indented text (`pretty`), or one line. Written as bytes by ``ReviewJSON`` (one
    /// home for the escapes), which is what appending to a `String` piece by piece cost a plan's
    /// JSON most of its time on.
    public func rendered(pretty: Bool = true) -> String {
        var out = ReviewJSON()
        write(into: &out, indent: pretty ? 0 : nil)
        return String(decoding: out.bytes, as: UTF8.self)
    }

    /// Appends the one-line text to `out` (a document written piece by piece holding a value).
    func write(into out: inout ReviewJSON) { write(into: &out, indent: nil) }

    private func write(into out: inout ReviewJSON, indent: Int?) {
        switch self {
        case .null: out.raw("null")
        case let .bool(value): out.bool(value)
        case let .integer(value): out.integer(value)
        case let .number(value): out.number(value)
        case let .string(text): out.string(text)
        case let .array(items):
            guard !items.isEmpty else { out.raw("[]"); return }
            out.raw("[")
            for (index, value) in items.enumerated() {
                Self.separate(index, into: &out, indent: indent)
                value.write(into: &out, indent: indent.map { $0 + 1 })
            }
            Self.close("]", into: &out, indent: indent)
        case let .object(pairs):
            guard !pairs.isEmpty else { out.raw("{}"); return }
            out.raw("{")
            for (index, (key, value)) in pairs.enumerated() {
                Self.separate(index, into: &out, indent: indent)
                out.string(key)
                if indent == nil { out.raw(":") } else { out.raw(": ") }
                value.write(into: &out, indent: indent.map { $0 + 1 })
            }
            Self.close("}", into: &out, indent: indent)
        }
    }

    /// The comma before every item but the first, and in pretty text the new line and indent.
    private static func separate(_ index: Int, into out: inout ReviewJSON, indent: Int?) {
        if index > 0 { out.raw(",") }
        if let indent { newline(indent + 1, into: &out) }
    }

    private static func close(_ bracket: StaticString, into out: inout ReviewJSON, indent: Int?) {
        if let indent { newline(indent, into: &out) }
        out.raw(bracket)
    }

    private static func newline(_ depth: Int, into out: inout ReviewJSON) {
        out.raw("\n")
        for _ in 0..<depth { out.raw("  ") }
    }
}

extension JSONValue {
    /// Ids as a one-line JSON array, `[1,2,3]`, for a statement to read with `json_each(?)`
    /// (written straight as text: no value per id is built).
    public static func list(_ ids: some Sequence<Int64>) -> String {
        var out = ReviewJSON()
        out.array(ids) { $0.integer($1) }
        return String(decoding: out.bytes, as: UTF8.self)
    }

    /// A moment (epoch seconds) as ISO 8601 in UTC, `2026-12-01T10:29:08Z`: every command prints
    /// times so (a capture time keeps its own offset, see ``AssetJSON``).
    public static func instant(_ seconds: Int64) -> JSONValue { .string(CivilDate.iso8601(seconds, offsetMinutes: 0)) }

    /// A path in JSON, exactly: the name itself as a string when it is UTF-8 (JSON escapes its
    /// control characters, so a name holding a newline reads back as that name), else
    /// `{"bytes": BASE64}` of its raw bytes (ripgrep's convention). Every command prints paths so
    /// (docs/json's `path` definition), so a script acts on the very file Cull meant.
    public static func path(_ bytes: [UInt8]) -> JSONValue {
        if let text = String(validating: bytes, as: UTF8.self) { return .string(text) }
        return .object([("bytes", .string(Data(bytes).base64EncodedString()))])
    }
}
