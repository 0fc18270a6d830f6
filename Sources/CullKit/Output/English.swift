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
}
