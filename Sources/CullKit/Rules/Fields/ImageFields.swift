/// Fields measured on the pixels: the small decode's sharpness and brightness (``ImageFeatures``).
/// A plan brings them up to date before its rules run (only for photos not analysed yet); a photo
/// that could not be decoded, a video, a RAW file has none, and a comparison never matches it.
enum ImageFields {
    static let all: [Field] = [
        Field("sharpness", .number(integer: false, range: 0 ... 1_000_000), column: FeatureCache.current("sharpness"),
              doc: "Variance of the Laplacian of the photo's grey image at 384 pixels (longest side): higher is sharper. "
                  + "Sharp photos score about 100 to several thousand; blurred ones a few dozen. JPEG, PNG, WebP, HEIC and AVIF photos only.",
              examples: ["sharpness: {lt: 30}"]),
        Field("blurry", .boolean, doc: "The photo's sharpness is below \(FieldType.format(Sharpness.blurryThreshold)): "
                  + "clearly blurred or featureless at 384 pixels (measured: sharp corpus photos score 94 and up, "
                  + "their copies blurred with a 3-pixel radius 3 to 23). False when it was not analysed.",
              examples: ["blurry: true"]) { _ in
            ["COALESCE(\(sql: FeatureCache.current("sharpness")) < \(Sharpness.blurryThreshold), 0)"]
        },
        Field("exposure", .number(integer: false, range: 0 ... 1), column: FeatureCache.current("exposure"),
              doc: "Mean brightness of the photo, 0 (black) to 1 (white): `exposure: {lt: 0.05}` finds black frames and pocket shots.",
              examples: ["exposure: {lt: 0.05}", "exposure: {gt: 0.95}"]),
    ]

    static let names: Set<String> = Set(all.map(\.name))
}

extension Rule {
    /// True when the rule reads what the small decode measures (image fields, or a `sharpest`
    /// ranking): the plan then analyses the photos that need it first.
    public var readsImageFeatures: Bool { match.readsImageFeatures || keep.contains(.sharpest) }
}

extension Predicate {
    /// True when the predicate reads what the small decode measures: `cull find` then analyses the
    /// photos that need it first, as a plan does.
    public var readsImageFeatures: Bool { conditions.contains { ImageFields.names.contains($0.field.name) } }
}
