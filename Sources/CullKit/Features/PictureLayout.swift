/// A photo reduced to a 16 × 16 grid of area-averaged greys (orientation applied): how its picture
/// is laid out, enough to tell that two frames show one scene shifted by a fifth of a frame or more
/// (a panorama's frames), never what the picture is. 256 bytes, kept with the other features.
public struct PictureLayout: Sendable, Equatable {
    /// Cells per side.
    public static let grid = 16
    /// The cells, row by row, 0 (black) ... 255 (white).
    public let cells: [UInt8]

    public init?(cells: [UInt8]) {
        guard cells.count == Self.grid * Self.grid else { return nil }
        self.cells = cells
    }

    /// The layout of a grey decode: each cell the mean of the pixels it covers.
    public static func of(_ grey: DecodedImage) -> PictureLayout {
        let grid = Self.grid
        var sums = [Int](repeating: 0, count: grid * grid)
        var counts = [Int](repeating: 0, count: grid * grid)
        // A cell's columns are one run of each row (x · grid / width is the cell of column x): each
        // run is summed on its own, without a division a pixel, which was most of the cost.
        let width = grey.width
        var firstColumn = [Int](repeating: width, count: grid + 1)
        for x in (0 ..< width).reversed() { firstColumn[x * grid / width] = x }
        for cell in (0 ..< grid).reversed() { firstColumn[cell] = min(firstColumn[cell], firstColumn[cell + 1]) }
        grey.pixels.withUnsafeBufferPointer { pixels in
            for y in 0 ..< grey.height {
                let row = y * grid / grey.height * grid
                let line = pixels.baseAddress! + y * width
                for cell in 0 ..< grid {
                    var sum = 0
                    for x in firstColumn[cell] ..< firstColumn[cell + 1] { sum &+= Int(line[x]) }
                    sums[row + cell] += sum
                    counts[row + cell] += firstColumn[cell + 1] - firstColumn[cell]
                }
            }
        }
        // A decode smaller than the grid leaves cells empty: they take the picture's mean.
        let mean = sums.reduce(0, +) / max(1, counts.reduce(0, +))
        let cells = zip(sums, counts).map { sum, count in UInt8(clamping: count > 0 ? sum / count : mean) }
        return PictureLayout(cells: cells) ?? PictureLayout(uniform: UInt8(clamping: mean))
    }

    private init(uniform value: UInt8) { cells = [UInt8](repeating: value, count: Self.grid * Self.grid) }

    /// The layout's detail: each cell less the mean of its neighbours, so a picture's broad shading
    /// (a sky's gradient, a vignette) lines up with nothing and its structure does.
    var detail: [Double] {
        let grid = Self.grid
        var out = [Double](repeating: 0, count: grid * grid)
        for y in 0 ..< grid {
            for x in 0 ..< grid {
                var sum = 0.0, count = 0.0
                for (nx, ny) in [(x, y - 1), (x, y + 1), (x - 1, y), (x + 1, y)] where (0 ..< grid).contains(nx) && (0 ..< grid).contains(ny) {
                    sum += Double(cells[ny * grid + nx])
                    count += 1
                }
                out[y * grid + x] = Double(cells[y * grid + x]) - sum / count
            }
        }
        return out
    }

    /// How alike two layouts' details are where they overlap when the second is moved by (`dx`, `dy`)
    /// cells (its cell (x, y) over the first's (x + dx, y + dy)), the outer ring left out: the
    /// normalised cross-correlation, −1 ... 1; nil when the overlap is small or without structure.
    static func correlation(_ first: [Double], _ second: [Double], dx: Int, dy: Int) -> Double? {
        let grid = Self.grid
        var (sumA, sumB, sumAA, sumBB, sumAB, n) = (0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
        for y in max(1, 1 - dy) ..< min(grid - 1, grid - 1 - dy) {
            for x in max(1, 1 - dx) ..< min(grid - 1, grid - 1 - dx) {
                let a = first[(y + dy) * grid + x + dx], b = second[y * grid + x]
                sumA += a; sumB += b; sumAA += a * a; sumBB += b * b; sumAB += a * b; n += 1
            }
        }
        guard n >= 24 else { return nil }
        let varianceA = sumAA / n - (sumA / n) * (sumA / n), varianceB = sumBB / n - (sumB / n) * (sumB / n)
        guard varianceA >= 1, varianceB >= 1 else { return nil }
        return (sumAB / n - sumA / n * sumB / n) / (varianceA * varianceB).squareRoot()
    }

    /// Whether `next` continues `self` as the next frame of a pan: their details line up best shifted
    /// by 3 to 12 cells (19% to 75% of the frame) along one side, within 2 cells across it, and far
    /// better than with the frames laid over each other (a burst's frames of one scene, a subject
    /// moving in it, a hand's jitter of a cell, line up unshifted). Measured on strips of real
    /// photographs cut as pans: steps of a quarter to a half frame score 0.63 to 1.0 shifted and
    /// at most 0.65 unshifted; frames held still score at least 0.82 unshifted and at most 0.83 shifted.
    /// Both frames must have detail over much of the frame (``textured``): a subject moving across a
    /// plain background (a bird in the sky) shifts too, but only it does, and that is a burst.
    public func isPanStep(to next: PictureLayout) -> Bool {
        let (first, second) = (detail, next.detail)
        guard Self.textured(first) >= Self.texturedShare, Self.textured(second) >= Self.texturedShare else { return false }
        var panned = -1.0, still = -1.0
        for dy in -12 ... 12 {
            for dx in -12 ... 12 {
                let along = max(abs(dx), abs(dy)), across = min(abs(dx), abs(dy))
                guard along <= 1 || (along >= 3 && across <= 2), let score = Self.correlation(first, second, dx: dx, dy: dy) else { continue }
                if along <= 1 { still = max(still, score) } else { panned = max(panned, score) }
            }
        }
        return panned >= Self.panMatch && panned - still >= Self.panMargin
    }

    /// The share of cells whose detail is 2 grey levels or more: 0.36 to 0.91 on real photographs
    /// cut as pans, 0.2 for a subject on a plain background.
    static func textured(_ detail: [Double]) -> Double {
        Double(detail.count { abs($0) >= 2 }) / Double(detail.count)
    }

    static let texturedShare = 0.3

    /// How well a pan step's overlap must match, and by how much better than the frames unshifted.
    static let panMatch = 0.7
    static let panMargin = 0.3
}
