#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A compiled POSIX extended regular expression (`regcomp`).
///
/// Chosen over Swift `Regex` and `NSRegularExpression` because it matches the NUL-terminated
/// UTF-8 SQLite already holds, with no per-row `String` bridging, and compiles once per statement
/// (cached with `sqlite3_set_auxdata`). The rule format documents the POSIX ERE dialect.
final class PosixRegex {
    private var regex = regex_t()

    /// Nil when the pattern does not compile.
    init?(_ pattern: String, caseInsensitive: Bool) {
        let flags = REG_EXTENDED | REG_NOSUB | (caseInsensitive ? REG_ICASE : 0)
        guard regcomp(&regex, pattern, flags) == 0 else {
            regfree(&regex)
            return nil
        }
    }

    deinit { regfree(&regex) }

    /// True when the NUL-terminated `text` contains a match.
    func matches(_ text: UnsafePointer<CChar>) -> Bool {
        regexec(&regex, text, 0, nil, 0) == 0
    }

    /// The reason `pattern` does not compile, or nil when it does.
    static func problem(compiling pattern: String, caseInsensitive: Bool) -> String? {
        var regex = regex_t()
        let code = regcomp(&regex, pattern, REG_EXTENDED | REG_NOSUB | (caseInsensitive ? REG_ICASE : 0))
        defer { regfree(&regex) }
        guard code != 0 else { return nil }
        var buffer = [CChar](repeating: 0, count: 256)
        regerror(code, &regex, &buffer, buffer.count)
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
