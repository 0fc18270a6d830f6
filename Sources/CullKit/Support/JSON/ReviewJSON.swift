/// Compact JSON written straight into bytes, for the review document: a page of 20,000 files is
/// ~5 MB, and building a ``JSONValue`` tree of it, then a `String`, cost most of the time until
/// the page was interactive. Its text is byte for byte what `JSONValue.rendered(pretty: false)`
/// gives for the same values (it writes them), so either can produce a document.
struct ReviewJSON {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 0) { bytes.reserveCapacity(capacity) }

    /// Punctuation or a key with its quotes and colon, given as literal text.
    mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func raw(_ other: UnsafeBufferPointer<UInt8>) { bytes.append(contentsOf: other) }

    mutating func integer(_ value: Int64) {
        if value >= 0 && value < 10 { bytes.append(UInt8(ascii: "0") + UInt8(value)); return }
        var text = String(value)
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    mutating func number(_ value: Double) {
        var text = value.isFinite ? (value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)) : "null"
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    mutating func bool(_ value: Bool) { value ? raw("true") : raw("false") }

    mutating func string(_ text: String) {
        var text = text
        text.withUTF8 { string(utf8: $0) }
    }

    /// A string literal of UTF-8 text, the one set of escapes every JSON text of Cull uses.
    mutating func string(utf8: some Collection<UInt8>) {
        bytes.append(UInt8(ascii: "\""))
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(UInt8(ascii: "\\")); bytes.append(byte)
            case UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\")); bytes.append(byte)
            case UInt8(ascii: "\n"): bytes.append(UInt8(ascii: "\\")); bytes.append(UInt8(ascii: "n"))
            case UInt8(ascii: "\r"): bytes.append(UInt8(ascii: "\\")); bytes.append(UInt8(ascii: "r"))
            case UInt8(ascii: "\t"): bytes.append(UInt8(ascii: "\\")); bytes.append(UInt8(ascii: "t"))
            case 0 ..< 0x20: bytes.append(contentsOf: Array("\\u00".utf8) + Array(PathBytes.hex(byte).utf8))
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
