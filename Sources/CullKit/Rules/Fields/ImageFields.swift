/// Fields measured on the pixels: the decode's sharpness and brightness (``ImageFeatures``).
/// A plan brings them up to date before its rules run (only for photos not analysed yet); a photo
/// that could not be decoded has none, and a comparison never matches it.
enum ImageFields {
    static let all: [Field] = [
        Field("sharpness", .number(integer: false, range: 0 ... 100), column: FeatureCache.current("sharpness"),
              doc: "How sharp the photo is where it is sharpest, in its most blurred direction: 100 over the width in pixels "
                  + "its edges are spread over, at a quarter of the photo's size (at least 1,000 pixels long): 100 is a crisp "
                  + "one-pixel edge, 50 two pixels. A defocus spreads every direction, a shake one; a smooth background does not "
                  + "count against a sharp subject. None (never matching) for a featureless photo. Photos, RAW previews and video poster frames.",
              examples: ["sharpness: {lt: 40}"]),
        Field("blurry", .boolean, doc: "Evidence of blur: the photo's sharpness is below \(FieldType.format((Sharpness.blurryThreshold * 10).rounded(.down) / 10)) "
                  + "(its edges spread over more than \(FieldType.format(Sharpness.blurryWidth)) pixels), by defocus or by a shake. "
                  + "Never for a featureless photo (a clear sky, fog with nothing in it, a flat frame: nothing to judge), false when it was not analysed.",
              examples: ["blurry: true"]) { _ in
            ["COALESCE(\(sql: FeatureCache.current("sharpness")) < \(Sharpness.blurryThreshold), 0)"]
        },
        Field("featureless", .boolean, doc: "The photo has too few strong edges to judge its sharpness "
                  + "(fewer than \(Sharpness.evidence) measured in every direction, every other pixel along an edge): a clear sky, fog with nothing in it, a flat or black frame. Such a photo is never `blurry`; "
                  + "false when it was not analysed.",
              examples: ["featureless: true"]) { _ in
            ["COALESCE(\(sql: FeatureCache.current("sharpness")) IS NULL AND \(sql: FeatureCache.current("edges")) IS NOT NULL, 0)"]
        },
        Field("exposure", .number(integer: false, range: 0 ... 1), column: FeatureCache.current("exposure"),
              doc: "Mean brightness of the photo, 0 (black) to 1 (white): `exposure: {lt: 0.05}` finds black frames and pocket shots.",
              examples: ["exposure: {lt: 0.05}", "exposure: {gt: 0.95}"]),
    ]

    static let names: Set<String> = Set(all.map(\.name))
}

extension Rule {
    /// True when the rule reads what the decode measures (image fields, or a `sharpest`
    /// ranking): the plan then analyses the photos that need it first.
    public var readsImageFeatures: Bool { match.readsImageFeatures || keep.contains(.sharpest) }
}

extension Predicate {
    /// True when the predicate reads what the small decode measures: `cull find` then analyses the
    /// photos that need it first, as a plan does.
    public var readsImageFeatures: Bool { conditions.contains { ImageFields.names.contains($0.field.name) } }
}
