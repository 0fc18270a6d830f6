/// Text measured in terminal cells, for captions that line up under their pictures: East Asian
/// wide characters and emoji take two cells, combining marks none. It cuts and pads
/// ``TerminalText`` (escaped already), so what it returns is safe to draw as well.
enum CellText {
    /// The cells `text` takes.
    static func width(_ text: TerminalText) -> Int { width(text.text) }

    private static func width(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { $0 + width($1) }
    }

    static func width(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value == 0 || scalar.properties.generalCategory == .nonspacingMark || scalar.properties.generalCategory == .enclosingMark
            || (0x200B ... 0x200F).contains(value) || value == 0xFE0F {
            return 0
        }
        if (0x1100 ... 0x115F).contains(value) || (0x2E80 ... 0xA4CF).contains(value) || (0xAC00 ... 0xD7A3).contains(value)
            || (0xF900 ... 0xFAFF).contains(value) || (0xFE30 ... 0xFE4F).contains(value) || (0xFF00 ... 0xFF60).contains(value)
            || (0xFFE0 ... 0xFFE6).contains(value) || (0x1F300 ... 0x1F64F).contains(value) || (0x1F900 ... 0x1F9FF).contains(value)
            || (0x20000 ... 0x3FFFD).contains(value) {
            return 2
        }
        return 1
    }

    /// `text` in exactly `width` cells: padded with spaces, or cut with `…` at the end.
    static func fitted(_ text: TerminalText, _ width: Int) -> TerminalText {
        let cut = prefix(text, width)
        return cut + "\(own: String(repeating: " ", count: max(0, width - self.width(cut))))"
    }

    /// `text` cut to at most `width` cells, ending in `…` when cut.
    static func prefix(_ text: TerminalText, _ width: Int) -> TerminalText { TerminalText(own: prefix(text.text, width)) }

    private static func prefix(_ text: String, _ width: Int) -> String {
        guard self.width(text) > width else { return text }
        guard width > 0 else { return "" }
        var out = "", used = 0
        for character in text {
            let cells = self.width(String(character))
            if used + cells > width - 1 { break }
            out.append(character)
            used += cells
        }
        return out + "…"
    }

    /// A file name in at most `width` cells, cut in the middle: the end (`…_0457.JPG`) is what
    /// tells one burst frame or copy from the next.
    static func name(_ text: TerminalText, _ width: Int) -> TerminalText { TerminalText(own: name(text.text, width)) }

    private static func name(_ text: String, _ width: Int) -> String {
        guard self.width(text) > width else { return text }
        guard width > 4 else { return prefix(text, width) }
        let tailWidth = width / 2, headWidth = width - 1 - tailWidth
        var tail = "", used = 0
        for character in text.reversed() {
            let cells = self.width(String(character))
            if used + cells > tailWidth { break }
            tail.insert(character, at: tail.startIndex)
            used += cells
        }
        var head = ""
        used = 0
        for character in text {
            let cells = self.width(String(character))
            if used + cells > headWidth { break }
            head.append(character)
            used += cells
        }
        return head + "…" + tail
    }

    /// `text` broken into at most `lines` lines of `width` cells, at spaces where it can; the last
    /// line ends in `…` when text is left over.
    static func wrapped(_ text: TerminalText, width: Int, lines: Int) -> [TerminalText] {
        wrapped(text.text, width: width, lines: lines).map { TerminalText(own: $0) }
    }

    private static func wrapped(_ text: String, width: Int, lines: Int) -> [String] {
        var out: [String] = []
        var rest = Substring(text)
        while !rest.isEmpty, out.count < lines {
            if out.count == lines - 1 || self.width(String(rest)) <= width {
                out.append(prefix(String(rest), width))
                break
            }
            var line = "", used = 0, lastSpace: String.Index?
            var index = rest.startIndex
            while index < rest.endIndex {
                let cells = self.width(String(rest[index]))
                if used + cells > width { break }
                if rest[index] == " " { lastSpace = index }
                line.append(rest[index])
                used += cells
                index = rest.index(after: index)
            }
            if index < rest.endIndex, let lastSpace, lastSpace > rest.startIndex {
                out.append(String(rest[rest.startIndex ..< lastSpace]))
                rest = rest[rest.index(after: lastSpace)...]
            } else {
                out.append(line)
                rest = rest[index...]
            }
        }
        return out
    }
}
