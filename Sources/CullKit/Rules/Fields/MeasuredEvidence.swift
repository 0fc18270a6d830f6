/// What Cull measured of a file, rather than read from it, that a rule may decide on: the pixels
/// (sharpness, exposure, featureless), the text read, the codes read, a file that came back.
/// A match on one of them is explained with the measured value wherever the match is shown:
/// `cull plan --explain`, the review page, the terminal sheet and deck.
public enum MeasuredEvidence: Sendable, Hashable, CaseIterable {
    case pixels, text, codes, returned

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

extension Rule {
    /// The measured evidence the rule decides on, in ``MeasuredEvidence/allCases`` order.
    public var measured: [MeasuredEvidence] {
        MeasuredEvidence.allCases.filter { evidence in
            switch evidence {
            case .pixels: readsImageFeatures
            case .text: match.readsText
            case .codes: readsCodes
            case .returned: match.readsReturns
            }
        }
    }
}
