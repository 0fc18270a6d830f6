internal import CExpat

/// libexpat (the XML parser Exiv2 uses) behind three events: an element starts (its qualified name
/// and attributes), text, an element ends. The one file that sees expat.
///
/// Hostile input gets bounded work: a DOCTYPE stops the parse (XMP has none, and entity expansion is
/// where amplification attacks live; expat's own billion-laughs protection is on as well), elements
/// nest at most ``maxDepth`` deep, text is kept up to ``maxText`` bytes per element, and the packet is
/// read once. A malformed packet is not an error: what was read before the fault counts (a tolerant
/// reader, as ExifTool's is).
struct XMLEvents {
    static let maxDepth = 256
    static let maxText = 1 << 20

    /// What the parse reports, in document order.
    protocol Handler: AnyObject {
        func start(_ name: String, attributes: [(String, String)])
        func text(_ text: String)
        func end(_ name: String)
    }

    /// Parses `bytes`, reporting to `handler`.
    static func parse(_ bytes: ArraySlice<UInt8>, _ handler: some Handler) {
        guard let parser = XML_ParserCreate(nil) else { return }
        defer { XML_ParserFree(parser) }
        let box = Box(handler: handler, parser: parser)
        let context = Unmanaged.passUnretained(box).toOpaque()
        XML_SetUserData(parser, context)
        _ = XML_SetBillionLaughsAttackProtectionMaximumAmplification(parser, 10)
        _ = XML_SetBillionLaughsAttackProtectionActivationThreshold(parser, 1 << 16)
        XML_SetElementHandler(parser, { context, name, attributes in
            guard let context, let name else { return }
            let box = Unmanaged<Box>.fromOpaque(context).takeUnretainedValue()
            box.depth += 1
            guard box.depth <= XMLEvents.maxDepth else { XML_StopParser(box.parser, XML_FALSE); return }
            var pairs: [(String, String)] = []
            var index = 0
            while let attributes, let key = attributes[index], let value = attributes[index + 1] {
                pairs.append((String(cString: key), String(cString: value)))
                index += 2
            }
            box.handler.start(String(cString: name), attributes: pairs)
        }, { context, name in
            guard let context, let name else { return }
            let box = Unmanaged<Box>.fromOpaque(context).takeUnretainedValue()
            box.depth -= 1
            box.handler.end(String(cString: name))
        })
        XML_SetCharacterDataHandler(parser) { context, text, length in
            guard let context, let text, length > 0 else { return }
            let box = Unmanaged<Box>.fromOpaque(context).takeUnretainedValue()
            let bytes = UnsafeRawBufferPointer(start: text, count: Int(length))
            box.handler.text(String(decoding: bytes, as: UTF8.self))
        }
        XML_SetStartDoctypeDeclHandler(parser) { context, _, _, _, _ in
            guard let context else { return }
            XML_StopParser(Unmanaged<Box>.fromOpaque(context).takeUnretainedValue().parser, XML_FALSE)
        }
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            base.withMemoryRebound(to: CChar.self, capacity: buffer.count) { start in
                _ = XML_Parse(parser, start, Int32(clamping: buffer.count), 1)
            }
        }
        withExtendedLifetime(box) {}
    }

    /// The handler and the parser, where expat's C callbacks reach them.
    private final class Box {
        let handler: any Handler
        let parser: XML_Parser
        var depth = 0

        init(handler: any Handler, parser: XML_Parser) {
            self.handler = handler
            self.parser = parser
        }
    }
}
