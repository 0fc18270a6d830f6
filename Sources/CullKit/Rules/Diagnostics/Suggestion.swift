/// "Did you mean" hints: the closest candidate by edit distance, when it is close enough to help.
public enum Suggestion {
    /// The candidate nearest to `word`, if within a third of its length (at least 1, at most 3 edits).
    public static func nearest(to word: String, in candidates: [String]) -> String? {
        let lowered = word.lowercased()
        let length = lowered.count
        let budget = min(3, max(1, length / 3))
        var best: (name: String, distance: Int)?
        // Lengths further apart than the budget are further apart in edits too: a 200,000-letter
        // value is never compared letter by letter with each candidate.
        for candidate in candidates where abs(candidate.count - length) <= budget {
            let distance = editDistance(lowered, candidate.lowercased())
            if distance <= budget, distance < (best?.distance ?? .max) { best = (candidate, distance) }
        }
        return best?.name
    }

    /// ` (did you mean 'x'?)` or the empty string.
    public static func hint(for word: String, in candidates: [String]) -> String {
        nearest(to: word, in: candidates).map { "; did you mean '\($0)'?" } ?? ""
    }

    /// Levenshtein distance over characters, two rows of memory.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
