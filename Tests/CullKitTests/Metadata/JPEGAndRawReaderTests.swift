import Foundation
import Testing

@testable import CullKit

extension MetadataTests {
    @Suite struct JPEGReaderTests {
        private func read(_ bytes: [UInt8]) throws -> MediaMetadata {
            let file = try TempFile(bytes, suffix: ".jpg")
            defer { file.remove() }
            return try MetadataReaders.read(path: file.path)
        }

        @Test func readsExifXMPAndFrameSize() throws {
            let m = try read(JPEGBuilder.typical())
            #expect(m.format == .jpeg)
            #expect(m.width == 640) // SOF wins over Exif PixelXDimension
            #expect(m.height == 480)
            #expect(m.make == "Canon")
            #expect(m.orientation == 6)
            #expect(m.rating == 4)
            #expect(m.exifDate?.offsetMinutes == 120)
        }

        @Test func fetchesSegmentsBeyondTheHead() throws {
            let filler = JPEGBuilder.segment(0xE2, Array(repeating: 7, count: 65000))
            let bytes = [0xFF, 0xD8] + filler + filler + [0xFF, 0x01, 0xFF, 0xD0]
                + JPEGBuilder.app1Exif(TIFFBuilder.cameraExif(bigEndian: true))
                + JPEGBuilder.sof0(width: 12, height: 34) + JPEGBuilder.sos
            let m = try read(bytes)
            #expect(m.model == "EOS 5D Mark IV")
            #expect(m.width == 12)
            #expect(m.height == 34)
        }

        @Test func exifWithoutFrameFallsBackToPixelDimensions() throws {
            let bytes = [0xFF, 0xD8] + JPEGBuilder.app1Exif(TIFFBuilder.cameraExif())
            let m = try read(bytes + JPEGBuilder.sos)
            #expect(m.make == "Canon")
            #expect(m.width == 4000)
            // Cut inside its frame header, the same file is truncated (issue 8 item 3).
            let cut = bytes + [0xFF, 0xC0, 0x00]
            #expect(throws: MetadataError.incomplete("no SOS marker: the file ends inside its header, at byte \(cut.count)")) {
                try read(cut)
            }
            // Its EXIF, before the cut, stays (issue 36 item 4).
            let file = try TempFile(cut, suffix: ".jpg")
            defer { file.remove() }
            let reading = MetadataReaders.reading(path: file.path)
            #expect(reading.metadata.make == "Canon" && reading.metadata.width == 4000 && reading.problem?.isDamage == true)
        }

        @Test func stopsAfterTooManySegments() throws {
            var bytes: [UInt8] = [0xFF, 0xD8]
            for _ in 0 ..< JPEGReader.maxMarkers + 10 { bytes += [0xFF, 0xFE, 0x00, 0x02] }
            let m = try read(bytes + JPEGBuilder.sof0(width: 9, height: 9) + JPEGBuilder.sos)
            #expect(m.format == .jpeg)
            #expect(m.width == nil)
        }

