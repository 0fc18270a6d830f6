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
        Field("screenshot", .boolean, column: "a.screenshot",
              doc: "Evidence says it is a screenshot (or screen recording).",
              examples: ["screenshot: true"]),
    ]
}
