import Testing
@testable import CullKit

enum PNGFixture {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    static func ihdr(_ width: Int, _ height: Int) -> [UInt8] {
        Bytes.pngChunk("IHDR", Bytes.be32(width) + Bytes.be32(height) + [8, 6, 0, 0, 0])
    }

    static func iTXt(_ keyword: String, _ text: String, compressed: Bool = false) -> [UInt8] {
        Bytes.pngChunk("iTXt", Bytes.utf8(keyword) + [0, compressed ? 1 : 0, 0, 0, 0] + Bytes.utf8(text))
    }

    /// IHDR, tEXt Software, XMP iTXt, IDAT, then eXIf *after* the image data, IEND.
    static let full: [UInt8] = signature + ihdr(640, 427)
        + Bytes.pngChunk("tEXt", Bytes.latin1("Software\0GIMP 2.10 ©"))
        + iTXt("XML:com.adobe.xmp", "<x:xmpmeta xmlns:x='adobe:ns:meta/'/>")
        + Bytes.pngChunk("IDAT", Bytes.zeros(300))
        + Bytes.pngChunk("eXIf", Bytes.tiff)
        + Bytes.pngChunk("IEND", [])
}

@Suite struct PNGMetadataTests {
    let folder = FixtureFolder()

    @Test func readsHeaderAndText() throws {
        let metadata = try folder.read(PNGFixture.full)
        #expect(metadata.format == .png)
        #expect(metadata.width == 640)
        #expect(metadata.height == 427)
        #expect(metadata.software == "GIMP 2.10 ©")
    }

    @Test func findsMetadataChunksAfterImageData() throws {
        let chunks = try PNGReader.chunks(try folder.file(PNGFixture.full))
        #expect(chunks.map(\.type) == ["IHDR", "tEXt", "iTXt", "IDAT", "eXIf", "IEND"])
        let exif = try #require(chunks.first { $0.type == "eXIf" })
        #expect(exif.length == Bytes.tiff.count)
        #expect(Array(PNGFixture.full[exif.dataOffset ..< exif.dataOffset + exif.length]) == Bytes.tiff)
    }

    @Test func splitsTextChunks() throws {
        let xmp = try #require(try PNGReader.textChunk(Array(PNGFixture.iTXt("XML:com.adobe.xmp", "<x/>").dropFirst(8).dropLast(4)), international: true))
        #expect(xmp.keyword == "XML:com.adobe.xmp")
        #expect(Array(xmp.body) == Bytes.utf8("<x/>"))
        let compressed = PNGFixture.iTXt("XML:com.adobe.xmp", "zz", compressed: true)
        #expect(try PNGReader.textChunk(Array(compressed.dropFirst(8).dropLast(4)), international: true) == nil)
        let software = try #require(try PNGReader.textChunk(Bytes.utf8("Software\0x"), international: false))
        #expect(software.keyword == "Software" && Array(software.body) == [0x78])
    }

    @Test func stopsAtIENDAndCallsAMissingIENDTruncated() throws {
        let trailing = PNGFixture.signature + PNGFixture.ihdr(1, 2) + Bytes.pngChunk("IEND", []) + Bytes.zeros(40)
        #expect(try folder.read(trailing).height == 2)
        // A PNG always ends with IEND; one that stops at a chunk boundary before it was cut (issue 8 item 3).
        let noEnd = PNGFixture.signature + PNGFixture.ihdr(3, 4) + Bytes.pngChunk("IDAT", [1, 2])
        #expect(throws: MetadataError.incomplete("no IEND chunk: the file ends at byte \(noEnd.count), after the 'IDAT' chunk")) {
            try folder.read(noEnd)
        }
        // What the chunks before the cut said stays (issue 36 item 4).
        let reading = MetadataReaders.reading(path: folder.write(noEnd, name: "cut.png"))
        #expect(reading.metadata.width == 3 && reading.metadata.height == 4 && reading.problem?.isDamage == true)
    }

    @Test func rejectsHostileChunks() {
        // First chunk not IHDR, a chunk past EOF, zero width, a huge length.
        #expect(throws: MetadataError.self) { try folder.read(PNGFixture.signature + Bytes.pngChunk("IDAT", [])) }
        #expect(throws: MetadataError.self) {
            try folder.read(PNGFixture.signature + PNGFixture.ihdr(1, 1) + Bytes.be32(5000) + Bytes.latin1("IDAT"))
        }
        #expect(throws: MetadataError.self) { try folder.read(PNGFixture.signature + PNGFixture.ihdr(0, 1)) }
        #expect(throws: MetadataError.self) {
            try folder.read(PNGFixture.signature + PNGFixture.ihdr(1, 1) + [0xFF, 0xFF, 0xFF, 0xFF] + Bytes.latin1("eXIf"))
        }
    }

    @Test func survivesTruncationAtEveryLength() {
        let cut = CutAtEveryLength(PNGFixture.full, name: "cut.png", in: folder)
        // The size from the end of IHDR (8 + 8 + 13 + its CRC), each later chunk's field once the chunk is whole.
        #expect(cut.first("format") == 33 && cut.first("width") == 33 && cut.first("height") == 33)
        #expect(cut.cuts.prefix(8).allSatisfy { $0.problem == .unrecognized })
        #expect(cut.first("software") == 65 && cut.first("orientation") == 486)
        #expect(cut.cuts[33...].allSatisfy { $0.problem?.description.contains("no IEND chunk") == true || $0.problem.map { "\($0)" }?.hasPrefix("truncated") == true })

    }
}
