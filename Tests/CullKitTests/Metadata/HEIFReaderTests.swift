import Foundation
import Testing
@testable import CullKit

/// Builds small HEIC files: ftyp, meta (hdlr, pitm, iinf, iloc, iprp, optional idat), mdat.
enum HEIFFixture {
    static let exif: [UInt8] = Bytes.be32(6) + Bytes.utf8("Exif\0\0") + Bytes.tiff
    static let xmp: [UInt8] = Bytes.utf8("<x:xmpmeta xmlns:x='adobe:ns:meta/'><rdf:RDF/></x:xmpmeta>")
    /// A second, little-endian Exif payload for the item that `cdsc`-describes the primary.
    static let primaryExif: [UInt8] = Bytes.be32(0) + Bytes.utf8("II*\0") + Bytes.le32(8) + Bytes.zeros(6)

    static func infe(_ id: Int, _ type: String, contentType: String? = nil) -> [UInt8] {
        Bytes.fullBox("infe", version: 2, Bytes.be16(id) + Bytes.be16(0) + Bytes.latin1(type) + [0]
            + (contentType.map { Bytes.utf8($0) + [0] } ?? []))
    }

    /// - Parameters:
    ///   - properties: the primary item's transform boxes (`irot`, `imir`) after its `ispe`.
    ///   - ilocVersion: 1 (32-bit fields) or 2 (64-bit fields, base offset, XMP in two extents).
    ///   - exifInIdat: store the Exif item in `idat` (construction method 1).
    ///   - exifExtraLength: added to the Exif extent length (to point past the end of the file).
    ///   - describedExif: add Exif item 5 (``primaryExif``) and an `iref` in which item 5
    ///     describes the primary image while item 2 describes the thumbnail.
    static func make(
        properties: [[UInt8]] = [Bytes.box("irot", [3])], ilocVersion: Int = 1,
        exifInIdat: Bool = false, exifExtraLength: Int = 0, itemCount: Int? = nil, describedExif: Bool = false
    ) -> [UInt8] {
        let ftyp = Bytes.box("ftyp", Bytes.latin1("heic") + Bytes.be32(0) + Bytes.latin1("mif1heic"))
        let image = Bytes.zeros(10)
        func meta(mdatPayload: Int) -> [UInt8] {
            let imageAt = mdatPayload, exifAt = imageAt + image.count, xmpAt = exifAt + exif.count
            let iinf = Bytes.fullBox("iinf", Bytes.be16(itemCount ?? (describedExif ? 5 : 4)) + infe(1, "hvc1") + infe(2, "Exif")
                + infe(3, "mime", contentType: "application/rdf+xml") + infe(4, "hvc1")
                + (describedExif ? infe(5, "Exif") : []))
            let exifLength = exif.count + exifExtraLength
            let iloc: [UInt8]
            if ilocVersion == 2 {
                func item(_ id: Int, method: Int = 0, base: Int, _ extents: [(Int, Int)]) -> [UInt8] {
                    Bytes.be32(id) + Bytes.be16(method) + Bytes.be16(0) + Bytes.be32(base) + Bytes.be16(extents.count)
                        + extents.flatMap { Bytes.be64($0.0) + Bytes.be64($0.1) }
                }
                let half = xmp.count / 2
                iloc = Bytes.fullBox("iloc", version: 2, [0x88, 0x40] + Bytes.be32(3)
                    + item(1, base: imageAt, [(0, image.count)])
                    + (exifInIdat ? item(2, method: 1, base: 0, [(0, exifLength)])
                        : item(2, base: exifAt, [(0, exifLength)]))
                    + item(3, base: xmpAt, [(0, half), (half, xmp.count - half)]))
            } else {
                func item(_ id: Int, method: Int = 0, _ offset: Int, _ length: Int) -> [UInt8] {
                    Bytes.be16(id) + Bytes.be16(method) + Bytes.be16(0) + Bytes.be16(1)
                        + Bytes.be32(offset) + Bytes.be32(length)
                }
                iloc = Bytes.fullBox("iloc", version: 1, [0x44, 0x00] + Bytes.be16(describedExif ? 4 : 3)
                    + item(1, imageAt, image.count)
                    + (exifInIdat ? item(2, method: 1, 0, exifLength) : item(2, exifAt, exifLength))
                    + item(3, xmpAt, xmp.count)
                    + (describedExif ? item(5, xmpAt + xmp.count, primaryExif.count) : []))
            }
            let ipco = Bytes.box("ipco", Bytes.box("hvcC", Bytes.zeros(4))
                + Bytes.fullBox("ispe", Bytes.be32(4032) + Bytes.be32(3024))
                + Bytes.fullBox("ispe", Bytes.be32(320) + Bytes.be32(240))
                + properties.joined())
            let primary = [0x81, 0x02] + (0 ..< properties.count).map { UInt8(0x84 + $0) }
            let ipma = Bytes.fullBox("ipma", Bytes.be32(2)
                + Bytes.be16(4) + [2, 0x81, 0x03]
                + Bytes.be16(1) + [UInt8(primary.count)] + primary)
            let idat = exifInIdat ? Bytes.box("idat", exif) : []
            let iref = describedExif ? Bytes.fullBox("iref", Bytes.box("cdsc", Bytes.be16(2) + Bytes.be16(1) + Bytes.be16(4))
                + Bytes.box("cdsc", Bytes.be16(5) + Bytes.be16(1) + Bytes.be16(1))) : []
            return Bytes.fullBox("meta", MovieFixture.hdlr("pict") + Bytes.fullBox("pitm", Bytes.be16(1))
                + iinf + iloc + iref + Bytes.box("iprp", ipco + ipma) + idat)
        }
        let size = meta(mdatPayload: 0).count
        let mdat = Bytes.box("mdat", image + exif + xmp + (describedExif ? primaryExif : []))
        return ftyp + meta(mdatPayload: ftyp.count + size + 8) + mdat
    }
}

