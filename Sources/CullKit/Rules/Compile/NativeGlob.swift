/// Rewrites a Cull glob as SQLite's built-in `=` / `GLOB` when that is exactly equivalent, so
/// common patterns run in SQLite's C code (and the same SQL runs in a plain `sqlite3` shell).
///
/// SQLite's `*` crosses `/`, Cull's does not, so a translation is exact only when every star is
/// a `**` (or the value has no `/`) and there is no `?`. A leading `**/` (zero or more folders) becomes two GLOBs.
enum NativeGlob {
    enum Translation: Equatable {
        /// No wildcard at all: plain equality.
        case equals(String)
        /// One or two GLOB patterns, OR-ed.
        case globs([String])
    }

    static func translate(_ pattern: String, slashFree: Bool) -> Translation? {
        if !pattern.contains(where: { "*?[]\\".contains($0) }) { return .equals(pattern) }
        // SQLite's `?` is one code point, Cull's one character in NFC: `?` matches `É` spelled
        // decomposed only through Cull's matcher, which normalises the value first.
        guard !pattern.contains(where: { "[]\\?".contains($0) }) else { return nil }
        if slashFree { return .globs([collapseStars(pattern)]) }
        var body = Substring(pattern)
        var leadingAnyFolders = false
        if body.hasPrefix("**/") {
            leadingAnyFolders = true
            body = body.dropFirst(3)
        }
        // Every run of stars must be exactly two, and `**/` may not follow a `/` (zero folders there).
        let chars = Array(body)
        var index = 0
        while index < chars.count {
            guard chars[index] == "*" else { index += 1; continue }
            var end = index
            while end < chars.count, chars[end] == "*" { end += 1 }
            guard end - index == 2 else { return nil }
            if end < chars.count, chars[end] == "/", index == 0 || chars[index - 1] == "/" { return nil }
            index = end
        }
        let glob = collapseStars(String(body))
        return .globs(leadingAnyFolders ? [glob, "*/" + glob] : [glob])
    }

    /// The longest text, of 3 to 32 characters, that every string one of `globs` (SQLite GLOB
    /// patterns whose only wildcard is `*`, as ``translate(_:slashFree:)`` makes them) matches
    /// contains: a part of one literal run of each pattern (the first such part of the first
    /// pattern, so the same patterns always give the same text). Nil when they share none that long.
    static func sharedLiteral(_ globs: [String]) -> String? {
        // A hostile list must not make this quadratic in its length: long ones are not looked at.
        guard globs.count > 1, globs.count <= 64 else { return nil }
        let runs = globs.map { $0.split(separator: "*").map { Array($0.utf8)[...] } }
        // The first text of `length` bytes in all the patterns; a common text of n bytes has one
        // of n - 1, so the longest length is found by bisection.
        func shared(_ length: Int) -> ArraySlice<UInt8>? {
            func pieces(_ pattern: [ArraySlice<UInt8>]) -> [ArraySlice<UInt8>] {
                pattern.filter { $0.count >= length }.flatMap { run in
                    (run.startIndex ... run.endIndex - length).map { run[$0 ..< $0 + length] }
                }
            }
            var candidates = pieces(runs[0])
            for pattern in runs.dropFirst() where !candidates.isEmpty {
                let found = Set(pieces(pattern).map { Array($0) })
                candidates = candidates.filter { found.contains(Array($0)) }
            }
            return candidates.first
        }
        var (low, high) = (2, 32)
        var best: ArraySlice<UInt8>?
        while low < high {
            let middle = (low + high + 1) / 2
            if let found = shared(middle) {
                best = found
                low = middle
            } else {
                high = middle - 1
            }
        }
        return best.map { String(decoding: $0, as: UTF8.self) }
    }

    private static func collapseStars(_ text: String) -> String {
        var result = ""
        for char in text where !(char == "*" && result.last == "*") { result.append(char) }
        return result
    }
}
