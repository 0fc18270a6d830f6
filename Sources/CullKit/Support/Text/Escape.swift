/// The one escaping function of each kind of output, for every string that did not come from
/// Cull's own code: file names and paths, metadata, catalog text, rule-file text and names,
/// arguments. A photo anyone sent, a shared rule file or a catalog can carry ESC, C1 controls or a
/// bidi override; written raw they would retitle the terminal, set its clipboard (OSC 52), hide
/// or reverse text (`gpj.exe`), or start a CI workflow command.
///
/// | output | function |
/// |---|---|
/// | terminal and plain text (pipes, cron mail, CI logs) | ``terminal(_:)-(String)``, through ``TerminalText`` and ``Terminal/out(_:)`` |
/// | GitHub workflow commands | ``githubMessage(_:)``, ``githubProperty(_:)`` |
/// | SARIF artifact URIs | ``uri(_:)`` |
/// | JSON | `ReviewJSON`'s string escapes (exact: every byte comes back) |
/// | HTML | ``html(_:)`` |
public enum Escape {
    /// Text for a terminal or a plain-text stream: printable text as it is, everything that could
    /// act on a terminal or split a line made visible, unambiguously and in one form for paths and
    /// for other text —
    ///
    /// - `\n`, `\t`, `\r`; other C0 controls, ESC and DEL as `\x1b` (two lowercase hex digits);
    /// - C1 controls (U+0080–U+009F), bidi controls (U+061C, U+200E, U+200F, U+202A–U+202E,
    ///   U+2066–U+2069) and the line and paragraph separators (U+2028, U+2029) as `\u{9b}`;
    /// - bytes that are not UTF-8 (paths: a raw 8-bit C1 byte among them) as `\x9b`;
    /// - the `[` of `##[` and of `##vso[` as `\x5b`: CI runners obey `##[command]` (GitHub's legacy
    ///   ones, Azure's) and `##vso[command]` (Azure's) anywhere in a line (``CommandBracket``).
    ///
    /// A backslash stays a backslash (as paths were always shown): the escape is idempotent, so a
    /// name escaped into an error's description reads the same when the description is escaped again.
    public static func terminal(_ text: String) -> String {
        if isPlainASCII(text.utf8) { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 8)
        var bracket = CommandBracket()
        for scalar in text.unicodeScalars { append(scalar, to: &out, bracket: &bracket) }
        return out
    }

