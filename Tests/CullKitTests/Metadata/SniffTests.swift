import Testing
@testable import CullKit

@Suite struct SniffTests {
    @Test func recognisesMagicBytes() {
        #expect(MetadataReaders.sniff([0xFF, 0xD8, 0xFF, 0xE1]) == .jpeg)
        #expect(MetadataReaders.sniff([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) == .png)
        #expect(MetadataReaders.sniff(Array("\u{89}PNG\r\n\u{1A}\n".utf8)) == nil) // UTF-8 C2 89 is not PNG
        #expect(MetadataReaders.sniff(Array("GIF89a".utf8)) == .gif)
        #expect(MetadataReaders.sniff(Array("RIFF\0\0\0\0WEBPVP8 ".utf8)) == .webp)
        #expect(MetadataReaders.sniff([0, 0, 0, 24] + Array("ftypheic\0\0\0\0mif1heic".utf8)) == .heic)
        #expect(MetadataReaders.sniff([0, 0, 0, 20] + Array("ftypqt  \0\0\0\0qt  ".utf8)) == .mov)
        #expect(MetadataReaders.sniff([0, 0, 0, 24] + Array("ftypmif1\0\0\0\0mif1avif".utf8)) == .avif)
        #expect(MetadataReaders.sniff([0, 0, 0, 20] + Array("ftypisom\0\0\0\0mp41".utf8)) == .mp4)
        #expect(MetadataReaders.sniff(Array("II*\0\u{8}\0\0\0CR".utf8)) == .cr2)
        #expect(MetadataReaders.sniff(Array("hello".utf8)) == nil)
        #expect(MetadataReaders.sniff([]) == nil)
    }
}
