/// How sharp a photo is, judged by evidence of blur: edges that exist but are spread, in every
/// direction (defocus) or in one (a shake), where the photo is sharpest (its subject). A photo with
/// too few edges to judge (fog with nothing in it, a clear sky, a flat frame) is *featureless*, never
/// blurry: `blurry` may only err towards false.
///
/// From the edges of the decode (``EdgeSpread``, at ``ImageFeatures/side(forLongest:)``):
///
/// 1. The *strong* edges (contrast ≥ ``strongContrast``) are counted in eight sectors of gradient
///    direction (every other pixel along an edge is measured). In each sector with at least
///    ``evidence`` of them, and at least ``share`` of the busiest sector's count, the sector's width
///    is the spread of its ``rank``-th sharpest edge (the 50th of the pixels along edges):
///    how sharp the photo is that way, on the evidence of the sharpest part of it (a subject,
///    wherever it is), robust to a few odd edges. A direction the picture hardly has (a meadow's few
///    level edges among thousands of upright blades) is not judged: its few edges are the soft ones
///    nature makes, not a shake's. No sector judged: featureless.
/// 2. If some sector is sharp (width ≤ ``blurryWidth``), the photo has a sharp part: its *subject*,
///    the 32-pixel tiles holding sharp strong edges (and their neighbours). The widths are measured
///    again on the strong edges inside it alone, so a smooth background (shallow depth of field) is
///    no evidence; a shake, which spreads the subject's edges along it, is.
/// 3. Else nothing is sharp: defocus, or fog. When the sectors are about as wide as each other
///    (the widest less than ``isotropy`` times the narrowest), the faint edges (contrast ≥
///    ``faintContrast``) are asked too, by their ``faintEvidence``-th sharpest edge: fog keeps a few
///    crisp faint outlines, defocus spreads them all.
///
/// The photo's blur width is the widest direction that a neighbouring direction confirms (a shake
/// spreads a fan of directions; one odd sector of soft edges, as a leaf's veins make, does not).
/// `sharpness` is 100 over that width: 100 a crisp one-pixel edge, 50 spread over two pixels.
/// A comparable number, so a burst keeps its steadiest frame.
///
/// Measured on `benchmarks/blur` (real photographs from Debian's wallpaper packages and
/// scikit-image, and copies blurred at full size): the sharp ones, fog, still water, sky and shallow
/// depth of field included, are 2.8 pixels wide at most; Gaussian defocus of σ 10 and straight
/// shakes of 25 pixels are wider in all but a few of the most detailed, largest photos.
public struct Sharpness: Sendable, Equatable {
    /// The blur width in pixels at the analysis side (nil: featureless).
    public let blurWidth: Double?
    /// The strong edges found: what the judgement rests on.
    public let strongEdges: Int

    public init(blurWidth: Double?, strongEdges: Int) {
        self.blurWidth = blurWidth
        self.strongEdges = strongEdges
    }

    /// Contrast (grey levels) of an edge that counts as evidence of blur.
    static let strongContrast: Float = 50
    /// Contrast of a faint edge, which can only show that a photo is sharp.
    static let faintContrast: Float = 20
    /// Edges a direction needs before it is judged (every other pixel along an edge is measured:
    /// ``EdgeSpread/forEachEdge(of:minimumContrast:_:)``).
    public static let evidence = 30
    /// Which of a direction's edges, counted from the sharpest, gives its width: the 50th of the
    /// edge pixels, 25th of those measured.
    static let rank = 25
    /// The share of the busiest direction's strong edges a direction needs before it is judged.
    static let share = 0.02
    /// The faint edges that show a photo without sharp strong edges is sharp (fog) after all.
    static let faintEvidence = 10
    /// Wider than this (pixels at the analysis side) is blurred.
    public static let blurryWidth = 3.0
    /// `blurry` when `sharpness` is below this: 100 / ``blurryWidth``.
    public static let blurryThreshold = 100 / blurryWidth
    /// Directions this close in width are one isotropic blur (defocus, or fog).
    static let isotropy = 2.0
    /// The side of the tiles the sharp subject is found in.
    static let tile = 32

    /// 100 over the blur width: 100 crisp, 50 spread over two pixels; nil when featureless.
    public var value: Double? { blurWidth.map { 100 / $0 } }
    /// Evidence of blur: edges wider than ``blurryWidth``.
    public var isBlurry: Bool { (blurWidth ?? 0) > Self.blurryWidth }
    /// Too few edges to judge.
    public var isFeatureless: Bool { blurWidth == nil }

