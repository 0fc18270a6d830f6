#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The edges of a grey picture and how far each one is spread: the edge-width measure of Marziliano
/// et al. (2002), taken along the edge's own gradient instead of along a row.
///
/// An edge is a pixel whose gradient (Sobel) is a local maximum across the edge (non-maximum
/// suppression, as Canny's). From it the profile is followed, sampled bilinearly along the gradient,
/// uphill and downhill while it keeps rising: its **contrast** is the rise between the two ends, its
/// **spread** the contrast over the steepest one-pixel step at the edge, in pixels. A crisp step is
/// one pixel (diagonal ones up to √2); a step blurred by a Gaussian of σ spreads over about 2.5 σ, a
/// step smeared by a straight shake of L pixels over L·|cos| of the angle between shake and gradient.
/// A profile still rising ``window`` pixels out is shading, not an edge, and is left out.
enum EdgeSpread {
    /// One measured edge: where, which way its gradient points (one of ``directions`` sectors of
    /// 180°), its contrast in grey levels and its spread in pixels (at least 1).
    struct Edge {
        let x: Int
        let y: Int
        let direction: Int
        let contrast: Float
        let spread: Float
    }

    /// The sectors of gradient direction, each 22.5° wide (sector 0 is centred on the horizontal).
    static let directions = 8
    /// How far a profile is followed each way, in pixels.
    static let window = 32
    /// Gradients flatter than this (grey levels a pixel) are no edge at all: noise and shading.
    static let minimumGradient: Float = 2

    /// Calls `body` with every other edge pixel along each edge of `grey` whose contrast is at least
    /// `minimumContrast`: an upright edge's (gradient mostly across the rows) on even rows, a level
    /// one's in even columns. Neighbouring pixels of one edge are spread alike, so every other one
    /// tells the same at half the cost of following profiles (the most of this pass).
    ///
    /// One pass down the picture, a row at a time: the row's gradient into a ring of three rows,
    /// which is all the thinning reads; the row thinned without branches (vectorised) into a list of
    /// its crests; then only the crests' profiles followed. Every value is the same `Float`, computed
    /// by the same operations in the same order, as a pixel-by-pixel pass computing each gradient
    /// where it is needed, so the edges do not depend on how they are found.
    static func forEachEdge(of grey: DecodedImage, minimumContrast: Float, _ body: (Edge) -> Void) {
        let width = grey.width, height = grey.height
        guard width >= 5, height >= 5 else { return }
        // Rows y - 1, y and y + 1 of the gradient (x, y components and magnitude), row r in slot r % 3;
        // then each column's number as a `Float`; then a row's crest flags and its list of crests.
        let scratch = UnsafeMutablePointer<Float>.allocate(capacity: 10 * width)
        let flags = UnsafeMutablePointer<UInt8>.allocate(capacity: width)
        let list = UnsafeMutablePointer<Int32>.allocate(capacity: width)
        defer {
            scratch.deallocate()
            flags.deallocate()
            list.deallocate()
        }
        // The pixels are read as they are, each converted where it is used (exactly, to the same
        // `Float`): a `Float` copy of the picture was 3 MB a 1000-pixel photo to write and fault in.
        grey.pixels.withUnsafeBufferPointer { source in
            forEachEdge(of: Picture(p: source.baseAddress!, width: width, height: height), scratch: scratch, flags: flags,
                        list: list, minimumContrast: minimumContrast, body)
        }
    }

    /// ``forEachEdge(of:minimumContrast:_:)`` over `picture`, with its scratch rows.
    @inline(__always)
    private static func forEachEdge(of picture: Picture, scratch: UnsafeMutablePointer<Float>, flags: UnsafeMutablePointer<UInt8>,
                                    list: UnsafeMutablePointer<Int32>, minimumContrast: Float, _ body: (Edge) -> Void) {
        let width = picture.width, height = picture.height
        scratch.initialize(repeating: 0, count: 9 * width)
        let columns = scratch + 9 * width
        for x in 0 ..< width { columns[x] = Float(x) }
        let sectors = Bounds()
        @inline(__always) func slot(_ row: Int, _ component: Int) -> UnsafeMutablePointer<Float> {
            scratch + ((row % 3) * 3 + component) * width
        }
        gradient(picture, row: 1, slot(1, 0), slot(1, 1), slot(1, 2))
        gradient(picture, row: 2, slot(2, 0), slot(2, 1), slot(2, 2))
        for y in 2 ..< height - 2 {
            gradient(picture, row: y + 1, slot(y + 1, 0), slot(y + 1, 1), slot(y + 1, 2))
            let gx = slot(y, 0), gy = slot(y, 1), magnitude = slot(y, 2)
            let count = thin(row: y, width: width, gx, gy, (slot(y - 1, 2), magnitude, slot(y + 1, 2)),
                             columns, flags, into: list)
            for index in 0 ..< count {
                let x = Int(list[index])
                let strength = magnitude[x]
                let ux = gx[x] / strength, uy = gy[x] / strength
                // A profile that cannot leave the picture needs no clamping.
                let inside = x > window && x < width - window - 2 && y > window && y < height - window - 2
                let edge = inside ? profile(picture, x, y, ux, uy, clamped: false)
                                  : profile(picture, x, y, ux, uy, clamped: true)
                guard let (contrast, steepest) = edge, contrast >= minimumContrast else { continue }
                body(Edge(x: x, y: y, direction: direction(ux, uy, sectors), contrast: contrast,
                          spread: max(1, contrast / max(steepest, 1e-3))))
            }
        }
    }

