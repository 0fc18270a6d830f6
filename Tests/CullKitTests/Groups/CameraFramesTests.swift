@testable import CullKit
import Testing

/// The one scan bursts and bracket sets are found from (``CameraFrames``).
@Suite struct CameraFramesTests {
    @Test func readsTheFramesOfEitherKindAndTellsWhenTheIndexMovedOn() throws {
        let index = try TestIndex([
            TestAsset(path: "a/burst-id.jpg", burstID: "B"),
            TestAsset(path: "a/second.jpg", taken: 100, make: "Canon", model: "R5"),
            TestAsset(path: "a/bias.jpg", taken: 100, make: "Canon", model: "R5"),
            TestAsset(path: "a/unknown-rendering.jpg", taken: 100, make: "Canon", model: "R5"),
            TestAsset(path: "a/no-camera.jpg", taken: 100),
            TestAsset(path: "a/clip.mov", kind: "video", taken: 100, make: "Canon", model: "R5", burstID: "B"),
        ])
        let db = index.database
        try db.execute("UPDATE assets SET taken_subsec_us = 5 WHERE name IN ('second.jpg', 'no-camera.jpg')")
        try db.execute("UPDATE assets SET exposure_bias = -2 WHERE name IN ('bias.jpg', 'no-camera.jpg')")
        try db.execute("UPDATE assets SET rendering = 'a rendering no Cull knows' WHERE name = 'unknown-rendering.jpg'")
        let scanned = try CameraFrames.scan(db)
        let kinds = Dictionary(uniqueKeysWithValues: scanned.frames.map { frame in
            (frame.id, [frame.burstFrame ? "burst" : nil, frame.bracketFrame ? "bracket" : nil].compactMap { $0 })
        })
        let expected = [("burst-id.jpg", "burst"), ("second.jpg", "burst"), ("bias.jpg", "bracket"), ("unknown-rendering.jpg", "bracket")]
        #expect(kinds == Dictionary(uniqueKeysWithValues: try expected.map { (try index.id($0.0), [$0.1]) }))
        #expect(scanned.cameras.map(\.name) == ["Canon R5"])
        #expect(try scanned.isCurrent(db))
        try db.execute("UPDATE assets SET rating = 5 WHERE name = 'clip.mov'")
        #expect(try !scanned.isCurrent(db))
    }
}
