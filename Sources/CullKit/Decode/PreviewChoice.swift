/// Which of a file's own previews (HEIF `thmb` items, the JPEGs inside a RAW) a tile of `side`
/// pixels is made from: the smallest that covers it — the least to decode that is not enlarged
/// — else, when none does, the largest.
enum PreviewChoice {
    /// Whether a preview of `longest` pixels on its longest side serves better than one of `other`.
    static func better(_ longest: Int, than other: Int?, side: Int) -> Bool {
        guard let other else { return true }
        switch (longest >= side, other >= side) {
        case (true, false): return true
        case (false, true): return false
        case (true, true): return longest < other
        case (false, false): return longest > other
        }
    }
}
