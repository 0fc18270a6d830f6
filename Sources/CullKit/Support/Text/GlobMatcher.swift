/// Cull's glob: `*` matches within one path segment, `**` across `/`, `**/` also matches zero
/// folders (`**/WhatsApp/**` matches `WhatsApp/a.jpg`), `?` one character other than `/`,
/// `[a-z]` / `[!a-z]` a class, `\x` a literal `x`. For labels that are not paths (camera, lens:
/// `EF 50mm f/1.8`) `/` is an ordinary character (`pathAware` false).
///
/// A pattern compiles once to tokens (repeated `**/` collapse to one) and matches by stepping a
/// set of pattern positions over the text, one character at a time, with no recursion and no
/// backtracking: O(text × tokens) time and O(tokens) memory for any pattern. Text is compared in
/// NFC (see ``UnicodeForm``); ASCII text is read straight from the bytes SQLite hands over.
final class GlobMatcher {
    private enum Token {
        case scalar(UInt32)
        /// `?`
        case one
        /// `[…]`: ranges of scalars, negated or not.
        case set([ClosedRange<UInt32>], negated: Bool)
        /// `*` within a segment.
        case star
        /// `**` (and any star for labels): anything, `/` included.
        case anything
        /// `**/` at a segment start: zero or more whole folders.
        case folders
    }

    private let tokens: [Token]
    private let foldCase: Bool
    private let pathAware: Bool

    static let slash: UInt32 = 0x2F

    init(_ pattern: String, foldCase: Bool, pathAware: Bool = true) {
        self.foldCase = foldCase
        self.pathAware = pathAware
        tokens = Self.tokens(Array(UnicodeForm.nfc(pattern).unicodeScalars.map(\.value)), foldCase: foldCase, pathAware: pathAware)
    }

    /// True when `text` matches `pattern` (convenience for tests and validation).
    static func matches(_ pattern: String, _ text: String, foldCase: Bool = false, pathAware: Bool = true) -> Bool {
        var text = text
        return text.withUTF8 { GlobMatcher(pattern, foldCase: foldCase, pathAware: pathAware).matches($0) }
    }

    /// True when the UTF-8 `text` matches.
    func matches(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        if UnicodeForm.isASCII(text) { return run(text.lazy.map(UInt32.init)) }
        return UnicodeForm.withNFC(text) { normal in
            run(String(decoding: normal, as: UTF8.self).unicodeScalars.lazy.map(\.value))
        }
    }

    private func run<S: Sequence>(_ text: S) -> Bool where S.Element == UInt32 {
        let count = tokens.count, width = count + 1
        // Four state sets in one local buffer (no per-access exclusivity checks on class storage):
        // `active` positions, and `mid` for a `**/` inside a folder name; each with its next step.
        var storage = [Bool](repeating: false, count: 4 * width)
        return tokens.withUnsafeBufferPointer { tokens in
            storage.withUnsafeMutableBufferPointer { buffer in
                var active = buffer.baseAddress!, next = active + width
                var mid = next + width, nextMid = mid + width
                active[0] = true
                Self.close(active, tokens)
                for raw in text {
                    let c = fold(raw)
                    let crossesFolder = pathAware && c == Self.slash
                    var any = false
                    next.update(repeating: false, count: width)
                    nextMid.update(repeating: false, count: width)
                    for index in 0..<count where active[index] || mid[index] {
                        switch tokens[index] {
                        case let .scalar(value):
                            if active[index], value == c { next[index + 1] = true; any = true }
                        case .one:
                            if active[index], !crossesFolder { next[index + 1] = true; any = true }
                        case let .set(ranges, negated):
                            if active[index], !crossesFolder, ranges.contains(where: { $0.contains(c) }) != negated {
                                next[index + 1] = true
                                any = true
                            }
                        case .star:
                            if active[index], !crossesFolder { next[index] = true; any = true }
                        case .anything:
                            if active[index] { next[index] = true; any = true }
                        case .folders:
                            // Inside a folder name until its `/`, which closes one more whole folder.
                            if c == Self.slash { next[index] = true } else { nextMid[index] = true }
                            any = true
                        }
                    }
                    guard any else { return false }
                    swap(&active, &next)
                    swap(&mid, &nextMid)
                    Self.close(active, tokens)
                }
                return active[count]
            }
        }
    }

