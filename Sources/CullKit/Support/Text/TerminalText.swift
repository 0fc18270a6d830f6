/// Text on its way to a terminal or a plain-text stream (a pipe, a cron mail, a CI log): Cull's
/// own words as they are written in its code, and every other string escaped by
/// ``Escape/terminal(_:)-(String)``. ``Terminal/out(_:)`` and ``Terminal/err(_:)`` take nothing else, so a
/// file name, a camera model or a rule name cannot reach the terminal unescaped by being forgotten.
///
/// A string literal is Cull's own (its line breaks and styles stay); what is interpolated into one
/// is outside text and escaped — a `String`, a path as `\(path: bytes)`, an error, any value —
/// unless it is a `TerminalText` already. A newline inside a value is shown as `\n` and never
/// begins a line.
///
/// ```swift
/// terminal.out("Kept \(path: relative) (\(rule.name))\n")   // both escaped, the newline is Cull's
/// ```
public struct TerminalText: Sendable, Hashable, ExpressibleByStringInterpolation, CustomStringConvertible {
    /// The text as it is written (escaped already).
    public private(set) var text: String

    /// Cull's own text, as it is.
    public init(stringLiteral value: String) { text = value }

    public init(stringInterpolation: Interpolation) { text = stringInterpolation.text }

    /// Text from outside, escaped.
    public init(_ outside: String) { text = Escape.terminal(outside) }

    /// Text from outside, escaped.
    public init(_ outside: Substring) { text = Escape.terminal(String(outside)) }

    /// A path or name as bytes (it need not be UTF-8), escaped.
    public init<Bytes: Collection>(path: Bytes) where Bytes.Element == UInt8 { text = Escape.terminal(path) }

    /// Text Cull made itself outside a literal (help pages and completion scripts from its option
    /// specs, a picture's escape sequences from its pixels): written as it is. Never for text that
    /// holds anything read from a file, an index, a catalog or the command line.
    public init(own text: String) { self.text = text }

    public var description: String { text }
    public var isEmpty: Bool { text.isEmpty }

    public static func + (lhs: TerminalText, rhs: TerminalText) -> TerminalText { TerminalText(own: lhs.text + rhs.text) }
    public static func += (lhs: inout TerminalText, rhs: TerminalText) { lhs.text += rhs.text }

    /// Builds a ``TerminalText`` from a literal: literal parts as they are, values escaped.
    public struct Interpolation: StringInterpolationProtocol {
        fileprivate var text = ""

        public init(literalCapacity: Int, interpolationCount: Int) { text.reserveCapacity(literalCapacity + interpolationCount * 16) }

        public mutating func appendLiteral(_ literal: String) { text += literal }

        /// Text that is escaped already (a renderer's line, a style).
        public mutating func appendInterpolation(_ value: TerminalText) { text += value.text }

        /// Outside text.
        public mutating func appendInterpolation(_ value: String) { text += Escape.terminal(value) }

        /// A path or a name as bytes.
        public mutating func appendInterpolation<Bytes: Collection>(path: Bytes) where Bytes.Element == UInt8 {
            text += Escape.terminal(path)
        }

        /// Cull's own text made outside the literal (a style's code, a bar of `#`): as it is.
        public mutating func appendInterpolation(own value: String) { text += value }

        /// Anything else (a number, an error, a reason): its description, escaped.
        public mutating func appendInterpolation<Value>(_ value: Value) { text += Escape.terminal(String(describing: value)) }
    }

    // MARK: - Lines a CI runner would obey

    /// `text` with no line a CI runner reads as a command: GitHub Actions runs a line that starts
    /// with `::` after its leading white space (`::error::…`, `::add-mask::…`), and a `##[command]`
    /// or Azure's `##vso[command]` anywhere in a line is obeyed (``CommandBracket``). Cull's own text
    /// has none; a value that would make one (a file named `::error::x.jpg` printed at the start of
    /// a line, a `##vso[` in a key) has its first `:` shown as `\x3a`, its `[` as `\x5b`. Lines end
    /// at LF and at CR, as the runner reads them.
    public static func withoutCommands(_ text: String) -> String {
        guard mayHoldCommands(text.utf8) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 8)
        var lineStart = true
        var bracket = CommandBracket()
        var scalars = text.unicodeScalars.makeIterator()
        var pending = scalars.next()
        while let scalar = pending {
            pending = scalars.next()
            if scalar == "\n" || scalar == "\r" {
                lineStart = true
                bracket.reset()
                out.unicodeScalars.append(scalar)
                continue
            }
            if lineStart {
                if scalar.properties.isWhitespace {
                    out.unicodeScalars.append(scalar)
                    continue
                }
                lineStart = false
                if scalar == ":" && pending == ":" {
                    out += "\\x3a"
                    continue
                }
            }
            if bracket.opens(scalar.value) {
                out += "\\x5b"
                continue
            }
            out.unicodeScalars.append(scalar)
        }
        return out
    }

    /// False when `bytes` certainly holds no line starting with `::` and no command's `[` (one pass over
    /// the bytes, no copy: a `find` of a whole library goes through here); true when it may, or when
    /// a line starts with a character that is not ASCII (white space beyond ASCII is looked at
    /// by the scalars).
    private static func mayHoldCommands(_ bytes: String.UTF8View) -> Bool {
        var lineStart = true, colonFirst = false
        var bracket = CommandBracket()
        for byte in bytes {
            if byte == 0x0A || byte == 0x0D {
                lineStart = true
                colonFirst = false
                bracket.reset()
                continue
            }
            if lineStart {
                if byte == 0x20 || byte == 0x09 || byte == 0x0B || byte == 0x0C { continue }
                lineStart = false
                if byte >= 0x80 { return true }
                colonFirst = byte == UInt8(ascii: ":")
                _ = bracket.opens(UInt32(byte))
                continue
            }
            if colonFirst && byte == UInt8(ascii: ":") { return true }
            colonFirst = false
            if bracket.opens(UInt32(byte)) { return true }
        }
        return false
    }

    // MARK: - Escaping plain strings

    /// ``Escape/terminal(_:)-(String)``, for code that builds a `String` for a terminal.
    public static func escaped(_ text: String) -> String { Escape.terminal(text) }
}

extension Sequence where Element == TerminalText {
    /// The texts one after the other, `separator` between each two.
    public func joined(separator: TerminalText = "") -> TerminalText {
        var out = ""
        for (index, part) in enumerated() {
            if index > 0 { out += separator.text }
            out += part.text
        }
        return TerminalText(own: out)
    }
}
