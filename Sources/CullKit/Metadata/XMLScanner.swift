/// A forgiving, allocation-light XML tokenizer for XMP packets: it reports the values of the
/// properties ``XMPReader`` knows, from attributes and from element text, and never fails.
/// Comments, processing instructions and DOCTYPEs are skipped; CDATA is read as text.
struct XMLScanner {
    private let bytes: [UInt8]
    private var position = 0
    /// Prefix → namespace URI from every `xmlns:` seen so far (scoping is ignored, as XMP
    /// writers bind each prefix to a single URI).
    private var namespaces: [String: String] = [:]
    private var stack: [Frame] = []

    private struct Frame {
        var property: XMPReader.Property?
        /// rdf:Alt / rdf:Seq / rdf:Bag / rdf:li: text inside belongs to the enclosing property.
        var isContainer: Bool
    }

    init(_ bytes: ArraySlice<UInt8>) {
        self.bytes = Array(bytes)
    }

    /// Calls `emit` for every known property value, in document order.
    mutating func scan(_ emit: (XMPReader.Property, String) -> Void) {
        let lt = UInt8(ascii: "<")
        while position < bytes.count {
            let textStart = position
            while position < bytes.count, bytes[position] != lt { position += 1 }
            if position > textStart { text(textStart ..< position, emit) }
            guard position < bytes.count else { return }
            if starts(with: "<!--") {
                skip(past: "-->")
            } else if starts(with: "<![CDATA[") {
                let start = position + 9
                skip(past: "]]>")
                let end = max(start, min(position - 3, bytes.count))
                text(start ..< end, emit)
            } else if starts(with: "<?") {
                skip(past: "?>")
            } else if starts(with: "<!") || starts(with: "</") {
                if starts(with: "</"), !stack.isEmpty { stack.removeLast() }
                skip(past: ">")
            } else {
                startTag(emit)
            }
        }
    }

    private func starts(with literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard bytes.count - position >= count else { return false }
        return literal.withUTF8Buffer { pattern in
            for i in 0 ..< count where bytes[position + i] != pattern[i] { return false }
            return true
        }
    }

    /// Moves past the next occurrence of `literal`, or to the end.
    private mutating func skip(past literal: StaticString) {
        while position < bytes.count, !starts(with: literal) { position += 1 }
        position = min(bytes.count, position + literal.utf8CodeUnitCount)
    }

    private func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private mutating func skipSpaces() {
        while position < bytes.count, isSpace(bytes[position]) { position += 1 }
    }

    private mutating func name() -> String {
        let start = position
        while position < bytes.count {
            let b = bytes[position]
            if isSpace(b) || b == UInt8(ascii: "/") || b == UInt8(ascii: ">") || b == UInt8(ascii: "=") { break }
            position += 1
        }
        return String(decoding: bytes[start ..< position], as: UTF8.self)
    }

    private mutating func startTag(_ emit: (XMPReader.Property, String) -> Void) {
        position += 1 // "<"
        let element = name()
        var attributes: [(String, String)] = []
        var selfClosing = false
        while position < bytes.count {
            skipSpaces()
            guard position < bytes.count else { break }
            let b = bytes[position]
            if b == UInt8(ascii: ">") { position += 1; break }
            if b == UInt8(ascii: "/") { selfClosing = true; position += 1; continue }
            let attribute = name()
            skipSpaces()
            guard !attribute.isEmpty, position < bytes.count, bytes[position] == UInt8(ascii: "=") else {
                // Not an attribute: skip the rest of this malformed tag.
                skip(past: ">")
                break
            }
            position += 1
            skipSpaces()
            guard position < bytes.count, bytes[position] == 0x22 || bytes[position] == 0x27 else {
                skip(past: ">")
                break
            }
            let quote = bytes[position]
            position += 1
            let start = position
            while position < bytes.count, bytes[position] != quote { position += 1 }
            attributes.append((attribute, Self.decode(bytes[start ..< position])))
            position = min(bytes.count, position + 1)
        }
        for (key, value) in attributes where key.hasPrefix("xmlns:") {
            namespaces[String(key.dropFirst(6))] = value
        }
        for (key, value) in attributes {
            if let property = property(key) { emit(property, value) }
        }
        if !selfClosing {
            let isContainer = element.hasPrefix("rdf:")
                && ["rdf:Alt", "rdf:Seq", "rdf:Bag", "rdf:li"].contains(element)
            stack.append(Frame(property: property(element), isContainer: isContainer))
        }
    }

    private func property(_ qualified: String) -> XMPReader.Property? {
        guard let colon = qualified.firstIndex(of: ":") else { return nil }
        let prefix = String(qualified[..<colon])
        guard let uri = namespaces[prefix] ?? XMPReader.Property.namespaces[prefix] else { return nil }
        return XMPReader.Property(uri: uri, local: String(qualified[qualified.index(after: colon)...]))
    }

    private func text(_ range: Range<Int>, _ emit: (XMPReader.Property, String) -> Void) {
        guard bytes[range].contains(where: { !isSpace($0) }) else { return }
        for frame in stack.reversed() where !frame.isContainer {
            if let property = frame.property { emit(property, Self.decode(bytes[range])) }
            return
        }
    }

    /// Decodes UTF-8 and the XML entities (`&amp;`, `&lt;`, `&#65;`, `&#x41;` ...).
    static func decode(_ raw: ArraySlice<UInt8>) -> String {
        let text = String(decoding: raw, as: UTF8.self)
        guard text.contains("&") else { return text }
        var result = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            result += rest[..<amp]
            let after = rest[amp...]
            guard let semi = after.prefix(12).firstIndex(of: ";") else {
                result += "&"
                rest = rest[rest.index(after: amp)...]
                continue
            }
            let entity = after[after.index(after: amp) ..< semi]
            var replacement: String?
            switch entity {
            case "amp": replacement = "&"
            case "lt": replacement = "<"
            case "gt": replacement = ">"
            case "quot": replacement = "\""
            case "apos": replacement = "'"
            default:
                if entity.hasPrefix("#x") || entity.hasPrefix("#X") {
                    replacement = UInt32(entity.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map { String($0) }
                } else if entity.hasPrefix("#") {
                    replacement = UInt32(entity.dropFirst()).flatMap(Unicode.Scalar.init).map { String($0) }
                }
            }
            if let replacement {
                result += replacement
                rest = rest[rest.index(after: semi)...]
            } else {
                result += "&"
                rest = rest[rest.index(after: amp)...]
            }
        }
        result += rest
        return result
    }
}
