internal import CYAML

/// Parses YAML text into a ``YAMLNode`` tree through libyaml's event API.
///
/// Aliases are rejected (billion-laughs safe: nothing is ever expanded) and nesting is capped,
/// so a hostile shared file costs at most linear time and bounded stack.
public enum YAMLParser {
    /// The deepest nesting a rule file may use.
    public static let maximumDepth = RuleLimits.yamlDepth

    /// The single document of `text`, or nil for an empty stream.
    public static func parse(_ text: String) throws(YAMLError) -> YAMLNode? {
        let reader = EventReader(Array(text.utf8))
        return try TreeBuilder(reader: reader, lines: text).build()
    }

    /// The single document of a file's bytes as they are: libyaml checks their UTF-8 itself and
    /// says where the first bad byte is (decoding them to a `String` first would turn it into U+FFFD).
    public static func parse(bytes: [UInt8]) throws(YAMLError) -> YAMLNode? {
        try TreeBuilder(reader: EventReader(bytes), lines: String(decoding: bytes, as: UTF8.self)).build()
    }
}

/// Owns a `yaml_parser_t` and the input bytes it reads; both are freed in `deinit`.
private final class EventReader {
    private var parser = yaml_parser_t()
    private let input: UnsafeMutableBufferPointer<UInt8>

    init(_ bytes: [UInt8]) {
        input = .allocate(capacity: max(bytes.count, 1))
        _ = input.initialize(from: bytes)
        yaml_parser_initialize(&parser)
        yaml_parser_set_input_string(&parser, input.baseAddress, bytes.count)
    }

    deinit {
        yaml_parser_delete(&parser)
        input.deallocate()
    }

    /// The next event, converted to Swift; libyaml's event is deleted before returning.
    func next() throws(YAMLError) -> Event {
        var event = yaml_event_t()
        guard yaml_parser_parse(&parser, &event) == 1 else {
            let problem = parser.problem.map { String(cString: $0) } ?? "invalid YAML"
            var message = problem
            if let context = parser.context.map({ String(cString: $0) }) {
                message = "\(problem) (\(context) at \(Self.mark(parser.context_mark)))"
            }
            // The reader (bad UTF-8, control characters) reports a byte offset, not a mark.
            let mark = parser.error == YAML_READER_ERROR ? mark(offset: parser.problem_offset) : Self.mark(parser.problem_mark)
            throw YAMLError(reason: .syntax, message: message, mark: mark)
        }
        defer { yaml_event_delete(&event) }
        let mark = Self.mark(event.start_mark)
        switch event.type {
        case YAML_STREAM_START_EVENT: return .streamStart
        case YAML_STREAM_END_EVENT: return .streamEnd
        case YAML_DOCUMENT_START_EVENT: return .documentStart(mark)
        case YAML_DOCUMENT_END_EVENT: return .documentEnd
        case YAML_ALIAS_EVENT: return .alias(mark)
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            let text = scalar.value.map {
                String(decoding: UnsafeBufferPointer(start: $0, count: scalar.length), as: UTF8.self)
            } ?? ""
            let style: YAMLNode.ScalarStyle
            switch scalar.style {
            case YAML_SINGLE_QUOTED_SCALAR_STYLE: style = .singleQuoted
            case YAML_DOUBLE_QUOTED_SCALAR_STYLE: style = .doubleQuoted
            case YAML_LITERAL_SCALAR_STYLE: style = .literal
            case YAML_FOLDED_SCALAR_STYLE: style = .folded
            default: style = .plain
            }
            return .scalar(text, style, Self.tag(scalar.tag), mark)
        case YAML_SEQUENCE_START_EVENT: return .sequenceStart(Self.tag(event.data.sequence_start.tag), mark)
        case YAML_SEQUENCE_END_EVENT: return .sequenceEnd
        case YAML_MAPPING_START_EVENT: return .mappingStart(Self.tag(event.data.mapping_start.tag), mark)
        case YAML_MAPPING_END_EVENT: return .mappingEnd
        default: return .streamEnd
        }
    }

    /// The line and column (in characters, as libyaml counts) of byte `offset` of the input.
    private func mark(offset: Int) -> Mark {
        var line = 1, column = 1
        for index in 0 ..< min(offset, input.count) {
            let byte = input[index]
            if byte == 0x0A || (byte == 0x0D && (index + 1 == input.count || input[index + 1] != 0x0A)) {
                (line, column) = (line + 1, 1)
            } else if byte != 0x0D, byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return Mark(line: line, column: column)
    }

    private static func mark(_ mark: yaml_mark_t) -> Mark {
        Mark(line: Int(mark.line) + 1, column: Int(mark.column) + 1)
    }

    private static func tag(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(cString: $0) }
    }
}

/// A libyaml event in Swift terms.
private enum Event {
    case streamStart, streamEnd, documentEnd, sequenceEnd, mappingEnd
    case documentStart(Mark)
    case alias(Mark)
    case scalar(String, YAMLNode.ScalarStyle, String?, Mark)
    case sequenceStart(String?, Mark)
    case mappingStart(String?, Mark)
}

