import Testing
@testable import CullKit

enum GIFFixture {
    /// Logical screen, global colour table of 2 entries, optional XMP, then frames.
    static func make(width: Int, height: Int, delays: [Int], xmp: String? = nil, trailer: Bool = true) -> [UInt8] {
        var bytes = Bytes.utf8("GIF89a") + Bytes.le16(width) + Bytes.le16(height) + [0x80, 0, 0]
        bytes += Bytes.zeros(6) // global colour table (2 entries)
        if let xmp {
            // XMP application extension: raw packet, then the 258-byte magic trailer.
            bytes += [0x21, 0xFF, 11] + Bytes.utf8("XMP DataXMP") + Bytes.utf8(xmp)
            bytes += [0x01] + (0 ... 255).reversed().map { UInt8($0) } + [0x00]
        }
        for delay in delays {
            bytes += [0x21, 0xF9, 4, 0] + Bytes.le16(delay) + [0, 0]
            bytes += [0x2C] + Bytes.le16(0) + Bytes.le16(0) + Bytes.le16(width) + Bytes.le16(height) + [0x81]
            bytes += Bytes.zeros(12) // local colour table (4 entries)
            bytes += [2, 3, 0x44, 0x01, 0x00, 2, 0x05, 0x06, 0x00] // LZW size, two sub-blocks, terminator
        }
        return bytes + (trailer ? [0x3B] : [])
    }
}

@Suite struct GIFMetadataTests {
    let folder = FixtureFolder()

    @Test func readsStillGIF() throws {
        let metadata = try folder.read(GIFFixture.make(width: 300, height: 200, delays: [0]))
        #expect(metadata.format == .gif)
        #expect(metadata.width == 300)
        #expect(metadata.height == 200)
        #expect(metadata.duration == nil)
    }

    @Test func sumsAnimationDelays() throws {
        let metadata = try folder.read(GIFFixture.make(width: 5, height: 6, delays: [7, 7, 10], xmp: "<x:xmpmeta/>"))
        #expect(metadata.width == 5)
        #expect(metadata.height == 6)
        #expect(metadata.duration == 0.24)
    }

    @Test func aMissingTrailerIsTruncated() throws {
        #expect(try folder.read(GIFFixture.make(width: 9, height: 8, delays: [5, 5])).duration == 0.1)
        // Blocks that run to the end of the file without the trailer byte: the file was cut (issue 8 item 3).
        let cut = GIFFixture.make(width: 9, height: 8, delays: [5, 5], trailer: false)
        #expect(throws: MetadataError.incomplete("no GIF trailer: the file ends at byte \(cut.count), after 2 frames")) {
            try folder.read(cut)
        }
        // Its size stays; its duration, which the cut may have shortened, does not (issue 36 item 4).
        let reading = MetadataReaders.reading(path: folder.write(cut, name: "cut.gif"))
        #expect(reading.metadata.width == 9 && reading.metadata.duration == nil && reading.problem?.isDamage == true)
    }

    @Test func survivesTruncationAtEveryLength() {
        let fixture = GIFFixture.make(width: 5, height: 6, delays: [7, 7], xmp: "<x:xmpmeta/>")
        let cut = CutAtEveryLength(fixture, name: "cut.gif", in: folder)
        // The logical screen (6 + 7 bytes) gives the size; the delays add up to a duration only in a whole file.
        #expect(cut.cuts.prefix(6).allSatisfy { $0.problem == .unrecognized })
        #expect(cut.first("width") == 19 && cut.first("height") == 19 && cut.first("duration") == nil)
        #expect(cut.whole.metadata.width == 5 && cut.whole.metadata.height == 6 && cut.whole.metadata.duration != nil)

        #expect(throws: MetadataError.self) { try folder.read(Bytes.utf8("GIF89a") + [1, 0]) }
    }
}
