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

    /// Calls `body` with every edge of `grey` whose contrast is at least `minimumContrast`.
    static func forEachEdge(of grey: DecodedImage, minimumContrast: Float, _ body: (Edge) -> Void) {
        let width = grey.width, height = grey.height
        guard width >= 5, height >= 5 else { return }
        var image = [Float](repeating: 0, count: width * height)
        var magnitude = [Float](repeating: 0, count: width * height)
        grey.pixels.withUnsafeBufferPointer { source in
            image.withUnsafeMutableBufferPointer { target in
                for index in 0 ..< target.count { target[index] = Float(source[index]) }
            }
        }
        image.withUnsafeBufferPointer { p in
            magnitude.withUnsafeMutableBufferPointer { m in
                for y in 1 ..< height - 1 {
                    for x in 1 ..< width - 1 {
                        let (gx, gy) = sobel(p, width, x, y)
                        m[y * width + x] = (gx * gx + gy * gy).squareRoot()
                    }
                }
            }
        }
        let window = Self.window
        let sector = Float(180) / Float(directions)
        image.withUnsafeBufferPointer { p in
            magnitude.withUnsafeBufferPointer { m in
                for y in 2 ..< height - 2 {
                    for x in 2 ..< width - 2 {
                        let strength = m[y * width + x]
                        guard strength >= minimumGradient else { continue }
                        let (gx, gy) = sobel(p, width, x, y)
                        let ux = gx / strength, uy = gy / strength
                        let fx = Float(x), fy = Float(y)
                        // Thinned to the crest: no stronger gradient a pixel either way across the edge.
                        guard strength >= bilinear(m, width, height, fx + ux, fy + uy),
                              strength > bilinear(m, width, height, fx - ux, fy - uy) else { continue }
                        let centre = p[y * width + x]
                        var high = centre, steps = 0
                        var firstRise: Float = 0
                        while steps < window {
                            let next = bilinear(p, width, height, fx + Float(steps + 1) * ux, fy + Float(steps + 1) * uy)
                            guard next > high else { break }
                            if steps == 0 { firstRise = next - high }
                            high = next
                            steps += 1
                        }
                        guard steps < window else { continue }
                        var low = centre, back = 0
                        var firstFall: Float = 0
                        while back < window {
                            let next = bilinear(p, width, height, fx - Float(back + 1) * ux, fy - Float(back + 1) * uy)
                            guard next < low else { break }
                            if back == 0 { firstFall = low - next }
                            low = next
                            back += 1
                        }
                        guard back < window else { continue }
                        let contrast = high - low
                        guard contrast >= minimumContrast else { continue }
                        let steepest = max(firstRise, firstFall, 1e-3)
                        var degrees = atan2f(uy, ux) * 180 / Float.pi
                        if degrees < 0 { degrees += 180 }
                        let direction = Int((degrees + sector / 2) / sector) % directions
                        body(Edge(x: x, y: y, direction: direction, contrast: contrast, spread: max(1, contrast / steepest)))
                    }
                }
            }
        }
    }

    /// The Sobel gradient at (x, y), in grey levels a pixel (the kernel's weights sum to 8 each side).
    @inline(__always)
    private static func sobel(_ p: UnsafeBufferPointer<Float>, _ width: Int, _ x: Int, _ y: Int) -> (Float, Float) {
        let above = (y - 1) * width + x, row = y * width + x, below = (y + 1) * width + x
        let gx = (p[above + 1] + 2 * p[row + 1] + p[below + 1]) - (p[above - 1] + 2 * p[row - 1] + p[below - 1])
        let gy = (p[below - 1] + 2 * p[below] + p[below + 1]) - (p[above - 1] + 2 * p[above] + p[above + 1])
        return (gx / 8, gy / 8)
    }

    /// `p` at (x, y) by bilinear interpolation, the point clamped into the picture.
    @inline(__always)
    private static func bilinear(_ p: UnsafeBufferPointer<Float>, _ width: Int, _ height: Int, _ x: Float, _ y: Float) -> Float {
        let cx = min(max(x, 0), Float(width) - 1.001), cy = min(max(y, 0), Float(height) - 1.001)
        let x0 = Int(cx), y0 = Int(cy)
        let ax = cx - Float(x0), ay = cy - Float(y0)
        let top = y0 * width + x0, bottom = top + width
        let upper = p[top] + (p[top + 1] - p[top]) * ax
        let lower = p[bottom] + (p[bottom + 1] - p[bottom]) * ax
        return upper + (lower - upper) * ay
    }
}
