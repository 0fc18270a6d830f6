/// Fields about the picture or clip: dimensions, length, capture time.
enum MediaFields {
    static let all: [Field] = [
        Field("width", .number(integer: true, range: 0...1_000_000), column: "a.width",
              doc: "Width in pixels, orientation-corrected.",
              examples: ["width: {lt: 640}"]),
        Field("height", .number(integer: true, range: 0...1_000_000), column: "a.height",
              doc: "Height in pixels, orientation-corrected.",
              examples: ["height: {gte: 2160}"]),
        Field("megapixels", .number(integer: false, range: 0...100_000), column: "(a.width * a.height / 1e6)",
              doc: "width × height / 1,000,000.",
              examples: ["megapixels: {lt: 1}"]),
        Field("duration", .duration, column: "a.duration",
              doc: "Length of a video.",
              examples: ["duration: {lt: 3s}", "duration: {gt: 10m}"]),
        Field("taken", .date(.localWallClock(utcColumn: "a.taken_utc")), column: "a.taken",
              doc: "Capture time (local wall clock); missing when no source had one.",
              examples: ["taken: {before: 2020-01-01}", "taken: {older_than: 30d}",
                         "taken: {after: \"2021-06-01T12:00:00+02:00\"}"]),
    ]
}
