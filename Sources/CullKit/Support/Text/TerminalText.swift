/// Text from a rule file on its way to a terminal. A shared file's values come back in messages,
/// echoed lines and `cull explain`; a control character there (ESC, BEL, a C1 code) could retitle,
/// clear or rewrite the screen, so it is shown as text instead. Paths have ``PathBytes/display(_:)``.
public enum TerminalText {
    /// `text` with each control character (but tab and newline) written as `\x1b` or `\u{9b}`.
    public static func escaped(_ text: String) -> String {
        map(text) { $0.value < 0x80 ? "\\x" + PathBytes.hex(UInt8($0.value)) : "\\u{" + String($0.value, radix: 16) + "}" }
    }

    /// `text` with each control character (but tab) as one U+FFFD: an echoed source line keeps its
    /// columns, so the caret under it still points where the diagnostic says.
    static func masked(_ text: some StringProtocol) -> String {
        map(String(text)) { _ in "\u{FFFD}" }
    }

    private static func map(_ text: String, _ replacement: (Unicode.Scalar) -> String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            if isControl(scalar) { out += replacement(scalar) } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return (value < 0x20 && value != 0x09 && value != 0x0A) || (0x7F ... 0x9F).contains(value)
    }
}
