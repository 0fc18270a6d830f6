import Testing
@testable import CullKit

enum WebPFixture {
    static func riff(_ chunks: [UInt8]) -> [UInt8] {
        Bytes.utf8("RIFF") + Bytes.le32(chunks.count + 4) + Bytes.utf8("WEBP") + chunks
    }

    /// Lossy: frame tag, start code, 14-bit width/height with scale bits set.
    static func vp8(_ width: Int, _ height: Int) -> [UInt8] {
        Bytes.riffChunk("VP8 ", [0x50, 0x02, 0x00, 0x9D, 0x01, 0x2A]
            + Bytes.le16(width | 0x4000) + Bytes.le16(height | 0x8000) + Bytes.zeros(8))
    }

    /// Lossless: signature 0x2F, then (width-1) and (height-1) in 14 bits each.
    static func vp8l(_ width: Int, _ height: Int) -> [UInt8] {
        let bits = (width - 1) | (height - 1) << 14 | 1 << 28
        return Bytes.riffChunk("VP8L", [0x2F] + Bytes.le32(bits) + Bytes.zeros(4))
    }

    static func vp8x(_ width: Int, _ height: Int, flags: UInt8) -> [UInt8] {
        Bytes.riffChunk("VP8X", [flags, 0, 0, 0] + Bytes.le24(width - 1) + Bytes.le24(height - 1))
    }

    static let extended: [UInt8] = riff(vp8x(4000, 3000, flags: 0x0C) + vp8(4000, 3000)
        + Bytes.riffChunk("EXIF", Bytes.utf8("Exif\0\0") + Bytes.tiff)
        + Bytes.riffChunk("XMP ", Bytes.utf8("<x:xmpmeta xmlns:x='adobe:ns:meta/'/>")))

    static let animated: [UInt8] = riff(vp8x(100, 50, flags: 0x02)
        + Bytes.riffChunk("ANIM", Bytes.zeros(6))
        + Bytes.riffChunk("ANMF", Bytes.zeros(12) + Bytes.le24(120) + [0] + vp8(100, 50))
        + Bytes.riffChunk("ANMF", Bytes.zeros(12) + Bytes.le24(80) + [0] + vp8(100, 50)))
}

@Suite struct WebPMetadataTests {
    let folder = FixtureFolder()

    @Test func readsLossyAndLossless() throws {
        let lossy = try folder.read(WebPFixture.riff(WebPFixture.vp8(37, 21)))
        #expect(lossy.format == .webp)
        #expect(lossy.width == 37 && lossy.height == 21)
        let lossless = try folder.read(WebPFixture.riff(WebPFixture.vp8l(16383, 1)))
        #expect(lossless.width == 16383 && lossless.height == 1)
    }

    @Test func readsExtendedCanvasAndChunks() throws {
        let metadata = try folder.read(WebPFixture.extended)
        #expect(metadata.width == 4000 && metadata.height == 3000)
        let chunks = try WebPReader.chunks(try folder.file(WebPFixture.extended))
        #expect(chunks.map(\.type) == ["VP8X", "VP8 ", "EXIF", "XMP "])
    }

    @Test func sumsAnimationFrames() throws {
        let metadata = try folder.read(WebPFixture.animated)
        #expect(metadata.width == 100 && metadata.height == 50)
        #expect(metadata.duration == 0.2)
    }

    @Test func rejectsHostileChunks() {
        #expect(throws: MetadataError.self) { try folder.read(WebPFixture.riff([])) }
        #expect(throws: MetadataError.self) { try folder.read(WebPFixture.riff(Bytes.utf8("VP8 ") + Bytes.le32(999))) }
        #expect(throws: MetadataError.self) {
            try folder.read(WebPFixture.riff(Bytes.riffChunk("VP8 ", Bytes.zeros(10))))
        }
    }

    /// Cut at every length: nothing before the VP8X header (12 + 18 bytes) ends, its canvas from there on;
    /// only the extended file's last byte, the pad of its odd-sized last chunk, may go unnoticed.
    @Test func survivesTruncationAtEveryLength() {
        let extended = CutAtEveryLength(WebPFixture.extended, name: "cut.webp", in: folder, readWhole: [WebPFixture.extended.count - 1])
        let animated = CutAtEveryLength(WebPFixture.animated, name: "cut.webp", in: folder)
        for cut in [extended, animated] {
            #expect(cut.first("format") == 30 && cut.first("width") == 30 && cut.first("height") == 30)
            #expect(cut.cuts.prefix(12).allSatisfy { $0.problem == .unrecognized })
        }
        #expect(WebPFixture.extended.count % 2 == 0 && extended.first("orientation") == 96, "the EXIF chunk's orientation, once it is whole")
        #expect(animated.first("duration") == nil, "the frames' delays add up only in a whole file")
    }
}