@Suite struct HEIFMetadataTests {
    let folder = FixtureFolder()

    @Test func readsPrimaryItemSizeAndRotation() throws {
        let metadata = try folder.read(HEIFFixture.make())
        #expect(metadata.format == .heic)
        #expect(metadata.width == 4032)
        #expect(metadata.height == 3024)
        #expect(metadata.orientation == 6) // irot 270° anticlockwise
        #expect(metadata.displayWidth == 3024)
    }

    @Test func locatesExifAndXMPItems() throws {
        for version in [1, 2] {
            let bytes = HEIFFixture.make(ilocVersion: version)
            let file = try folder.file(bytes)
            let summary = try HEIFReader.summarize(file)
            #expect(summary.primaryID == 1)
            let exifAt = bytes.count - HEIFFixture.xmp.count - HEIFFixture.exif.count
            #expect(summary.exif == [HEIFReader.Extent(offset: exifAt, length: HEIFFixture.exif.count)])
            let payload = try #require(try HEIFReader.exifPayload(file, summary))
            #expect(Array(payload.bytes) == Bytes.tiff)
            #expect(payload.bytes.startIndex == 0)
            #expect(payload.base == exifAt + 10)
            #expect(summary.xmp.count == version) // v2 splits XMP into two extents
            #expect(try HEIFReader.itemBytes(file, summary.xmp) == HEIFFixture.xmp)
        }
    }

    @Test func prefersExifDescribingPrimary() throws {
        let file = try folder.file(HEIFFixture.make(describedExif: true))
        let payload = try #require(try HEIFReader.exifPayload(file, try HEIFReader.summarize(file)))
        #expect(Array(payload.bytes) == Array(HEIFFixture.primaryExif.dropFirst(4)))
    }

    @Test func readsExifFromIdat() throws {
        for version in [1, 2] {
            let file = try folder.file(HEIFFixture.make(ilocVersion: version, exifInIdat: true))
            let summary = try HEIFReader.summarize(file)
            let payload = try #require(try HEIFReader.exifPayload(file, summary))
            #expect(Array(payload.bytes) == Bytes.tiff)
        }
    }

    @Test func mapsTransformsToOrientation() throws {
        let cases: [([[UInt8]], Int?)] = [
            ([], nil), ([Bytes.box("irot", [0])], 1), ([Bytes.box("irot", [1])], 8),
            ([Bytes.box("irot", [2])], 3), ([Bytes.box("irot", [3])], 6),
            ([Bytes.box("imir", [0])], 2), ([Bytes.box("imir", [1])], 4),
            ([Bytes.box("irot", [1]), Bytes.box("imir", [0])], 7),
            ([Bytes.box("irot", [3]), Bytes.box("imir", [0])], 5),
        ]
        for (properties, orientation) in cases {
            let metadata = try folder.read(HEIFFixture.make(properties: properties))
            // The fixture's EXIF says 6; the container transform is reported on its own.
            #expect(metadata.containerOrientation == orientation, "\(properties)")
        }
    }