    /// The grey picture, its pixels read as `Float`s.
    private struct Picture {
        let p: UnsafePointer<UInt8>
        let width: Int
        let height: Int

        @inline(__always) subscript(_ index: Int) -> Float { Float(p[index]) }
    }

    /// The Sobel gradient of row `y` (columns 1 ..< width - 1), in grey levels a pixel (the kernel's
    /// weights sum to 8 each side), and its magnitude.
    private static func gradient(_ picture: Picture, row y: Int, _ outX: UnsafeMutablePointer<Float>,
                                 _ outY: UnsafeMutablePointer<Float>, _ outM: UnsafeMutablePointer<Float>) {
        let width = picture.width
        let p = picture.p
        let above = p + (y - 1) * width, row = p + y * width, below = p + (y + 1) * width
        @inline(__always) func f(_ line: UnsafePointer<UInt8>, _ x: Int) -> Float { Float(line[x]) }
        for x in 1 ..< width - 1 {
            let gx = (f(above, x + 1) + 2 * f(row, x + 1) + f(below, x + 1)) - (f(above, x - 1) + 2 * f(row, x - 1) + f(below, x - 1))
            let gy = (f(below, x - 1) + 2 * f(below, x) + f(below, x + 1)) - (f(above, x - 1) + 2 * f(above, x) + f(above, x + 1))
            let fx = gx / 8, fy = gy / 8
            outX[x] = fx
            outY[x] = fy
            outM[x] = (fx * fx + fy * fy).squareRoot()
        }
    }

    /// The columns (2 ..< width - 2) of row `y` that are edge crests, into `list`; how many. A crest has
    /// a gradient of at least ``minimumGradient`` and no stronger one a pixel either way across the
    /// edge (the magnitude interpolated bilinearly from `rows`, rows y - 1, y and y + 1). Written
    /// without branches or conversions, so that it vectorises: which neighbours a crossing falls
    /// between is chosen by comparisons, `columns` holds each column's number as a `Float`, and
    /// `flags` is scratch for a row.
    @inline(__always)
    private static func thin(row y: Int, width: Int, _ gx: UnsafeMutablePointer<Float>, _ gy: UnsafeMutablePointer<Float>,
                             _ rows: (UnsafeMutablePointer<Float>, UnsafeMutablePointer<Float>, UnsafeMutablePointer<Float>),
                             _ columns: UnsafePointer<Float>, _ flags: UnsafeMutablePointer<UInt8>,
                             into list: UnsafeMutablePointer<Int32>) -> Int {
        let (a, b, c) = rows, fy = Float(y)
        for x in 2 ..< width - 2 {
            // Every load unconditional, every choice a select of loaded values.
            let a0 = a[x - 1], a1 = a[x], a2 = a[x + 1], a3 = a[x + 2]
            let b0 = b[x - 1], b1 = b[x], b2 = b[x + 1], b3 = b[x + 2]
            let c0 = c[x - 1], c1 = c[x], c2 = c[x + 1], c3 = c[x + 2]
            let dx = gx[x], dy = gy[x], fx = columns[x]
            let strength = b1
            let candidate = strength >= minimumGradient
            // A flat pixel is measured as if it had no gradient: it is no crest either way.
            let ux = candidate ? dx / strength : 0, uy = candidate ? dy / strength : 0
            @inline(__always) func crossing(_ cx: Float, _ cy: Float) -> Float {
                // The point's column x0 is x - 1, x or x + 1; its row y - 1, y or y + 1 (then ay is 0).
                let left = cx < fx, right = cx >= fx + 1
                let x0 = left ? fx - 1 : right ? fx + 1 : fx
                let ax = cx - x0
                @inline(__always) func along(_ m0: Float, _ m1: Float, _ m2: Float, _ m3: Float) -> Float {
                    let l = left ? m0 : right ? m2 : m1
                    let r = left ? m1 : right ? m3 : m2
                    return l + (r - l) * ax
                }
                let above = along(a0, a1, a2, a3), level = along(b0, b1, b2, b3), below = along(c0, c1, c2, c3)
                let up = cy < fy, down = cy >= fy + 1
                let y0 = up ? fy - 1 : down ? fy + 1 : fy
                let ay = cy - y0
                let upper = up ? above : down ? below : level, lower = up ? level : below
                return upper + (lower - upper) * ay
            }
            let ahead = crossing(fx + ux, fy + uy), behind = crossing(fx - ux, fy - uy)
            // Bit 0: a crest; bit 1: its gradient is mostly across the row (the edge runs down the rows).
            flags[x] = (candidate && strength >= ahead && strength > behind ? 1 : 0) | (abs(dx) >= abs(dy) ? 2 : 0)
        }
        // Every other crest along an edge (see ``forEachEdge(of:minimumContrast:_:)``): by a crest's
        // flags and its column's parity (bit 2), kept on an even row when it is upright or in an even
        // column (bits 1, 3 and 7 of the mask), on an odd row only when it is level and in an even column.
        let kept: UInt32 = y & 1 == 0 ? 0b1000_1010 : 0b0000_0010
        var count = 0
        for x in 2 ..< width - 2 {
            list[count] = Int32(truncatingIfNeeded: x)
            count &+= Int((kept >> (UInt32(flags[x]) | UInt32(truncatingIfNeeded: x & 1) << 2)) & 1)
        }
        return count
    }

