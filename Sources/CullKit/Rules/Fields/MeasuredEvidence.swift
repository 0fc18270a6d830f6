/// What Cull measured of a file, rather than read from it, that a rule may decide on: the pixels
/// (sharpness, exposure, featureless), the text read, the codes read, a file that came back.
/// A match on one of them is explained with the measured value wherever the match is shown:
/// `cull plan --explain`, the review page, the terminal sheet and deck.
public enum MeasuredEvidence: Sendable, Hashable, CaseIterable {
    case pixels, text, codes, returned
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