    /// Adds the positions reachable without reading: past every star-like token that may match nothing.
    private static func close(_ states: UnsafeMutablePointer<Bool>, _ tokens: UnsafeBufferPointer<Token>) {
        for index in 0..<tokens.count where states[index] {
            switch tokens[index] {
            case .star, .anything, .folders: states[index + 1] = true
            default: break
            }
        }
    }

    private func fold(_ value: UInt32) -> UInt32 {
        guard foldCase else { return value }
        if value < 0x80 { return value >= 65 && value <= 90 ? value + 32 : value }
        guard let scalar = Unicode.Scalar(value) else { return value }
        let lower = scalar.properties.lowercaseMapping.unicodeScalars
        return lower.count == 1 ? lower.first!.value : value
    }

    private static func tokens(_ p: [UInt32], foldCase: Bool, pathAware: Bool) -> [Token] {
        let star: UInt32 = 0x2A, question: UInt32 = 0x3F, open: UInt32 = 0x5B, backslash: UInt32 = 0x5C
        var tokens: [Token] = []
        func append(_ token: Token) {
            // `**/**/` is `**/`, `****` is `**`: collapsing keeps the token count linear in distinct pieces.
            switch (token, tokens.last) {
            case (.folders, .folders?), (.anything, .anything?): return
            default: tokens.append(token)
            }
        }
        let folder = { (value: UInt32) -> UInt32 in
            guard foldCase else { return value }
            if value < 0x80 { return value >= 65 && value <= 90 ? value + 32 : value }
            guard let scalar = Unicode.Scalar(value) else { return value }
            let lower = scalar.properties.lowercaseMapping.unicodeScalars
            return lower.count == 1 ? lower.first!.value : value
        }
        var index = 0
        while index < p.count {
            let c = p[index]
            switch c {
            case star:
                var end = index
                while end < p.count, p[end] == star { end += 1 }
                if pathAware, end - index == 1 {
                    append(.star)
                } else if pathAware, index == 0 || p[index - 1] == slash, end < p.count, p[end] == slash {
                    append(.folders)
                    end += 1
                } else {
                    append(.anything)
                }
                index = end
            case question:
                append(.one)
                index += 1
            case open:
                if let (set, end) = parseSet(p, from: index, fold: folder) {
                    append(set)
                    index = end
                } else {
                    append(.scalar(c))
                    index += 1
                }
            case backslash where index + 1 < p.count:
                append(.scalar(folder(p[index + 1])))
                index += 2
            default:
                append(.scalar(folder(c)))
                index += 1
            }
        }
        return tokens
    }

    /// The class starting at `start` and the index after its `]`; nil when unterminated.
    private static func parseSet(_ p: [UInt32], from start: Int, fold: (UInt32) -> UInt32) -> (Token, Int)? {
        let close: UInt32 = 0x5D, dash: UInt32 = 0x2D
        var index = start + 1
        var negated = false
        if index < p.count, p[index] == 0x21 || p[index] == 0x5E {
            negated = true
            index += 1
        }
        var ranges: [ClosedRange<UInt32>] = []
        var first = true
        while index < p.count {
            let c = p[index]
            if c == close, !first { return (.set(ranges, negated: negated), index + 1) }
            first = false
            if index + 2 < p.count, p[index + 1] == dash, p[index + 2] != close {
                let low = fold(c), high = fold(p[index + 2])
                ranges.append(low...max(low, high))
                index += 3
            } else {
                ranges.append(fold(c)...fold(c))
                index += 1
            }
        }
        return nil
    }
}
