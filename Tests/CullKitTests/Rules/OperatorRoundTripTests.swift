@testable import CullKit
import Testing

/// Every operator of every field type against a small generated index, NULL metadata and time zones included.
@Suite struct OperatorRoundTripTests {
    static let clock = RunClock(now: epoch("2026-01-01T00:00:00"), localOffset: 0)
    static let assets: [TestAsset] = [
        // Taken 23:30 local in Tokyo (+09:00) on New Year's Eve 2019: before 2020 locally, 14:30Z in UTC.
        TestAsset(path: "2019/a.jpg", size: 1_000_000, width: 4000, height: 3000, taken: epoch("2019-12-31T23:30:00"),
                  takenUTC: epoch("2019-12-31T14:30:00"), modified: epoch("2025-12-01T00:00:00"),
                  make: "Canon", model: "EOS 5D", lens: "EF 50mm f/1.8", latitude: 35.6, rating: 5),
        // Just after midnight local, offset unknown: exactly 1 MiB, an iPhone favorite without rating.
        TestAsset(path: "2020/b.jpg", size: 1_048_576, taken: epoch("2020-01-01T00:30:00"),
                  make: "Apple", model: "iPhone 12", software: "17.1", favoriteFlag: 1),
        // A screenshot with no capture date and no camera, rated 0, kept by the user.
        TestAsset(path: "Screenshots/c.png", size: 500_000, width: 1170, height: 2532, rating: 0, screenshot: true,
                  review: "kept"),
        // A 2 GB video from WhatsApp, the video half of a Live Photo, already staged.
        TestAsset(path: "WhatsApp/Media/d.mov", size: 2_000_000_000, kind: "video", duration: 95,
                  taken: epoch("2021-06-01T12:00:00"), takenUTC: epoch("2021-06-01T10:00:00"),
                  added: epoch("2025-12-20T00:00:00"), liveID: "L1", review: "trashed"),
        // The photo half of that Live Photo, in Family/, make without model.
        TestAsset(path: "Family/2020/e.heic", size: 3_000_000, taken: epoch("2020-07-01T09:00:00"), make: "Canon",
                  rating: 2, liveID: "L1"),
        // A broken RAW in a burst at the root: no kind, nothing known.
        TestAsset(path: "f.dng", size: 0, kind: nil, burstID: "B1", raw: true, broken: true),
    ]

