import Foundation

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
        // The digits `String(value)` has, written without making the string.
        var magnitude = value.magnitude
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var start = digits.count
            repeat {
                start -= 1
                digits[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            if value < 0 { bytes.append(UInt8(ascii: "-")) }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
        }
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

    /// Text the review page shows as it is (its script puts it in `textContent`): the HTML kind's
    /// visible form (``Escape/terminal(_:)-(String)``), so a bidi override or a control character in a
    /// name, a rule file's name or a reason is shown, not obeyed, in the browser too.
    mutating func shown(_ text: String) { string(Escape.terminal(text)) }

    /// A string literal of UTF-8 text, the one set of escapes every JSON text of Cull uses.
    mutating func string(utf8: some Collection<UInt8>) {
        bytes.append(UInt8(ascii: "\""))
        if utf8.withContiguousStorageIfAvailable({ escaped($0) }) == nil { Array(utf8).withUnsafeBufferPointer { escaped($0) } }
        bytes.append(UInt8(ascii: "\""))
    }

    /// A path as ``JSONValue/path(_:)`` renders it: the name itself when it is UTF-8, else
    /// `{"bytes": BASE64}` of its raw bytes.
    mutating func path(_ path: [UInt8]) {
        if path.allSatisfy({ $0 < 0x80 }) || String(validating: path, as: UTF8.self) != nil {
            string(utf8: path)
        } else {
            raw("{\"bytes\":")
            string(Data(path).base64EncodedString())
            raw("}")
        }
    }

    /// `[`, each item written by `write` with a comma between, `]`: what an array of
    /// ``JSONValue``s renders to in one line.
    mutating func array<Item>(_ items: some Sequence<Item>, _ write: (inout ReviewJSON, Item) -> Void) {
        raw("[")
        for (index, item) in items.enumerated() {
            if index > 0 { raw(",") }
            write(&self, item)
        }
        raw("]")
    }

    /// `text` escaped: the runs that need no escape are copied whole (a byte at a time cost a
    /// plan's JSON a third of its instructions). Besides JSON's own escapes, every character that
    /// could act on a terminal or a CI log the JSON is shown in — DEL, the C1 controls, the bidi
    /// controls, U+2028/U+2029, and the `[` of a CI runner's `##[command]` or `##vso[command]`
    /// (``CommandBracket``) — is written as `\uXXXX`:
    /// the text still parses to exactly the same string.
    private mutating func escaped(_ text: UnsafeBufferPointer<UInt8>) {
        var run = 0
        var index = 0
        while index < text.count {
            let byte = text[index]
            // Printable ASCII but a quote, a backslash and `[`: most of every text, passed over at once.
            if byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") && byte != UInt8(ascii: "[") {
                index += 1
                continue
            }
            let length: Int
            let scalar: UInt32
            switch byte {
            case 0 ..< 0x20, UInt8(ascii: "\""), UInt8(ascii: "\\"), 0x7F:
                (length, scalar) = (1, UInt32(byte))
            case UInt8(ascii: "[") where CommandBracket.opens(text, at: index):
                (length, scalar) = (1, UInt32(byte))
            case 0xC2 where index + 1 < text.count && (0x80 ... 0x9F).contains(text[index + 1]):
                (length, scalar) = (2, UInt32(text[index + 1]))
            case 0xD8 where index + 1 < text.count && text[index + 1] == 0x9C:
                (length, scalar) = (2, 0x061C)
            case 0xE2 where index + 2 < text.count && Self.isBidiOrSeparator(text[index + 1], text[index + 2]):
                (length, scalar) = (3, 0x2000 | UInt32(text[index + 1] & 0x3F) << 6 | UInt32(text[index + 2] & 0x3F))
            default:
                index += 1
                continue
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[run..<index]))
            index += length
            run = index
            switch scalar {
            case UInt32(UInt8(ascii: "\"")), UInt32(UInt8(ascii: "\\")): bytes.append(UInt8(ascii: "\\")); bytes.append(UInt8(scalar))
            case 0x0A: bytes.append(UInt8(ascii: "\\")); bytes.append(UInt8(ascii: "n"))
            case 0x0D: bytes.append(UInt8(ascii: "\\")); bytes.append(UInt8(ascii: "r"))
            case 0x09: bytes.append(UInt8(ascii: "\\")); bytes.append(UInt8(ascii: "t"))
            default:
                bytes.append(contentsOf: Array("\\u".utf8))
                bytes.append(contentsOf: Array((Escape.hex(UInt8(scalar >> 8)) + Escape.hex(UInt8(scalar & 0xFF))).utf8))
            }
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[run...]))
    }

    /// The last two UTF-8 bytes of U+200E, U+200F, U+2028–U+202E or U+2066–U+2069 (after 0xE2).
    private static func isBidiOrSeparator(_ second: UInt8, _ third: UInt8) -> Bool {
        (second == 0x80 && (third == 0x8E || third == 0x8F || (0xA8 ... 0xAE).contains(third)))
            || (second == 0x81 && (0xA6 ... 0xA9).contains(third))
    }
}