    /// ``terminal(_:)-(String)`` of raw bytes: a path, a name from the file system or a catalog,
    /// which need not be UTF-8.
    public static func terminal<Bytes: Collection>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        if isPlainASCII(bytes) { return String(decoding: bytes, as: UTF8.self) }
        let bytes = Array(bytes)
        var out = ""
        out.reserveCapacity(bytes.count + 8)
        var index = 0
        var bracket = CommandBracket()
        while index < bytes.count {
            if let (scalar, length) = decode(bytes, at: index) {
                append(scalar, to: &out, bracket: &bracket)
                index += length
            } else {
                out += "\\x" + hex(bytes[index])
                bracket.reset()
                index += 1
            }
        }
        return out
    }

    /// The message of a GitHub workflow command (`::error …::MESSAGE`): the terminal form (no
    /// control character, no line break), then the runner's own escapes, as GitHub's toolkit
    /// writes them: `%` → `%25`, CR → `%0D`, LF → `%0A`.
    public static func githubMessage(_ text: String) -> String {
        githubData(terminal(text))
    }

    /// A property of a GitHub workflow command (`file=…,title=…`): the message escapes and also
    /// `:` → `%3A` and `,` → `%2C`, so a value can neither end the properties nor add one.
    public static func githubProperty(_ text: String) -> String {
        var out = ""
        for character in githubMessage(text) {
            switch character {
            case ":": out += "%3A"
            case ",": out += "%2C"
            default: out.append(character)
            }
        }
        return out
    }

    private static func githubData(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A relative URI reference for a path (SARIF's `artifactLocation.uri`), percent-encoded as
    /// RFC 3986 says: unreserved characters and `/` as they are, every other byte (`%`, `:`,
    /// spaces, controls, bytes that are not ASCII) as `%XX` of its UTF-8 or raw bytes.
    public static func uri<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        var out = ""
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "a") ... UInt8(ascii: "z"), UInt8(ascii: "A") ... UInt8(ascii: "Z"), UInt8(ascii: "0") ... UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out += "%" + hex(byte).uppercased()
            }
        }
        return out
    }

    /// Text inside HTML or SVG, as an element's text or an attribute's value: the terminal form
    /// (a bidi override would reverse a name in the browser as well), then `& < > " '` as entities.
    public static func html(_ text: String) -> String {
        let visible = terminal(text)
        var out = ""
        out.reserveCapacity(visible.utf8.count)
        for character in visible {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }

    // MARK: - The terminal form

    /// `bracket`: what came before, for a `[` that opens a CI runner's command (escaped).
    private static func append(_ scalar: Unicode.Scalar, to out: inout String, bracket: inout CommandBracket) {
        let value = scalar.value
        let opens = bracket.opens(value)
        switch value {
        case 0x5B where opens: out += "\\x5b"
        case 0x0A: out += "\\n"
        case 0x09: out += "\\t"
        case 0x0D: out += "\\r"
        case 0 ..< 0x20, 0x7F: out += "\\x" + hex(UInt8(value))
        case 0x80 ... 0x9F: out += "\\u{" + String(value, radix: 16) + "}"
        default:
            if isBidiOrSeparator(value) { out += "\\u{" + String(value, radix: 16) + "}" } else { out.unicodeScalars.append(scalar) }
        }
    }

    /// Bidi controls, which reorder how text reads, and the two Unicode line breaks.
    private static func isBidiOrSeparator(_ value: UInt32) -> Bool {
        value == 0x061C || value == 0x200E || value == 0x200F || (0x2028 ... 0x202E).contains(value) || (0x2066 ... 0x2069).contains(value)
    }

    /// Printable ASCII only and no command's `[` (``CommandBracket``): nothing to escape (most names;
    /// one pass, no copy).
    private static func isPlainASCII<Bytes: Sequence>(_ bytes: Bytes) -> Bool where Bytes.Element == UInt8 {
        func plain(_ bytes: some Sequence<UInt8>) -> Bool {
            var bracket = CommandBracket()
            for byte in bytes {
                guard byte >= 0x20 && byte < 0x7F, !bracket.opens(UInt32(byte)) else { return false }
            }
            return true
        }
        return bytes.withContiguousStorageIfAvailable { plain($0) } ?? plain(bytes)
    }

    /// The scalar of the well-formed UTF-8 sequence at `index` and its length; nil for a byte
    /// that does not start one (overlong forms, surrogates and values above U+10FFFF included).
    private static func decode(_ bytes: [UInt8], at index: Int) -> (Unicode.Scalar, Int)? {
        let lead = bytes[index]
        if lead < 0x80 { return (Unicode.Scalar(lead), 1) }
        func continuation(_ offset: Int, _ range: ClosedRange<UInt8> = 0x80 ... 0xBF) -> UInt32? {
            guard index + offset < bytes.count, range.contains(bytes[index + offset]) else { return nil }
            return UInt32(bytes[index + offset] & 0x3F)
        }
        var value: UInt32
        var length: Int
        switch lead {
        case 0xC2 ... 0xDF:
            guard let b1 = continuation(1) else { return nil }
            value = UInt32(lead & 0x1F) << 6 | b1
            length = 2
        case 0xE0 ... 0xEF:
            let second: ClosedRange<UInt8> = lead == 0xE0 ? 0xA0 ... 0xBF : lead == 0xED ? 0x80 ... 0x9F : 0x80 ... 0xBF
            guard let b1 = continuation(1, second), let b2 = continuation(2) else { return nil }
            value = UInt32(lead & 0x0F) << 12 | b1 << 6 | b2
            length = 3
        case 0xF0 ... 0xF4:
            let second: ClosedRange<UInt8> = lead == 0xF0 ? 0x90 ... 0xBF : lead == 0xF4 ? 0x80 ... 0x8F : 0x80 ... 0xBF
            guard let b1 = continuation(1, second), let b2 = continuation(2), let b3 = continuation(3) else { return nil }
            value = UInt32(lead & 0x07) << 18 | b1 << 12 | b2 << 6 | b3
            length = 4
        default:
            return nil
        }
        guard let scalar = Unicode.Scalar(value) else { return nil }
        return (scalar, length)
    }

    static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789abcdef".utf8)
        return String(decoding: [digits[Int(byte >> 4)], digits[Int(byte & 15)]], as: UTF8.self)
    }
}
