import Foundation

/// The line `cull plan --explain PATH` gives what the decode measured of one file: its sharpness and
/// whether that is blurry, or why it is featureless, or why it has no measure (never analysed, or
/// changed since; could not be decoded).
public enum FeatureExplanation {
    public static func line(db: Database, assetID: Int64) throws -> String {
        var line = "  image: not analysed (no rule of this run reads the pixels, or the file changed since)"
        try db.forEachRow("""
            SELECT \(FeatureCache.current("sharpness")) AS sharpness, \(FeatureCache.current("edges")) AS edges,
                   \(FeatureCache.current("exposure")) AS exposure, \(FeatureCache.current("failure")) AS failure
            FROM assets a WHERE a.id = ?
            """, [.integer(assetID)]) { row in
            if let failure = row.string("failure") {
                line = "  image: could not be decoded (\(failure))"
                return
            }
            guard let edges = row.optionalInt64("edges") else { return }
            let exposure = String(format: "exposure %.2f", row.optionalDouble("exposure") ?? 0)
            guard let value = row.optionalDouble("sharpness") else {
                line = "  image: featureless, never blurry: \(English.count(Int(edges), "strong edge")), "
                    + "fewer than \(Sharpness.evidence) measured in every direction, too few to judge blur; \(exposure)"
                return
            }
            let sharpness = Sharpness(blurWidth: 100 / value, strongEdges: Int(edges))
            line = String(format: "  image: sharpness %.1f (edges spread over %.1f pixels where it is sharpest), ", value, 100 / value)
                + (sharpness.isBlurry ? "blurry" : "not blurry") + String(format: " (blurry below %.1f); ", Sharpness.blurryThreshold) + exposure
        }
        return line
    }
}