    /// The profile across the edge at (x, y) whose unit gradient is (ux, uy): its contrast and its
    /// steepest one-pixel step at the edge, or nil when it is still rising ``window`` pixels out.
    @inline(__always)
    private static func profile(_ picture: Picture, _ x: Int, _ y: Int, _ ux: Float, _ uy: Float,
                                clamped: Bool) -> (contrast: Float, steepest: Float)? {
        let fx = Float(x), fy = Float(y)
        let centre = picture[y * picture.width + x]
        // The first step on its own: the steepest step is the first one each way.
        var high = bilinear(picture, fx + ux, fy + uy, clamped: clamped)
        var firstRise: Float = 0
        if high > centre {
            firstRise = high - centre
            var steps = 1, k: Float = 2
            while steps < window {
                let next = bilinear(picture, fx + k * ux, fy + k * uy, clamped: clamped)
                guard next > high else { break }
                high = next
                steps += 1
                k += 1
            }
            guard steps < window else { return nil }
        } else {
            high = centre
        }
        var low = bilinear(picture, fx - ux, fy - uy, clamped: clamped)
        var firstFall: Float = 0
        if low < centre {
            firstFall = centre - low
            var back = 1, k: Float = 2
            while back < window {
                let next = bilinear(picture, fx - k * ux, fy - k * uy, clamped: clamped)
                guard next < low else { break }
                low = next
                back += 1
                k += 1
            }
            guard back < window else { return nil }
        } else {
            low = centre
        }
        return (high - low, max(firstRise, firstFall))
    }

    /// sin and cos of the bounds between the sectors (11.25°, 33.75°, … 168.75°).
    private static let bounds: [(sin: Float, cos: Float)] = (0 ..< directions).map { index in
        let radians = (Double(index) + 0.5) * Double.pi / Double(directions)
        return (Float(sin(radians)), Float(cos(radians)))
    }

    /// The sector of the unit gradient (ux, uy): the bounds its angle in [0°, 180°) has passed, by
    /// cross products instead of an arctangent (the opposite gradient is the same edge direction).
    /// Unrolled and without branches: which sector a gradient falls in is no pattern to predict.
    @inline(__always)
    private static func direction(_ ux: Float, _ uy: Float, _ s: Bounds) -> Int {
        let flip = uy < 0
        let x = flip ? -ux : ux, y = flip ? -uy : uy
        @inline(__always) func past(_ i: Int) -> Int { s.sin[i] * x - s.cos[i] * y <= 0 ? 1 : 0 }
        let passed = ((past(0) &+ past(1)) &+ (past(2) &+ past(3))) &+ ((past(4) &+ past(5)) &+ (past(6) &+ past(7)))
        return passed & (directions - 1)
    }

    /// sin and cos of the bounds between the sectors, as vectors.
    private struct Bounds {
        let sin: SIMD8<Float>
        let cos: SIMD8<Float>
        init() {
            var s = SIMD8<Float>(), c = SIMD8<Float>()
            for (index, bound) in bounds.enumerated() { s[index] = bound.sin; c[index] = bound.cos }
            sin = s
            cos = c
        }
    }

    /// The picture at (x, y) by bilinear interpolation, the point clamped into it unless `clamped` is
    /// false (the caller knows it is inside).
    @inline(__always)
    private static func bilinear(_ picture: Picture, _ x: Float, _ y: Float, clamped: Bool) -> Float {
        let cx = clamped ? min(max(x, 0), Float(picture.width) - 1.001) : x
        let cy = clamped ? min(max(y, 0), Float(picture.height) - 1.001) : y
        let x0 = Int(cx), y0 = Int(cy)
        let ax = cx - Float(x0), ay = cy - Float(y0)
        let top = y0 &* picture.width &+ x0, bottom = top &+ picture.width
        let upper = picture[top] + (picture[top &+ 1] - picture[top]) * ax
        let lower = picture[bottom] + (picture[bottom &+ 1] - picture[bottom]) * ax
        return upper + (lower - upper) * ay
    }
}