    @Test func rejectsHostileMeta() throws {
        #expect(throws: MetadataError.self) { try folder.read(HEIFFixture.make(exifExtraLength: 5000)) }
        #expect(throws: MetadataError.self) { try folder.read(HEIFFixture.make(itemCount: 10_001)) }
        // iloc pointing far past the end of the file.
        var bytes = HEIFFixture.make()
        if let at = find(Bytes.latin1("iloc"), in: bytes) {
            bytes.replaceSubrange(at + 20 ..< at + 24, with: Bytes.be32(0x7FFF_FFF0))
        }
        #expect(throws: MetadataError.self) { try folder.read(bytes) }
        // A zero-size property box inside ipco.
        var zero = HEIFFixture.make()
        if let at = find(Bytes.latin1("hvcC"), in: zero) { zero.replaceSubrange(at - 4 ..< at, with: Bytes.be32(3)) }
        #expect(throws: MetadataError.self) { try folder.read(zero) }
        // No meta box.
        #expect(throws: MetadataError.self) {
            try folder.read(Bytes.box("ftyp", Bytes.latin1("heic") + Bytes.be32(0)) + Bytes.box("mdat", []))
        }
    }

    @Test func survivesTruncationAtEveryLength() throws {
        let fixture = HEIFFixture.make(properties: [Bytes.box("irot", [1]), Bytes.box("imir", [1])], ilocVersion: 2)
        // Until the Exif item (after the meta box) is there, the orientation is the container's (irot + imir: 5).
        let cut = CutAtEveryLength(fixture, name: "cut.heic", in: folder, ownValues: ["orientation"])
        #expect(cut.whole.metadata.orientation == 6 && cut.whole.metadata.containerOrientation == 5)
        let meta = try #require(cut.first("format"))
        for field in ["width", "height", "containerOrientation", "orientation"] { #expect(cut.first(field) == meta, "\(field)") }
        #expect(cut.cuts.prefix(meta).allSatisfy { $0.metadata == MediaMetadata() })
        #expect(cut.cuts[meta].metadata.orientation == 5)
        #expect(cut.cuts[meta...].allSatisfy { [5, 6].contains($0.metadata.orientation) })

    }

    @Test(.enabled(if: Corpus.isAvailable, "skipped: ../shared/corpus (beside the package) is absent"))
    func agreesWithExifToolOnCorpus() throws {
        let oracle = try Corpus.exiftool()
        let heics = oracle.keys.filter { $0.hasPrefix("exif-samples/heic/") }.sorted()
        #expect(heics.count == 5)
        var agreed = 0
        for path in heics {
            let record = try #require(oracle[path])
            let metadata = try MetadataReaders.read(path: Corpus.root.appendingPathComponent(path).path)
            #expect(metadata.width == record["File:ImageWidth"] as? Int, "\(path)")
            #expect(metadata.height == record["File:ImageHeight"] as? Int, "\(path)")
            if metadata.width == record["File:ImageWidth"] as? Int,
               metadata.height == record["File:ImageHeight"] as? Int { agreed += 1 }
            // Orientation comes from EXIF first, so it is only comparable once TIFFReader parses.
            if let orientation = record["IFD0:Orientation"] as? Int, tiffReaderWorks() {
                #expect(metadata.orientation == orientation, "\(path)")
            }
        }
        print("HEIC width/height agree with ExifTool for \(agreed)/\(heics.count) files")
    }

    /// Whether TIFFReader is the real parser (the placeholder finds no Make in an iPhone HEIC).
    private func tiffReaderWorks() -> Bool {
        let path = Corpus.root.appendingPathComponent("exif-samples/heic/mobile/iphone_13_pro_max.HEIC").path
        guard let file = try? MediaFile(path: path), let summary = try? HEIFReader.summarize(file),
              let payload = try? HEIFReader.exifPayload(file, summary),
              let parsed = try? TIFFReader.parseExif(payload.bytes, base: payload.base) else { return false }
        return parsed.make != nil
    }

    private func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        return (0 ... haystack.count - needle.count).first { haystack[$0 ..< $0 + needle.count].elementsEqual(needle) }
    }
}

extension MetadataTests {
    /// A HEIF viewer applies `irot` and ignores EXIF Orientation, so the display size follows `irot`
    /// while `orientation` still agrees with ExifTool's IFD0:Orientation.
    @Suite struct HEIFDisplayOrientationMetadataTests {
        @Test(.enabled(if: Corpus.isAvailable, "skipped: ../shared/corpus (beside the package) is absent"))
        func irotWinsForDisplaySize() throws {
            let metadata = try MetadataReaders.read(path: Corpus.path("exif-samples/heic/mobile/HMD_Nokia_8.3_5G.heif"))
            #expect(metadata.orientation == 1)
            #expect(metadata.containerOrientation == 6)
            let width = try #require(metadata.width), height = try #require(metadata.height)
            #expect(metadata.displayWidth == height && metadata.displayHeight == width)
        }
    }
}
