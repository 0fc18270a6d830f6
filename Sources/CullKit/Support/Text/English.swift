/// Counts and lists in plain English for the text renderers (`1 file`, `2 files`).
public enum English {
    /// `1 file`, `2 files`; `plural` for irregular words.
    public static func count(_ n: Int, _ singular: String, plural: String? = nil) -> String {
        "\(n) \(n == 1 ? singular : plural ?? singular + "s")"
    }

    /// `a`, `a or b`, `a, b or c` (`and` unless `or`).
    public static func list(_ words: [String], or: Bool = false) -> String {
        guard words.count > 1 else { return words.first ?? "" }
        return words.dropLast().joined(separator: ", ") + (or ? " or " : " and ") + words.last!
    }

    /// How long ago, in the largest whole unit: `just now`, `5 minutes ago`, `1 day ago`, `3 weeks ago`.
    public static func ago(_ seconds: Int64) -> String {
        let units: [(limit: Int64, size: Int64, name: String)] = [
            (3600, 60, "minute"), (86_400, 3600, "hour"), (14 * 86_400, 86_400, "day"),
            (61 * 86_400, 7 * 86_400, "week"), (365 * 86_400, 2_629_746, "month"), (Int64.max, 31_556_952, "year"),
        ]
        guard seconds >= 60 else { return "just now" }
        let unit = units.first { seconds < $0.limit }!
        return count(Int(seconds / unit.size), unit.name) + " ago"
    }
}
