/// How each kind of measured evidence is explained, as `--explain` prints it: the line of its own
/// explanation (``FeatureExplanation``, ``TextExplanation``, ``CodeExplanation``, ``ReturnedExplanation``).
extension MeasuredEvidence {
    /// The explanation of what was measured of one asset, as `--explain` prints it (indented two spaces).
    public func line(db: Database, assetID: Int64) throws -> String {
        switch self {
        case .pixels: try FeatureExplanation.line(db: db, assetID: assetID)
        case .text: try TextExplanation.line(db: db, assetID: assetID)
        case .codes: try CodeExplanation.line(db: db, assetID: assetID)
        case .returned: try ReturnedExplanation.line(db: db, assetID: assetID)
        }
    }
}