/// Folds the event stream into nodes with an explicit stack (no recursion over the input).
/// Each node is appended in place, so building costs time linear in the number of events.
private struct TreeBuilder {
    let reader: EventReader
    let lines: String

    private struct Frame {
        let isMapping: Bool
        let tag: String?
        let mark: Mark
        var items: [YAMLNode] = []
        var pairs: [YAMLNode.Pair] = []
        var pendingKey: YAMLNode?
    }

    func build() throws(YAMLError) -> YAMLNode? {
        var stack: [Frame] = []
        var root: YAMLNode?
        var documents = 0
        var nodes = 0
        while true {
            let event: Event
            do {
                event = try reader.next()
            } catch {
                throw refined(error)
            }
            var finished: YAMLNode?
            switch event {
            case .streamStart, .documentEnd:
                continue
            case .streamEnd:
                return root
            case let .documentStart(mark):
                documents += 1
                if documents > 1 {
                    throw YAMLError(reason: .multipleDocuments,
                                    message: "a rule file holds one YAML document; found a second one", mark: mark)
                }
                continue
            case let .alias(mark):
                throw YAMLError(reason: .alias,
                                message: "anchors and aliases are not supported in rule files; write the value out", mark: mark)
            case let .scalar(text, style, tag, mark):
                try count(&nodes, mark)
                // A double-quoted "\0" is valid YAML, but SQLite and PCRE2 read C strings: "IMG*\0x"
                // would match as "IMG*". No path, name or tag holds a NUL, so none is a value.
                if text.utf8.contains(0) {
                    throw YAMLError(reason: .nul, message: "a NUL character (\\0) in a value; no file name, path or tag can hold one",
                                    mark: mark)
                }
                try checkTag(tag, allowed: "tag:yaml.org,2002:str", mark)
                finished = YAMLNode(.scalar(text, style), mark: mark, tag: tag)
            case let .sequenceStart(tag, mark):
                try count(&nodes, mark)
                try checkTag(tag, allowed: "tag:yaml.org,2002:seq", mark)
                try checkDepth(stack.count, mark)
                stack.append(Frame(isMapping: false, tag: tag, mark: mark))
            case let .mappingStart(tag, mark):
                try count(&nodes, mark)
                try checkTag(tag, allowed: "tag:yaml.org,2002:map", mark)
                try checkDepth(stack.count, mark)
                stack.append(Frame(isMapping: true, tag: tag, mark: mark))
            case .sequenceEnd, .mappingEnd:
                if let frame = stack.popLast() {
                    finished = YAMLNode(frame.isMapping ? .mapping(frame.pairs) : .sequence(frame.items),
                                        mark: frame.mark, tag: frame.tag)
                }
            }
            guard let node = finished else { continue }
            guard !stack.isEmpty else {
                root = node
                continue
            }
            let top = stack.count - 1
            if !stack[top].isMapping {
                stack[top].items.append(node)
            } else if let key = stack[top].pendingKey {
                stack[top].pairs.append(YAMLNode.Pair(key: key, value: node))
                stack[top].pendingKey = nil
            } else {
                stack[top].pendingKey = node
            }
        }
    }

    private func count(_ nodes: inout Int, _ mark: Mark) throws(YAMLError) {
        nodes += 1
        guard nodes <= RuleLimits.nodes else {
            throw YAMLError(reason: .tooLarge,
                            message: "more than \(RuleLimits.nodes) YAML nodes; split the rules into several files", mark: mark)
        }
    }

    /// A tag makes a node mean something else to every other YAML reader (`!!binary` is bytes,
    /// `!!int "5"` a number, `!!python/object/apply` code in some loaders), while Cull reads the
    /// bare text: a file must mean one thing. Only the tag of what the node already is may stand.
    private func checkTag(_ tag: String?, allowed: String, _ mark: Mark) throws(YAMLError) {
        guard let tag, tag != allowed else { return }
        let shown = tag.hasPrefix("tag:yaml.org,2002:") ? "!!" + tag.dropFirst("tag:yaml.org,2002:".count) : tag
        throw YAMLError(reason: .tag, message: "YAML tag '\(TerminalText.escaped(shown))' is not supported in rule files; "
                        + "write the value plainly (quote it for a string)", mark: mark)
    }

    private func checkDepth(_ depth: Int, _ mark: Mark) throws(YAMLError) {
        guard depth < YAMLParser.maximumDepth else {
            throw YAMLError(reason: .tooDeep, message: "nesting deeper than \(YAMLParser.maximumDepth) levels", mark: mark)
        }
    }

    /// libyaml reports a tab as "found character that cannot start any token"; say so plainly.
    private func refined(_ error: YAMLError) -> YAMLError {
        let lineText = lines.split(separator: "\n", omittingEmptySubsequences: false)
            .dropFirst(error.mark.line - 1).first.map(Array.init) ?? []
        let index = error.mark.column - 1
        if index >= 0, index < lineText.count, lineText[index] == "\t" {
            return YAMLError(reason: .tab, message: "tabs are not allowed in YAML indentation; use spaces (\(error.message))",
                             mark: error.mark)
        }
        return error
    }
}
