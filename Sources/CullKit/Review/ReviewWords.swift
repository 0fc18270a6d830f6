/// The words the review page uses for groups and reasons: the CLI's own (``GroupSpec/noun``, the
/// plan's exclusion reasons), made readable where a tile has a line for them.
enum ReviewWords {
    /// What the page calls a group of `kind` (nil: twins staged against one keeper, kind not recorded).
    static func title(_ kind: GroupSpec?) -> String {
        switch kind {
        case .exact?: "Exact copies"
        case .image?: "Same picture"
        case .similar?: "Similar photos"
        case .burst?: "Burst"
        case .rawPair?: "RAW+JPEG pair"
        case .bracket?: "Bracket set"
        case nil: "Staged against one keeper"
        }
    }

    /// A plan's reason as a sentence: a protect guard says what it protects first
    /// (`protect[0] (rules/a.yaml): favorite eq true` → `protected: favorite eq true (protect[0] of a.yaml)`),
    /// so the part that matters is not the part a narrow tile cuts off; other reasons are the CLI's.
    static func decided(_ reason: String) -> String {
        guard reason.hasPrefix("protect["), let close = reason.firstIndex(of: "]") else { return reason }
        let label = reason[...close]
        var rest = reason[reason.index(after: close)...]
        var file = ""
        if rest.hasPrefix(" ("), let end = rest.range(of: "): ") {
            file = String(rest[rest.index(rest.startIndex, offsetBy: 2) ..< end.lowerBound])
            rest = rest[end.upperBound...]
        } else if rest.hasPrefix(": ") {
            rest = rest.dropFirst(2)
        } else {
            return reason
        }
        let where_ = file.isEmpty ? String(label) : "\(label) of \(file.split(separator: "/").last.map(String.init) ?? file)"
        return "protected: \(rest) (\(where_))"
    }
}
