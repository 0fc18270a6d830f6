import Foundation
import Testing
@testable import CullKit

extension MetadataTests {
    /// Truncated media are told from their structure (no pixel decoding): a cut file is broken
    /// with a reason that says so, the whole file is not.
    @Suite struct TruncationTests {
        let folder = FixtureFolder()

        func expectTruncated(_ bytes: [UInt8], name: String, _ comment: Comment? = nil) {
            #expect(comment) {
                try folder.read(bytes, name: name)
            } throws: { error in
                (error as? MetadataError)?.description.hasPrefix("truncated") == true
            }
        }

        /// A JPEG made by ImageMagick, when it is installed; else the hand-built fixture.
        func realJPEG() -> [UInt8] {
            let path = folder.url.appendingPathComponent("made.jpg").path
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/convert")
            process.arguments = ["-size", "320x240", "plasma:fractal", "-quality", "90", path]
            if (try? process.run()) != nil {
                process.waitUntilExit()
                if let data = FileManager.default.contents(atPath: path), data.count > 1000 { return Array(data) }
            }
            return Fixtures.jpeg() + [UInt8](repeating: 0, count: 4000)
        }

        @Test func aJPEGCutShortIsBroken() throws {
            let whole = realJPEG()
            #expect(try folder.read(whole, name: "whole.jpg").format == .jpeg)
            expectTruncated(Array(whole.prefix(300)), name: "cut300.jpg")
            expectTruncated(Array(whole.prefix(whole.count / 2)), name: "half.jpg")
            expectTruncated(Array(whole.dropLast(2)), name: "noeoi.jpg")
            // Header only: the file ends (or says EOI) before any SOS.
            let jpeg = Fixtures.jpeg()
            let sos = try #require((0 ..< jpeg.count - 1).first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xDA })
            expectTruncated(Array(jpeg.prefix(sos)), name: "nosos.jpg")
            expectTruncated(Array(jpeg.prefix(sos)) + [0xFF, 0xD9], name: "eoi-before-sos.jpg")
        }

        @Test func aJPEGWithTrailingPaddingIsWhole() throws {
            #expect(try folder.read(Fixtures.jpeg() + [0, 0, 0, 0], name: "padded.jpg").width == 64)
        }

        @Test func aPNGWithoutIENDIsBroken() throws {
            let png = Fixtures.png(width: 10, height: 20)
            #expect(try folder.read(png, name: "whole.png").width == 10)
            expectTruncated(Array(png.dropLast(12)), name: "noiend.png")
        }

        @Test func aGIFWithoutTrailerIsBroken() throws {
            expectTruncated(GIFFixture.make(width: 9, height: 8, delays: [5, 5], trailer: false), name: "cut.gif")
        }

        @Test func aWebPShorterThanItsRIFFSizeIsBroken() throws {
            let webp = WebPFixture.riff(WebPFixture.vp8(40, 30) + Bytes.riffChunk("ICCP", Bytes.zeros(64)))
            #expect(try folder.read(webp, name: "whole.webp").width == 40)
            expectTruncated(Array(webp.dropLast(40)), name: "cut.webp")
        }

        @Test func aMovieWhoseMdatRunsPastTheEndIsBroken() throws {
            let movie = Fixtures.mp4(width: 64, height: 48, seconds: 3, created: Date(timeIntervalSince1970: 1_600_000_000))
            let whole = movie + Bytes.box("mdat", Bytes.zeros(1000))
            #expect(try folder.read(whole, name: "whole.mp4").width == 64)
            expectTruncated(Array(whole.dropLast(500)), name: "cut.mp4")
        }

        /// A cut file keeps what its header said before the cut (issue 36 item 4): the movie its duration
        /// and date, the HEIF its size, the TIFF its size, each with the damage named.
        @Test func aCutFileKeepsWhatItsHeaderSaid() throws {
            let movie = Fixtures.mp4(width: 64, height: 48, seconds: 3, created: Date(timeIntervalSince1970: 1_600_000_000))
                + Bytes.box("mdat", Bytes.zeros(1000))
            let clip = MetadataReaders.reading(path: folder.write(Array(movie.dropLast(500)), name: "cut.mp4"))
            #expect(clip.metadata.duration == 3 && clip.metadata.width == 64 && clip.metadata.quickTimeDate != nil, "\(clip)")
            #expect(clip.problem?.description.hasPrefix("truncated: the 'mdat' box at byte \(movie.count - 1008) ends at byte \(movie.count), "
                                                       + "past the end of the file") == true, "\(clip)")
            let heif = HEIFFixture.make()
            let picture = MetadataReaders.reading(path: folder.write(Array(heif.dropLast(3)), name: "cut.heic"))
            let whole = try folder.read(heif, name: "whole.heic")
            #expect(picture.metadata.width != nil && picture.metadata.width == whole.width)
            #expect(picture.problem?.isDamage == true, "\(picture)")
            var tiff = TIFFBuilder(bigEndian: true)
            tiff.ifds = [[tiff.short(0x0100, 64), tiff.short(0x0101, 64), tiff.ascii(0x010F, "Scanner"), tiff.long(0x0111, 512),
                          tiff.long(0x0117, 4096)]]
            let page = MetadataReaders.reading(path: folder.write(tiff.build() + Bytes.zeros(1000), name: "cut.tif"))
            #expect(page.metadata.width == 64 && page.metadata.make == "Scanner", "\(page)")
            #expect(page.problem == .incomplete("a strip of IFD0 at byte 512 ends at byte 4608, past the end of the file "
                                                + "(\(tiff.build().count + 1000) bytes)"), "\(page)")
        }

        @Test func aHEIFWhoseMdatRunsPastTheEndIsBroken() throws {
            let heif = HEIFFixture.make()
            #expect(try folder.read(heif, name: "whole.heic").width != nil)
            expectTruncated(Array(heif.dropLast(3)), name: "cut.heic")
        }

        @Test func aTIFFWhoseStripsRunPastTheEndIsBroken() throws {
            var tiff = TIFFBuilder(bigEndian: true)
            let pixels = 4096
            tiff.ifds = [[tiff.short(0x0100, 64), tiff.short(0x0101, 64), tiff.long(0x0111, 512), tiff.long(0x0117, UInt32(pixels))]]
            var whole = tiff.build()
            whole += Bytes.zeros(max(0, 512 + pixels - whole.count))
            #expect(try folder.read(whole, name: "whole.tif").width == 64)
            expectTruncated(Array(whole.prefix(2048)), name: "cut.tif")
        }
    }
}
