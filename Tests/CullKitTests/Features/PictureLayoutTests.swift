@testable import CullKit
import Testing

/// A pan step is the scene shifted by a fifth of a frame or more; a frame held still, and a subject
/// moving across a plain background, are not.
@Suite struct PictureLayoutTests {
    /// A textured scene `width` wide (smooth noise from a fixed seed), as grey pixels.
    static func scene(width: Int, height: Int) -> [UInt8] {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt8 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 56)
        }
        // Blocks of 24 × 16 pixels: structure at the scale of the layout's cells of a 384 × 256 frame.
        let across = width / 24 + 1
        let blocks = (0 ..< across * (height / 16 + 1)).map { _ in next() }
        return (0 ..< width * height).map { index in blocks[(index / width / 16) * across + index % width / 24] }
    }

    static func frame(_ scene: [UInt8], sceneWidth: Int, x: Int, width: Int, height: Int) -> PictureLayout {
        var pixels: [UInt8] = []
        for row in 0 ..< height { pixels += scene[row * sceneWidth + x ..< row * sceneWidth + x + width] }
        return PictureLayout.of(DecodedImage(width: width, height: height, channels: 1, pixels: pixels))
    }

    @Test func aSceneShiftedAlongOneSideIsAPanStep() {
        let scene = Self.scene(width: 800, height: 256)
        let frames = [0, 120, 240, 360].map { Self.frame(scene, sceneWidth: 800, x: $0, width: 384, height: 256) }
        for (first, second) in zip(frames, frames.dropFirst()) { #expect(first.isPanStep(to: second)) }
        // Held still, with a few pixels of jitter: not a pan.
        let still = [200, 204, 209].map { Self.frame(scene, sceneWidth: 800, x: $0, width: 384, height: 256) }
        for (first, second) in zip(still, still.dropFirst()) { #expect(!first.isPanStep(to: second)) }
    }

    @Test func aSubjectMovingOnAPlainBackgroundIsNotAPanStep() {
        func subject(at x: Int) -> PictureLayout {
            var pixels = [UInt8](repeating: 90, count: 384 * 256)
            for row in 100 ..< 160 { for column in x ..< x + 60 { pixels[row * 384 + column] = 230 } }
            return PictureLayout.of(DecodedImage(width: 384, height: 256, channels: 1, pixels: pixels))
        }
        #expect(!subject(at: 40).isPanStep(to: subject(at: 160)))
        #expect(PictureLayout.of(DecodedImage(width: 8, height: 8, channels: 1, pixels: [UInt8](repeating: 5, count: 64))).cells.count == 256)
    }
}