    /// Judges the grey decode `grey`.
    public static func of(_ grey: DecodedImage) -> Sharpness {
        let sectors = EdgeSpread.directions
        var strong = SpreadHistogram(sectors: sectors), faint = SpreadHistogram(sectors: sectors)
        var edges: [(tile: Int32, direction: UInt8, bucket: UInt16)] = []
        let columns = (grey.width + tile - 1) / tile, rows = (grey.height + tile - 1) / tile
        EdgeSpread.forEachEdge(of: grey, minimumContrast: faintContrast) { edge in
            let bucket = SpreadHistogram.bucket(edge.spread)
            faint.add(edge.direction, bucket)
            guard edge.contrast >= strongContrast else { return }
            strong.add(edge.direction, bucket)
            edges.append((Int32(edge.y / tile * columns + edge.x / tile), UInt8(edge.direction), UInt16(bucket)))
        }
        let widths = strong.widths(rank: rank, evidence: evidence, share: share)
        let judged = widths.compactMap { $0 }
        guard let narrowest = judged.min(), let widest = judged.max() else {
            return Sharpness(blurWidth: nil, strongEdges: edges.count)
        }
        if narrowest <= blurryWidth {
            // The subject: tiles with at least two sharp strong edges measured, and the tiles around them.
            let sharpBucket = SpreadHistogram.bucket(Float(blurryWidth))
            var sharpCounts = [Int](repeating: 0, count: columns * rows)
            for edge in edges where Int(edge.bucket) <= sharpBucket { sharpCounts[Int(edge.tile)] += 1 }
            var subject = [Bool](repeating: false, count: columns * rows)
            for row in 0 ..< rows {
                for column in 0 ..< columns where sharpCounts[row * columns + column] >= 2 {
                    for r in max(0, row - 1) ... min(rows - 1, row + 1) {
                        for c in max(0, column - 1) ... min(columns - 1, column + 1) { subject[r * columns + c] = true }
                    }
                }
            }
            var inSubject = SpreadHistogram(sectors: sectors)
            for edge in edges where subject[Int(edge.tile)] { inSubject.add(Int(edge.direction), Int(edge.bucket)) }
            let width = confirmedWidest(inSubject.widths(rank: rank, evidence: evidence, share: share)) ?? narrowest
            return Sharpness(blurWidth: width, strongEdges: edges.count)
        }
        var width = confirmedWidest(widths) ?? widest
        if widest / narrowest < isotropy, let faintest = faint.widths(rank: faintEvidence, evidence: faintEvidence).compactMap({ $0 }).min() {
            width = min(width, faintest)
        }
        return Sharpness(blurWidth: width, strongEdges: edges.count)
    }

    /// The widest direction that a neighbouring judged direction confirms: each judged width, capped by
    /// the wider of its judged neighbours (uncapped when it has none); nil when none is judged.
    static func confirmedWidest(_ widths: [Double?]) -> Double? {
        let count = widths.count
        var widest: Double?
        for (index, width) in widths.enumerated() {
            guard let width else { continue }
            let neighbours = [widths[(index + 1) % count], widths[(index + count - 1) % count]].compactMap { $0 }
            let confirmed = neighbours.max().map { min(width, $0) } ?? width
            widest = max(widest ?? confirmed, confirmed)
        }
        return widest
    }
}

/// Counts of edge spreads per direction, in buckets of 1/20 pixel: the n-th sharpest edge of a
/// direction without sorting (its width errs low by less than a bucket, towards sharp).
struct SpreadHistogram {
    static let bucketsPerPixel: Float = 20
    /// Spreads up to 64 pixels; wider ones share the last bucket.
    static let buckets = 64 * 20 + 1

    private var counts: [Int32]
    private var totals: [Int]
    let sectors: Int

    init(sectors: Int) {
        self.sectors = sectors
        counts = [Int32](repeating: 0, count: sectors * Self.buckets)
        totals = [Int](repeating: 0, count: sectors)
    }

    static func bucket(_ spread: Float) -> Int { min(buckets - 1, Int(spread * bucketsPerPixel)) }

    mutating func add(_ sector: Int, _ bucket: Int) {
        counts[sector * Self.buckets + bucket] += 1
        totals[sector] += 1
    }

    /// Per direction, the spread of its `rank`-th sharpest edge, or nil when it has fewer edges
    /// than `evidence` (at least `rank`) or than `share` of the busiest direction's.
    func widths(rank: Int, evidence: Int, share: Double = 0) -> [Double?] {
        let needed = max(Double(max(rank, evidence)), share * Double(totals.max() ?? 0))
        return (0 ..< sectors).map { sector in
            guard Double(totals[sector]) >= needed else { return nil }
            var seen = 0
            for bucket in 0 ..< Self.buckets {
                seen += Int(counts[sector * Self.buckets + bucket])
                if seen >= rank { return Double(bucket) / Double(Self.bucketsPerPixel) }
            }
            return nil
        }
    }
}