    static let cases: [(String, [String])] = [
        // sizes: 1 MB is 1,000,000 bytes, 1 MiB is 1,048,576
        ("size: 1MB", ["a.jpg"]),
        ("size: 1MiB", ["b.jpg"]),
        ("size: {gt: 1MB}", ["b.jpg", "d.mov", "e.heic"]),
        ("size: {gte: 1MB}", ["a.jpg", "b.jpg", "d.mov", "e.heic"]),
        ("size: {lt: 1MB}", ["c.png", "f.dng"]),
        ("size: {lte: 1MB}", ["a.jpg", "c.png", "f.dng"]),
        ("size: {between: [1MB, 1MiB]}", ["a.jpg", "b.jpg"]),
        ("size: {ne: 1MB}", ["b.jpg", "c.png", "d.mov", "e.heic", "f.dng"]),
        ("size: {gt: 1.5GiB}", ["d.mov"]),
        // enumerations and NULL kind
        ("kind: video", ["d.mov"]),
        ("kind: {ne: video}", ["a.jpg", "b.jpg", "c.png", "e.heic"]),
        ("kind: {in: [photo]}", ["a.jpg", "b.jpg", "c.png", "e.heic"]),
        ("kind: {exists: false}", ["f.dng"]),
        // globs: `*` stays in a folder, `**` crosses folders, `**/` matches zero folders
        ("name: \"*.jpg\"", ["a.jpg", "b.jpg"]),
        ("name: \"?.png\"", ["c.png"]),
        ("path: \"**/*.mov\"", ["d.mov"]),
        ("path: \"*.dng\"", ["f.dng"]),
        ("path: \"**/2020/**\"", ["b.jpg", "e.heic"]),
        ("path: \"Family/*/e.heic\"", ["e.heic"]),
        ("path: \"Family/*\"", []),
        ("path: \"[a-f].dng\"", ["f.dng"]),
        ("path: {ne: \"**/*.jpg\"}", ["c.png", "d.mov", "e.heic", "f.dng"]),
        ("folder: \"WhatsApp/**\"", ["d.mov"]),
        ("path: {matches: \"^Screenshots/\"}", ["c.png"]),
        ("path: {in: [\"**/WhatsApp/**\", \"*.dng\"]}", ["d.mov", "f.dng"]),
        // extensions are case-insensitive, a leading dot is allowed
        ("extension: JPG", ["a.jpg", "b.jpg"]),
        ("extension: .HEIC", ["e.heic"]),
        ("extension: {in: [mov, DNG]}", ["d.mov", "f.dng"]),
        ("extension: {matches: \"^J\"}", ["a.jpg", "b.jpg"]),
        // camera: make, model or "make model"; missing camera never matches, not even under `not`
        ("camera: \"canon*\"", ["a.jpg", "e.heic"]),
        ("camera: \"iPhone*\"", ["b.jpg"]),
        ("camera: \"Apple iPhone 12\"", ["b.jpg"]),
        ("not: {camera: \"Canon*\"}", ["b.jpg"]),
        ("camera: {ne: \"Canon*\"}", ["b.jpg"]),
        ("camera: {exists: false}", ["c.png", "d.mov", "f.dng"]),
        ("camera: {matches: \"eos\"}", ["a.jpg"]),
        ("lens: \"*50mm*\"", ["a.jpg"]),
        ("software: {exists: true}", ["b.jpg"]),
        // dates: wall clock vs. local `taken`; offsets vs. `taken_utc`, else `taken` read in the literal's offset
        ("taken: {before: 2020-01-01}", ["a.jpg"]),
        ("taken: {after: 2019-12-31}", ["b.jpg", "d.mov", "e.heic"]),
        ("taken: 2019-12-31", ["a.jpg"]),
        ("taken: {between: [2020-01-01, 2020-07-01]}", ["b.jpg", "e.heic"]),
        // a year or a month is the whole of it
        ("taken: {before: 2020}", ["a.jpg"]),
        ("taken: 2020", ["b.jpg", "e.heic"]),
        ("taken: {after: 2020}", ["d.mov"]),
        ("taken: 2020-07", ["e.heic"]),
        ("taken: {between: [2019, 2020-01]}", ["a.jpg", "b.jpg"]),
        ("taken: {before: \"2019-12-31T15:00:00Z\"}", ["a.jpg"]),
        ("taken: {before: \"2020-01-01T00:00:00+09:00\"}", ["a.jpg"]),
        ("taken: {after: \"2020-01-01T09:00:00+09:00\"}", ["d.mov", "e.heic"]),
        ("taken: {after: \"2020-01-01T00:00:00+01:00\"}", ["b.jpg", "d.mov", "e.heic"]),
        ("taken: {older_than: 5y}", ["a.jpg", "b.jpg", "e.heic"]),
        ("taken: {newer_than: 5y}", ["d.mov"]),
        ("taken: {exists: false}", ["c.png", "f.dng"]),
        ("not: {taken: {before: 2020-01-01}}", ["b.jpg", "d.mov", "e.heic"]),
        ("modified: {newer_than: 60d}", ["a.jpg"]),
        ("added: {after: 2025-12-19}", ["d.mov"]),
        // numbers; NULL ratings match neither `ne` nor `in`
        ("rating: {gte: 1}", ["a.jpg", "e.heic"]),
        ("rating: 0", ["c.png"]),
        ("rating: {ne: 5}", ["c.png", "e.heic"]),
        ("rating: {in: [0, 2]}", ["c.png", "e.heic"]),
        ("rating: {exists: false}", ["b.jpg", "d.mov", "f.dng"]),
        ("width: {gt: 3000}", ["a.jpg"]),
        ("height: {between: [2000, 3000]}", ["a.jpg", "c.png"]),
        ("megapixels: {gte: 12}", ["a.jpg"]),
        ("megapixels: {lt: 3}", ["c.png"]),
        ("duration: {gt: 90s}", ["d.mov"]),
        ("duration: {gt: 2m}", []),
        ("duration: {lte: 95s}", ["d.mov"]),
        // booleans are never NULL: favorite false matches the unrated
        ("favorite: true", ["a.jpg", "b.jpg"]),
        ("favorite: false", ["c.png", "d.mov", "e.heic", "f.dng"]),
        ("gps: true", ["a.jpg"]),
        ("gps: false", ["b.jpg", "c.png", "d.mov", "e.heic", "f.dng"]),
        ("screenshot: true", ["c.png"]),
        ("live: true", ["d.mov", "e.heic"]),
        // a burst is a group of two frames or more: a lone frame carrying a burst id is none
        ("burst: true", []),
        ("raw: true", ["f.dng"]),
        ("broken: true", ["f.dng"]),
        // review status
        ("status: new", ["a.jpg", "b.jpg", "e.heic", "f.dng"]),
        ("status: kept", ["c.png"]),
        ("status: {in: [kept, trashed]}", ["c.png", "d.mov"]),
        // combinators, and several fragments ANDed
        ("any: [{kind: video}, {screenshot: true}]", ["c.png", "d.mov"]),
        ("all: [{kind: photo}, {not: {favorite: true}}]", ["c.png", "e.heic"]),
        // b: photo AND unknown rating is unknown, so its negation is unknown too (three-valued logic)
        ("not: [{kind: photo}, {rating: {gte: 1}}]", ["c.png", "d.mov"]),
    ]

    @Test func everyOperatorRoundTrips() throws {
        let index = try TestIndex(Self.assets)
        for (fragment, expected) in Self.cases {
            #expect(try index.names(fragment, clock: Self.clock) == expected, "\(fragment)")
        }
    }

    @Test func localTimeZoneShiftsRelativeDatesOnLocalCaptureTime() throws {
        let index = try TestIndex([TestAsset(path: "x.jpg", taken: epoch("2025-12-31T20:00:00"))])
        // At 2026-01-01T00:00Z, 30 hours ago in UTC is 2025-12-30T18:00; in UTC-05:00 the local clock says
        // 2025-12-31T19:00 and 30 hours before that is 2025-12-30T13:00. Taken 20:00 local is newer in both;
        // within 3 hours it is newer only on the shifted local clock.
        let utc = RunClock(now: epoch("2026-01-01T00:00:00"), localOffset: 0)
        let newYork = RunClock(now: epoch("2026-01-01T00:00:00"), localOffset: -5 * 3600)
        #expect(try index.names("taken: {newer_than: 3h}", clock: utc) == [])
        #expect(try index.names("taken: {newer_than: 30h}", clock: utc) == ["x.jpg"])
        #expect(try index.names("taken: {older_than: 1h}", clock: newYork) == [])
        #expect(try index.names("taken: {older_than: 1h}", clock: utc) == ["x.jpg"])
    }
}
