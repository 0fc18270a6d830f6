/// Cull's glob over UTF-8 bytes: `*` matches within one path segment, `**` across `/`,
/// `**/` also matches zero folders (`**/WhatsApp/**` matches `WhatsApp/a.jpg`), `?` one character
/// other than `/`, `[a-z]` / `[!a-z]` an ASCII class, `\x` a literal `x`. For labels that are not
/// paths (camera, lens: `EF 50mm f/1.8`) `/` is an ordinary character (`pathAware` false).
///
/// Runs on the bytes SQLite hands over (no `String` per row); failures are memoised when the
/// pattern has several stars, so matching is O(pattern × text) at worst.
struct GlobMatcher {
    private let pattern: UnsafeBufferPointer<UInt8>
    private let text: UnsafeBufferPointer<UInt8>
    private let foldCase: Bool
    private let pathAware: Bool
    private var failures: Set<Int>?

    static let star = UInt8(ascii: "*"), slash = UInt8(ascii: "/"), question = UInt8(ascii: "?")
    static let open = UInt8(ascii: "["), close = UInt8(ascii: "]"), backslash = UInt8(ascii: "\\")

    /// True when `text` matches `pattern`.
    static func matches(pattern: UnsafeBufferPointer<UInt8>, text: UnsafeBufferPointer<UInt8>, foldCase: Bool,
                        pathAware: Bool = true) -> Bool {
        var stars = 0
        for byte in pattern where byte == star { stars += 1 }
        var matcher = GlobMatcher(pattern: pattern, text: text, foldCase: foldCase, pathAware: pathAware,
                                  failures: stars > 1 ? [] : nil)
        return matcher.match(0, 0)
    }

    /// Convenience for Swift strings (tests, validation).
    static func matches(_ pattern: String, _ text: String, foldCase: Bool = false, pathAware: Bool = true) -> Bool {
        var pattern = pattern, text = text
        return pattern.withUTF8 { p in
            text.withUTF8 { t in matches(pattern: p, text: t, foldCase: foldCase, pathAware: pathAware) }
        }
    }

    private mutating func remembered(_ pi: Int, _ ti: Int) -> Bool {
        guard failures != nil else { return match(pi, ti) }
        let key = pi &* (text.count + 1) &+ ti
        if failures!.contains(key) { return false }
        let result = match(pi, ti)
        if !result { failures!.insert(key) }
        return result
    }

    private mutating func match(_ start: Int, _ textStart: Int) -> Bool {
        var pi = start, ti = textStart
        while pi < pattern.count {
            let c = pattern[pi]
            if c == Self.star {
                var next = pi + 1
                while next < pattern.count, pattern[next] == Self.star { next += 1 }
                if next - pi >= 2 || !pathAware {
                    let segmentStart = pi == 0 || pattern[pi - 1] == Self.slash
                    if pathAware, segmentStart, next < pattern.count, pattern[next] == Self.slash {
                        if remembered(next + 1, ti) { return true }
                        for k in ti..<text.count where text[k] == Self.slash {
                            if remembered(next + 1, k + 1) { return true }
                        }
                        return false
                    }
                    if next == pattern.count { return true }
                    for k in ti...text.count where remembered(next, k) { return true }
                    return false
                }
                var k = ti
                while true {
                    if remembered(next, k) { return true }
                    if k == text.count || text[k] == Self.slash { return false }
                    k += 1
                }
            }
            guard ti < text.count else { return false }
            switch c {
            case Self.question:
                guard text[ti] != Self.slash || !pathAware else { return false }
                ti += Self.scalarLength(text[ti])
                pi += 1
            case Self.open:
                if let (matched, end) = matchClass(at: pi, byte: text[ti]) {
                    guard matched else { return false }
                    pi = end
                    ti += 1
                } else {
                    guard equal(c, text[ti]) else { return false }
                    pi += 1
                    ti += 1
                }
            case Self.backslash where pi + 1 < pattern.count:
                guard equal(pattern[pi + 1], text[ti]) else { return false }
                pi += 2
                ti += 1
            default:
                guard equal(c, text[ti]) else { return false }
                pi += 1
                ti += 1
            }
        }
        return ti == text.count
    }

    /// Whether `byte` is in the class starting at `start`, and the index after `]`; nil when unterminated.
    private func matchClass(at start: Int, byte: UInt8) -> (Bool, Int)? {
        var index = start + 1
        var negate = false
        if index < pattern.count, pattern[index] == UInt8(ascii: "!") || pattern[index] == UInt8(ascii: "^") {
            negate = true
            index += 1
        }
        var found = false
        var first = true
        while index < pattern.count {
            let c = pattern[index]
            if c == Self.close, !first { return (found != negate && (byte != Self.slash || !pathAware), index + 1) }
            first = false
            if index + 2 < pattern.count, pattern[index + 1] == UInt8(ascii: "-"), pattern[index + 2] != Self.close {
                let low = fold(c), high = fold(pattern[index + 2]), value = fold(byte)
                if (low...max(low, high)).contains(value) { found = true }
                index += 3
            } else {
                if equal(c, byte) { found = true }
                index += 1
            }
        }
        return nil
    }

    private func fold(_ byte: UInt8) -> UInt8 {
        foldCase && byte >= 65 && byte <= 90 ? byte + 32 : byte
    }

    private func equal(_ a: UInt8, _ b: UInt8) -> Bool { fold(a) == fold(b) }

    /// Bytes in the UTF-8 sequence that starts with `lead`.
    private static func scalarLength(_ lead: UInt8) -> Int {
        switch lead {
        case 0xF0...: 4
        case 0xE0...: 3
        case 0xC0...: 2
        default: 1
        }
    }
}
