import Foundation
import Testing
@testable import CullKit

/// The EXIF IFD1 thumbnail of a JPEG: found where IFD1 says, never outside its APP1 segment.
@Suite struct EmbeddedThumbnailTests {
    static let preview: [UInt8] = [0xFF, 0xD8, 0xFF, 0xDB] + Array(repeating: 0x42, count: 300) + [0xFF, 0xD9]

    /// SOI, APP1 Exif (IFD0 → IFD1 with JPEGInterchangeFormat/Length), SOF0, SOS, EOI. `offset`
    /// overrides where IFD1 says the preview is (relative to the TIFF header).
    static func jpeg(preview: [UInt8] = preview, offset: UInt32? = nil, loop: Bool = false) -> [UInt8] {
        func tiff(at start: UInt32) -> [UInt8] {
            var b = TIFFBuilder()
            b.ifds = [[b.short(0x0112, 1)], [b.long(0x0201, offset ?? start), b.long(0x0202, UInt32(preview.count))]]
            b.next = loop ? [0: 1, 1: 0] : [0: 1]
            return b.build()
        }
        let length = tiff(at: 0).count
        let block = tiff(at: UInt32(length)) + preview
        return [0xFF, 0xD8] + JPEGBuilder.app1Exif(block) + JPEGBuilder.sof0(width: 64, height: 48) + JPEGBuilder.sos
    }

    static func thumbnail(_ bytes: [UInt8]) throws -> [UInt8]? {
        let file = try TempFile(bytes, suffix: ".jpg")
        defer { file.remove() }
        let folder = try #require(DirectoryHandle.open(Array(PathBytes.parent(Array(file.path.utf8)))).0)
        let opened = try #require(ReadOnlyFile.open(PathBytes.basename(Array(file.path.utf8)), in: folder).0)
        return EmbeddedThumbnail.jpeg(in: opened)
    }

    @Test func findsTheIFD1Preview() throws {
        #expect(try Self.thumbnail(Self.jpeg()) == Self.preview)
        #expect(try Self.thumbnail(Self.jpeg(loop: true)) == Self.preview, "an IFD chain that loops is walked once")
    }

    @Test func noPreviewNoThumbnail() throws {
        #expect(try Self.thumbnail(JPEGBuilder.typical()) == nil)
        #expect(try Self.thumbnail([0x89, 0x50, 0x4E, 0x47]) == nil)
        #expect(try Self.thumbnail(Self.jpeg(preview: [0x00, 0x01, 0x02])) == nil, "not a JPEG: not a thumbnail")
    }

    /// An offset that points past the segment (into the image, or past the file) is not followed.
    @Test func neverReadsOutsideItsSegment() throws {
        for offset: UInt32 in [100_000, 0xFFFF_FFF0, 0xFFFF_FFFF, 1_000] {
            #expect(try Self.thumbnail(Self.jpeg(offset: offset)) == nil, "offset \(offset)")
        }
    }

    /// Cut at every length: nil or the whole preview, never a crash or a part.
    @Test func truncatedAtEveryLength() throws {
        let whole = Self.jpeg()
        for length in 0 ..< whole.count {
            let found = try Self.thumbnail(Array(whole.prefix(length)))
            #expect(found == nil || found == Self.preview, "cut at \(length)")
        }
    }
}
