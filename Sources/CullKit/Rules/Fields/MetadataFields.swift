/// Fields from embedded metadata: camera, lens, software, location, rating, screenshot evidence.
enum MetadataFields {
    static let all: [Field] = [
        Field("camera", .text(.label), doc: "Camera make, model, or \"make model\" (case-insensitive).",
              examples: ["camera: \"Canon*\"", "camera: \"*iPhone 1?*\""]) { _ in
            ["a.camera_make", "a.camera_model", "(a.camera_make || ' ' || a.camera_model)"]
        },
        Field("lens", .text(.label), column: "a.lens",
              doc: "Lens model (case-insensitive).",
              examples: ["lens: \"*50mm*\""]),
        Field("software", .text(.label), column: "a.software",
              doc: "Software tag (case-insensitive).",
              examples: ["software: \"Instagram*\""]),
        Field("gps", .boolean, column: "(a.latitude IS NOT NULL)",
              doc: "The asset has a location.",
              examples: ["gps: false"]),
        Field("rating", .number(integer: true, range: -1...5), column: "a.rating",
              doc: "XMP rating: -1 rejected, 0 unrated … 5; missing when never rated.",
              examples: ["rating: {gte: 1}", "rating: -1"]),
        Field("favorite", .boolean,
              doc: "Flagged favorite, or rated at/above the library's favorite_threshold; unrated counts as not favorite.",
              examples: ["favorite: true"]) { context in
            ["(COALESCE(a.favorite_flag, 0) = 1 OR COALESCE(a.rating, -1) >= \(context.favoriteThreshold))"]
        },
        Field("screenshot", .boolean, column: "a.screenshot",
              doc: "Evidence says it is a screenshot (or screen recording).",
              examples: ["screenshot: true"]),
    ]
}
