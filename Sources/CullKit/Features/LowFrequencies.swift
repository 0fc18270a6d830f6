import Foundation

/// The nine lowest frequencies of a square grid of greys in each direction: the 2-D DCT-II
/// coefficients c(u, v) for u, v in 0...8, without the DCT's constant factors (the same for every
/// coefficient kept, so no comparison of them changes). What the perceptual hash (32 × 32) and the
/// turn print (16 × 16, ``PictureLayout``) are read from.
struct LowFrequencies {
    /// c(u, v) at `v * 9 + u`.
    let coefficients: [Double]

    /// c(u, v).
    func at(u: Int, v: Int) -> Double { coefficients[v * 9 + u] }

    /// cos(π(2x+1)u / 2n) for u in 0...8, x in 0..<n.
    private static func cosines(_ n: Int) -> [Double] {
        var table: [Double] = []
        for u in 0 ... 8 {
            for x in 0 ..< n { table.append(cos(Double.pi * Double(2 * x + 1) * Double(u) / Double(2 * n))) }
        }
        return table
    }

    /// The tables of the two grid sizes read.
    private static let cosines16 = cosines(16), cosines32 = cosines(32)

    /// The coefficients of `cells`, an `n` × `n` grid row by row (n is 16 or 32): rows first, the nine
    /// lowest horizontal frequencies of every row, then the nine lowest vertical ones of those.
    init(_ cells: [UInt8], size n: Int) {
        precondition(n == 16 || n == 32, "a grid of 16 or 32")
        let cosines = n == 16 ? Self.cosines16 : Self.cosines32
        var rows = [Double](repeating: 0, count: n * 9)
        for y in 0 ..< n {
            for u in 0 ... 8 {
                var sum = 0.0
                for x in 0 ..< n { sum += Double(cells[y * n + x]) * cosines[u * n + x] }
                rows[y * 9 + u] = sum
            }
        }
        var coefficients = [Double](repeating: 0, count: 81)
        for v in 0 ... 8 {
            for u in 0 ... 8 {
                var sum = 0.0
                for y in 0 ..< n { sum += rows[y * 9 + u] * cosines[v * n + y] }
                coefficients[v * 9 + u] = sum
            }
        }
        self.coefficients = coefficients
    }
}
