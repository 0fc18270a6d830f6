/// A JSON document with ordered keys, rendered deterministically (golden tests, committed schema).
public indirect enum JSONValue: Sendable, Equatable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
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

    /// The value of an SQL column or bound argument.
    public init(_ value: SQLValue) {
        switch value {
        case .null: self = .null
        case let .integer(int): self = .integer(int)
        case let .real(double): self = .number(double)
        case let .text(text): self = .string(text)
        case let .blob(bytes): self = .string(String(decoding: bytes, as: UTF8.self))
        }
    }

    /// Two-space indented text (`pretty`), or one line.
    public func rendered(pretty: Bool = true) -> String {
        var out = ""
        write(into: &out, indent: pretty ? 0 : nil)
        return out
    }

    private func write(into out: inout String, indent: Int?) {
        switch self {
        case .null: out += "null"
        case let .bool(value): out += value ? "true" : "false"
        case let .integer(value): out += String(value)
        case let .number(value):
            out += value.isFinite ? (value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)) : "null"
        case let .string(text): Self.quote(text, into: &out)
        case let .array(items):
            writeContainer(items.map { (nil, $0) }, open: "[", close: "]", into: &out, indent: indent)
        case let .object(pairs):
            writeContainer(pairs.map { ($0.0, $0.1) }, open: "{", close: "}", into: &out, indent: indent)
        }
    }

    private func writeContainer(_ items: [(String?, JSONValue)], open: String, close: String,
                                into out: inout String, indent: Int?) {
        guard !items.isEmpty else { out += open + close; return }
        out += open
        for (index, (key, value)) in items.enumerated() {
            if index > 0 { out += "," }
            if let indent { out += "\n" + String(repeating: "  ", count: indent + 1) }
            if let key {
                Self.quote(key, into: &out)
                out += indent == nil ? ":" : ": "
            }
            value.write(into: &out, indent: indent.map { $0 + 1 })
        }
        if let indent { out += "\n" + String(repeating: "  ", count: indent) }
        out += close
    }

    /// Appends `text` as a JSON string literal. Works on UTF-8 bytes: most text needs no escaping
    /// and is copied whole (appending scalar by scalar cost a quarter of a 10k-item listing).
    static func quote(_ text: String, into out: inout String) {
        var bytes: [UInt8] = [UInt8(ascii: "\"")]
        var text = text
        text.withUTF8 { utf8 in
            bytes.reserveCapacity(utf8.count + 2)
            for byte in utf8 {
                switch byte {
                case UInt8(ascii: "\""): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
                case UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
                case UInt8(ascii: "\n"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
                case UInt8(ascii: "\r"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
                case UInt8(ascii: "\t"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
                case 0 ..< 0x20: bytes += Array("\\u00".utf8) + Array(PathBytes.hex(byte).utf8)
                default: bytes.append(byte)
                }
            }
        }
        bytes.append(UInt8(ascii: "\""))
        out += String(decoding: bytes, as: UTF8.self)
    }
}

extension JSONValue {
    /// A moment (epoch seconds) as ISO 8601 in UTC, `2026-12-01T10:29:08Z`: every command prints
    /// times so (a capture time keeps its own offset, see ``AssetJSON``).
    public static func instant(_ seconds: Int64) -> JSONValue { .string(CivilDate.iso8601(seconds, offsetMinutes: 0)) }
}
