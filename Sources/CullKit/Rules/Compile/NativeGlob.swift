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

    private static func collapseStars(_ text: String) -> String {
        var result = ""
        for char in text where !(char == "*" && result.last == "*") { result.append(char) }
        return result
    }
}
