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
    /// plan's JSON a third of its instructions).
    private mutating func escaped(_ text: UnsafeBufferPointer<UInt8>) {
        var run = 0
        for index in text.indices {
            let byte = text[index]
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[run..<index]))
            run = index + 1
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\")); bytes.append(byte)
            case UInt8(ascii: "\n"): bytes.append(UInt8(ascii: "\\")); bytes.append(UInt8(ascii: "n"))
            case UInt8(ascii: "\r"): bytes.append(UInt8(ascii: "\\")); bytes.append(UInt8(ascii: "r"))
            case UInt8(ascii: "\t"): bytes.append(UInt8(ascii: "\\")); bytes.append(UInt8(ascii: "t"))
            default: bytes.append(contentsOf: Array("\\u00".utf8) + Array(PathBytes.hex(byte).utf8))
            }
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[run...]))
    }
}
