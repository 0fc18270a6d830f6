internal import CPCRE2

/// A compiled PCRE2 regular expression (UTF-8, Unicode properties, JIT where available) whose
/// every match runs under a match, depth and heap limit, so no pattern costs more than a bounded
/// amount of work per value (see ``RuleLimits``).
///
/// Chosen over Swift `Regex` and `NSRegularExpression` because it matches the UTF-8 SQLite already
/// holds with no per-row `String`, and over POSIX `regcomp` because that has no bound on
/// backtracking or on compiled size. Compiled once per statement (cached with `sqlite3_set_auxdata`).
/// `(?i)` in a pattern ignores case; fields that are case-insensitive compile it caseless.
final class Regex {
    /// What one test of a value found.
    enum Outcome {
        case match, noMatch
        /// A match, depth, heap or JIT-stack limit was hit: the pattern is pathological on this value.
        case limitHit
    }

    private let code: OpaquePointer
    private let matchData: OpaquePointer
    private let matchContext: OpaquePointer

    private init(code: OpaquePointer, matchData: OpaquePointer, matchContext: OpaquePointer) {
        self.code = code
        self.matchData = matchData
        self.matchContext = matchContext
    }

    deinit {
        pcre2_match_data_free_8(matchData)
        pcre2_match_context_free_8(matchContext)
        pcre2_code_free_8(code)
    }

    /// Compiles `pattern`, or returns PCRE2's reason (with the offset) when it does not compile.
    /// With `literal`, `pattern` is plain text to find, no character of it special (`contains:`).
    static func compile(_ pattern: String, caseInsensitive: Bool = false, literal: Bool = false) -> Result<Regex, RegexProblem> {
        guard pattern.unicodeScalars.count <= RuleLimits.patternLength else {
            return .failure(RegexProblem(message: "longer than \(RuleLimits.patternLength) characters"))
        }
        guard let compileContext = pcre2_compile_context_create_8(nil) else {
            return .failure(RegexProblem(message: "out of memory"))
        }
        defer { pcre2_compile_context_free_8(compileContext) }
        // PCRE2_LITERAL refuses the options about pattern syntax (UCP, NEVER_BACKSLASH_C): a literal has none.
        var options = literal ? UInt32(PCRE2_UTF | PCRE2_MATCH_INVALID_UTF | PCRE2_LITERAL)
            : UInt32(PCRE2_UTF | PCRE2_UCP | PCRE2_MATCH_INVALID_UTF | PCRE2_NEVER_BACKSLASH_C)
        if caseInsensitive { options |= UInt32(PCRE2_CASELESS) }
        var errorCode: Int32 = 0
        var errorOffset = 0
        let compiled = pattern.utf8CString.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UInt8.self, capacity: buffer.count) {
                pcre2_compile_8($0, buffer.count - 1, options, &errorCode, &errorOffset, compileContext)
            }
        }
        guard let code = compiled else {
            var message = [UInt8](repeating: 0, count: 256)
            let length = pcre2_get_error_message_8(errorCode, &message, message.count)
            let text = String(decoding: message.prefix(max(0, Int(length))), as: UTF8.self)
            let column = String(decoding: Array(pattern.utf8).prefix(errorOffset), as: UTF8.self).unicodeScalars.count + 1
            return .failure(RegexProblem(message: "\(text) (at character \(column) of the pattern)"))
        }
        // JIT is an optimisation: when unavailable the interpreter runs the same pattern.
        _ = pcre2_jit_compile_8(code, UInt32(PCRE2_JIT_COMPLETE))
        guard let matchContext = pcre2_match_context_create_8(nil),
              let matchData = pcre2_match_data_create_from_pattern_8(code, nil) else {
            pcre2_code_free_8(code)
            return .failure(RegexProblem(message: "out of memory"))
        }
        pcre2_set_match_limit_8(matchContext, RuleLimits.regexMatchSteps)
        pcre2_set_depth_limit_8(matchContext, RuleLimits.regexDepth)
        pcre2_set_heap_limit_8(matchContext, RuleLimits.regexHeapKiB)
        return .success(Regex(code: code, matchData: matchData, matchContext: matchContext))
    }

    /// Whether the UTF-8 `text` contains a match, under the limits.
    func test(_ text: UnsafeBufferPointer<UInt8>) -> Outcome {
        guard let subject = text.baseAddress else {
            var empty: UInt8 = 0
            return withUnsafePointer(to: &empty) { test(UnsafeBufferPointer(start: $0, count: 0), at: $0) }
        }
        return test(text, at: subject)
    }

    private func test(_ text: UnsafeBufferPointer<UInt8>, at subject: UnsafePointer<UInt8>) -> Outcome {
        let code = pcre2_match_8(self.code, subject, text.count, 0, 0, matchData, matchContext)
        if code >= 0 { return .match }
        switch code {
        case PCRE2_ERROR_NOMATCH, PCRE2_ERROR_PARTIAL: return .noMatch
        default: return .limitHit
        }
    }

    /// Convenience for Swift strings (tests, validation).
    func test(_ text: String) -> Outcome {
        var text = text
        return text.withUTF8 { test($0) }
    }

    /// The reason `pattern` does not compile (or is too long), or nil when it does.
    static func problem(compiling pattern: String) -> String? {
        switch compile(pattern) {
        case .success: nil
        case let .failure(problem): problem.message
        }
    }
}

/// Why a pattern was refused.
struct RegexProblem: Error {
    let message: String
}