        @Test func cutBeforeAnythingUsefulThrowsTruncated() {
            let bytes: [UInt8] = [0xFF, 0xD8] + JPEGBuilder.segment(0xDB, Array(repeating: 0, count: 65)).prefix(30)
            #expect {
                _ = try read(bytes)
            } throws: { error in
                if case .truncated = error as? MetadataError { return true }
                return false
            }
        }

        @Test func cutAtEveryLengthGivesWhatTheBytesHold() throws {
            let folder = FixtureFolder()
            // Until the SOF is there, the size is EXIF's PixelXDimension/PixelYDimension (4000×3000), then the frame's.
            let cut = CutAtEveryLength(JPEGBuilder.typical(), name: "cut.jpg", in: folder, ownValues: ["width", "height"])
            #expect(cut.whole.metadata.width == 640 && cut.whole.metadata.height == 480)
            let exif = try #require(cut.first("make"))
            for field in ["model", "lens", "exifDate", "latitude", "width"] { #expect(cut.first(field) == exif, "\(field)") }
            #expect(cut.cuts.allSatisfy { [nil, 4000, 640].contains($0.metadata.width) && [nil, 3000, 480].contains($0.metadata.height) })
            #expect(cut.cuts.prefix(exif).allSatisfy { $0.metadata.make == nil }, "EXIF is read only once its segment is whole")

        }
    }

    @Suite struct RawReaderTests {
        private func read(_ builder: TIFFBuilder) throws -> MediaMetadata {
            let bytes = builder.build()
            let file = try TempFile(bytes, suffix: ".raw")
            defer { file.remove() }
            return try MetadataReaders.read(path: file.path)
        }

        @Test func plainTIFFUsesIFD0Size() throws {
            var b = TIFFBuilder(bigEndian: true)
            b.ifds = [[b.short(0x0100, 643), b.short(0x0101, 448), b.short(0x0112, 1), b.ascii(0x0131, "GIMP")]]
            let m = try read(b)
            #expect(m.format == .tiff)
            #expect(m.width == 643)
            #expect(m.height == 448)
            #expect(m.software == "GIMP")
        }

        @Test func dngAndNEFUseTheFullResolutionSubIFD() throws {
            var b = TIFFBuilder()
            b.ifds = [[b.long(0x00FE, 1), b.short(0x0100, 256), b.short(0x0101, 170), b.ascii(0x010F, "NIKON CORPORATION"),
                       Entry(tag: 0x014A, type: 4, count: 1, value: [], ifdIndex: 1)],
                      [b.long(0x00FE, 0), b.long(0x0100, 6048), b.long(0x0101, 4024)]]
            let nef = try read(b)
            #expect(nef.format == .nef)
            #expect(nef.width == 6048)
            #expect(nef.height == 4024)
            b.ifds[0].append(Entry(tag: 0xC612, type: 1, count: 4, value: [1, 4, 0, 0]))
            #expect(try read(b).format == .dng)
            b.ifds[0] = [b.ascii(0x010F, "SONY")]
            #expect(try read(b).format == .arw)
        }

        @Test func tellsORFAndRW2ByMagic() throws {
            var b = TIFFBuilder()
            b.magic = 0x55
            b.ifds = [[b.short(0x0002, 5200), b.short(0x0003, 3900), b.short(0x0004, 4), b.short(0x0005, 8),
                       b.short(0x0006, 3892), b.short(0x0007, 5192), b.ascii(0x010F, "Panasonic")]]
            let rw2 = try read(b)
            #expect(rw2.format == .rw2)
            #expect(rw2.width == 5184)
            #expect(rw2.height == 3888)
            b.magic = 0x4F52
            b.ifds = [[b.ascii(0x010F, "OLYMPUS IMAGING CORP.")]]
            #expect(try read(b).format == .orf)
        }

        @Test func cr2IsSniffedAndUsesExifSize() throws {
            var b = TIFFBuilder()
            b.ifds = [[b.short(0x0100, 1620), b.short(0x0101, 1080), b.pointer(0x8769, to: 1)],
                      [b.short(0xA002, 5472), b.short(0xA003, 3648)]]
            b.extraHeader = Array("CR".utf8) + [2, 0, 0, 0, 0, 0]
            let m = try read(b)
            #expect(m.format == .cr2)
            #expect(m.width == 5472)
            #expect(m.height == 3648)
        }

        @Test func brokenHeadersThrow() throws {
            let file = try TempFile(Array("II*\0\u{7F}\u{7F}\u{7F}\u{7F}".utf8), suffix: ".tif")
            defer { file.remove() }
            #expect(throws: MetadataError.self) { try MetadataReaders.read(path: file.path) }
        }
    }
}

extension TempFile {
    static func overwrite(_ file: TempFile, with bytes: [UInt8]) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: file.path))
    }
}

private typealias Entry = TIFFBuilder.Entry
