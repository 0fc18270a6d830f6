import Foundation
import Testing
@testable import CullKit

/// RAW thumbnails come from the JPEG previews the camera stored in the file's TIFF structure. The
/// fixtures are laid out as the cameras do (NEF: previews in SubIFDs; CR2: a full-size JPEG strip
/// in IFD0 and a thumbnail in IFD1, then the sensor's lossless-JPEG IFD; DNG: a JPEG SubIFD next to
/// the CFA one), their sensor data a stand-in no decoder reads — so a thumbnail can only come
/// from a preview, and its colours say which one.
@Suite(.enabled(if: DecodeFixtures.hasConvert, "ImageMagick's /usr/bin/convert is absent"))
struct RawThumbnailTests {
    let folder = TemporaryDirectory()
    static let preview = ThumbnailMakerTests.preview

    enum Layout: String, CaseIterable { case nef, cr2, dng }

    /// A JPEG of four flat quadrants (top left, top right, bottom left, bottom right).
    func jpeg(_ quadrants: [String], _ width: Int, _ height: Int) throws -> [UInt8] {
        let w = width / 2, h = height / 2
        let arguments = ["(", "-size", "\(w)x\(h)", "xc:\(quadrants[0])", "-size", "\(w)x\(h)", "xc:\(quadrants[1])", "+append", ")",
                         "(", "-size", "\(w)x\(h)", "xc:\(quadrants[2])", "-size", "\(w)x\(h)", "xc:\(quadrants[3])", "+append", ")",
                         "-append", "-quality", "92"]
        let name = "\(folder.path)/q-\(quadrants.joined())-\(width).jpg"
        let path = try #require(DecodeFixtures.convert(arguments, to: name))
        return Array(try #require(FileManager.default.contents(atPath: path)))
    }

    /// A RAW file of `layout` with a small `thumbnail` and a large `preview` JPEG (either may be
    /// nil), the sensor data after them. `offsets` replaces where the entries point (hostile files).
    static func raw(_ layout: Layout, thumbnail: [UInt8]?, preview: [UInt8]?, orientation: Int = 1,
                    previewOffset: UInt32? = nil) -> [UInt8] {
        let sensor: [UInt8] = [0xFF, 0xD8, 0xFF, 0xC3] + Array(repeating: 0x5A, count: 4000)
        let blobs = [thumbnail ?? [], preview ?? [], sensor]
        func make(_ at: [UInt32]) -> TIFFBuilder {
            var b = TIFFBuilder()
            let previewAt = previewOffset ?? at[1]
            let thumbEntries = thumbnail.map { [b.long(0x0201, at[0]), b.long(0x0202, UInt32($0.count))] } ?? []
            switch layout {
            case .nef:
                // IFD0: thumbnail; SubIFD 1: the preview; SubIFD 2: the CFA data.
                b.ifds = [[b.ascii(0x010F, "NIKON CORPORATION"), b.short(0x0112, UInt16(orientation)), b.long(0x00FE, 1)] + thumbEntries,
                          [b.long(0x00FE, 1)] + (preview.map { [b.long(0x0201, previewAt), b.long(0x0202, UInt32($0.count))] } ?? []),
                          [b.long(0x00FE, 0), b.short(0x0103, 34713), b.short(0x0106, 32803),
                           b.long(0x0111, at[2]), b.long(0x0117, UInt32(sensor.count))]]
            case .cr2:
                // IFD0: the full-size JPEG strip; IFD1: the thumbnail; IFD2: lossless JPEG slices.
                b.extraHeader = Array("CR".utf8) + [2, 0] + b.u32(0)
                b.ifds = [[b.ascii(0x010F, "Canon"), b.short(0x0112, UInt16(orientation)), b.short(0x0103, 6)]
                          + (preview.map { [b.long(0x0111, previewAt), b.long(0x0117, UInt32($0.count))] } ?? []),
                          thumbEntries.isEmpty ? [b.long(0x00FE, 1)] : thumbEntries,
                          [b.short(0x0103, 6), b.long(0x0111, at[2]), b.long(0x0117, UInt32(sensor.count)),
                           TIFFBuilder.Entry(tag: 0xC640, type: 3, count: 3, value: b.u16(1) + b.u16(2000) + b.u16(2000))]]
                b.next = [0: 1, 1: 2]
            case .dng:
                // IFD0: the thumbnail; SubIFD 1: CFA data as lossless JPEG; SubIFD 2: the JPEG preview.
                b.ifds = [[TIFFBuilder.Entry(tag: 0xC612, type: 1, count: 4, value: [1, 4, 0, 0]), b.ascii(0x010F, "Leica"),
                           b.short(0x0112, UInt16(orientation)), b.long(0x00FE, 1)] + thumbEntries,
                          [b.long(0x00FE, 0), b.short(0x0103, 7), b.short(0x0106, 32803),
                           b.long(0x0111, at[2]), b.long(0x0117, UInt32(sensor.count))],
                          [b.long(0x00FE, 1), b.short(0x0103, 7), b.short(0x0106, 6)]
                          + (preview.map { [b.long(0x0111, previewAt), b.long(0x0117, UInt32($0.count))] } ?? [])]
            }
            if layout != .cr2 {
                // SubIFDs (two LONGs) → IFD1 and IFD2, laid out one after the other from offset 8.
                let first = 8 + 2 + 12 * (b.ifds[0].count + 1) + 4
                let second = first + 2 + 12 * b.ifds[1].count + 4
                b.ifds[0].append(TIFFBuilder.Entry(tag: 0x014A, type: 4, count: 2, value: b.u32(UInt32(first)) + b.u32(UInt32(second))))
            }
            return b
        }
        // The layout does not depend on the offsets' values: build once to learn where the blobs go.
        let length = make([0, 0, 0]).build().count
        var at: [UInt32] = []
        var cursor = length
        for blob in blobs {
            at.append(UInt32(cursor))
            cursor += blob.count
        }
        return make(at).build() + blobs.flatMap { $0 }
    }

    func thumbnail(_ bytes: [UInt8], _ name: String, orientation: Int = 1) throws -> (image: DecodedImage, source: ThumbnailSource) {
        try ThumbnailMakerTests.thumbnail(folder.write(name, bytes), orientation: orientation)
    }

    @Test(arguments: Layout.allCases)
    func aRawThumbnailComesFromItsLargePreview(_ layout: Layout) throws {
        let bytes = Self.raw(layout, thumbnail: try jpeg(["blue", "blue", "blue", "blue"], 160, 120),
                             preview: try jpeg(Self.preview, 640, 480))
        let (image, source) = try thumbnail(bytes, "a.\(layout.rawValue)")
        #expect(source == .rawPreview)
        #expect(image.width == 256 && image.height == 192, "\(image.width)×\(image.height)")
        #expect(DecodeFixtures.quadrantNames(image) == Self.preview)
    }

    /// Previews are stored as the sensor saw them: the RAW's orientation turns them.
    @Test(arguments: Layout.allCases)
    func aRawPreviewIsTurnedByTheRawsOrientation(_ layout: Layout) throws {
        let bytes = Self.raw(layout, thumbnail: nil, preview: try jpeg(Self.preview, 640, 480), orientation: 6)
        let (image, _) = try thumbnail(bytes, "o.\(layout.rawValue)", orientation: 6)
        #expect(image.width == 192 && image.height == 256, "\(image.width)×\(image.height)")
        #expect(DecodeFixtures.quadrantNames(image) == ["lime", "red", "blue", "white"])
    }

    /// The large view of a RAW is its largest preview when none covers 1600 pixels, never enlarged.
    @Test func theLargeViewOfARawIsItsPreview() throws {
        let bytes = Self.raw(.dng, thumbnail: try jpeg(["blue", "blue", "blue", "blue"], 160, 120), preview: try jpeg(Self.preview, 640, 480))
        let path = folder.write("large.dng", bytes)
        let pathBytes = Array(path.utf8)
        let directory = try #require(DirectoryHandle.open(PathBytes.parent(pathBytes)).0)
        let file = try #require(ReadOnlyFile.open(PathBytes.basename(pathBytes), in: directory).0)
        let identity = file.identity
        let record = AssetFile.Record(id: 1, path: PathBytes.basename(pathBytes), device: identity.device, inode: identity.inode,
                                      size: identity.size, mtimeNs: identity.mtimeNs, kind: .photo, duration: nil, orientation: 1, broken: nil)
        let made = try ThumbnailMaker.large(file, record: record, side: 1600).get()
        let image = try JPEGDecoder.decode(made.jpeg, path: path, maxSide: 4096, grey: false)
        #expect(made.source == .rawPreview && image.width == 640 && image.height == 480, "\(image.width)×\(image.height)")
        #expect(DecodeFixtures.quadrantNames(image) == Self.preview)
    }

    /// Of a thumbnail below the tile and a preview above it the preview; with only the thumbnail, it.
    @Test func theSmallestPreviewCoveringTheTileIsUsed() throws {
        let small = try jpeg(["white", "white", "white", "white"], 160, 120)
        let both = Self.raw(.nef, thumbnail: try jpeg(Self.preview, 320, 240), preview: try jpeg(["blue", "blue", "blue", "blue"], 640, 480))
        let (image, _) = try thumbnail(both, "both.nef")
        #expect(DecodeFixtures.quadrantNames(image) == Self.preview, "the 320 px one covers 256")
        let (only, source) = try thumbnail(Self.raw(.cr2, thumbnail: small, preview: nil), "only.cr2")
        #expect(source == .rawPreview && only.width == 160 && only.height == 120)
    }

    /// A preview pointing outside the file, at no JPEG, or at a broken one: the next one, or a
    /// placeholder saying why — never a crash, a hang or an unbounded read.
    @Test(arguments: Layout.allCases)
    func hostilePreviewsGetAPlaceholderWithTheReason(_ layout: Layout) throws {
        let preview = try jpeg(Self.preview, 640, 480)
        let outside = Self.raw(layout, thumbnail: nil, preview: preview, previewOffset: 0xFFFF_FF00)
        let cases: [(String, [UInt8], String)] = [
            ("out", outside, "outside the file"),
            ("text", Self.raw(layout, thumbnail: nil, preview: Array("not a picture at all".utf8)), "is not a JPEG"),
            ("lossless", Self.raw(layout, thumbnail: nil, preview: [0xFF, 0xD8, 0xFF, 0xC3] + Array(repeating: 7, count: 900)),
             "no readable JPEG header"),
            ("cut", Self.raw(layout, thumbnail: nil, preview: Array(preview.prefix(preview.count * 6 / 10))), "preview: truncated"),
        ]
        for (name, bytes, reason) in cases {
            let text = Self.failure(folder.write("\(name).\(layout.rawValue)", bytes))
            #expect(text?.contains(reason) == true, "\(name): \(text ?? "a thumbnail")")
        }
        // A broken preview with a good thumbnail: the thumbnail.
        let fallback = Self.raw(layout, thumbnail: try jpeg(["lime", "lime", "lime", "lime"], 160, 120), preview: preview,
                                previewOffset: 0xFFFF_FF00)
        #expect(try thumbnail(fallback, "fb.\(layout.rawValue)").image.width == 160)
    }

    /// Cut at any length, a RAW gives a thumbnail (from what is still there) or a placeholder.
    @Test func aTruncatedRawNeverCrashes() throws {
        let preview = try jpeg(Self.preview, 640, 480)
        let bytes = Self.raw(.cr2, thumbnail: try jpeg(["lime", "lime", "lime", "lime"], 160, 120), preview: preview)
        let thumbnailEnd = bytes.count - 4004 - preview.count
        for length in stride(from: 0, to: bytes.count, by: 97) {
            let path = folder.write("cut.cr2", Array(bytes.prefix(length)))
            let made = try? ThumbnailMakerTests.thumbnail(path)
            if length >= thumbnailEnd { #expect(made?.source == .rawPreview, "cut at \(length)") }
        }
    }

    /// An IFD chain or SubIFD list that loops back ends (``TIFFStructure`` never revisits an IFD).
    @Test func loopingIFDsEnd() throws {
        var b = TIFFBuilder()
        b.ifds = [[b.ascii(0x010F, "NIKON CORPORATION"), b.pointer(0x014A, to: 0)], [b.pointer(0x014A, to: 0)]]
        b.next = [0: 1, 1: 0]
        let path = folder.write("loop.nef", b.build())
        let media = try MediaFile(path: path)
        #expect(RawPreview.find(in: media).candidates.isEmpty)
        #expect(Self.failure(path) != nil)
    }

    /// Every RAW of the real corpus (`../shared/corpus/raw`: CR2, CR3, DNG, RAF, NEF, RW2) gets its thumbnail from
    /// its preview when it has one, by ExifTool's word (`-b` of PreviewImage, JpgFromRaw or ThumbnailImage is a
    /// JPEG): the RAF and RW2. ExifTool's test images keep only dummy previews in the others (26 to 29 bytes of
    /// text), and those get the placeholder that says the preview is not a JPEG, never a crash or another picture.
    @Test(.enabled(if: RawCorpus.isAvailable, "needs ../shared/corpus/raw (beside the package)"),
          .enabled(if: DecodeFixtures.hasExiftool, "exiftool is absent"))
    func corpusRawsShowTheirPreviews() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: RawCorpus.folder.path)
            .filter { RawFormats.byExtension.keys.contains(($0 as NSString).pathExtension.lowercased()) }.sorted()
        #expect(names.count == 6, "\(names)")
        var previewed: [String] = []
        for name in names {
            let path = RawCorpus.folder.appendingPathComponent(name).path
            let hasPreview = try Self.exiftoolFindsAJPEGPreview(path)
            if hasPreview { previewed.append(name) }
            do {
                let (_, source) = try ThumbnailMakerTests.thumbnail(path)
                #expect(hasPreview && source == .rawPreview, "\(name): \(source)")
            } catch {
                #expect(!hasPreview, "\(name): \(error)")
                #expect("\(error)".contains("not decoded"), "\(name): \(error)")
            }
        }
        #expect(previewed == ["FujiFilm.raf", "Panasonic.rw2"])
    }

    /// Whether ExifTool extracts a JPEG preview (or thumbnail) from the file at `path`.
    static func exiftoolFindsAJPEGPreview(_ path: String) throws -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(DecodeFixtures.which("exiftool")))
        process.arguments = ["-q", "-b", "-PreviewImage", "-JpgFromRaw", "-ThumbnailImage", path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return data.starts(with: [0xFF, 0xD8, 0xFF])
    }

    /// The placeholder text of the file at `path`, or nil when a thumbnail was made.
    static func failure(_ path: String) -> String? {
        do {
            _ = try ThumbnailMakerTests.thumbnail(path)
            return nil
        } catch let failure as HEIFFixtures.Failure {
            return failure.description
        } catch {
            return "\(error)"
        }
    }
}
