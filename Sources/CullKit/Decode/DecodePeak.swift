/// The most memory one decode will hold at once, estimated from the first bytes of the file
/// before anything is decoded, so the decode can reserve it in the shared ``DecodeBudget``: the
/// file itself (the codecs decode from memory) and what the codec allocates for it, which each
/// decoder states from its header (`workingBytes`).
enum DecodePeak {
    /// The bytes read ahead of a decode to estimate it: headers with a large EXIF block, ICC
    /// profile and XMP packet fit; a file whose header does not is estimated at ``unknown``.
    static let headBytes = 1 << 20

    /// The working memory assumed when the head does not say: the largest any decode within
    /// ``DecodeLimits`` may hold (a 100-megapixel HEIC at 7 bytes a pixel).
    static let unknown = 700_000_000

    /// What a decode holds besides its buffers: the codec's state and tables, the allocator's slack
    /// (16 threads decoding 144 MB progressive JPEGs two at a time held 10 MB more than their buffers).
    static let overhead = 8_000_000

    /// The peak of decoding a file of `fileSize` bytes that begins with `head` (all of it when
    /// `head.count == fileSize`) to at most `maxSide` pixels.
    static func of(head: [UInt8], fileSize: Int, maxSide: Int) -> Int {
        let working: Int?
        switch MetadataReaders.sniff(Array(head.prefix(64))) {
        case .jpeg: working = JPEGDecoder.workingBytes(head, maxSide: maxSide)
        case .png: working = PNGDecoder.workingBytes(head, maxSide: maxSide)
        case .webp: working = WebPDecoder.workingBytes(head, maxSide: maxSide)
        case .heic, .avif: working = HEIFDecoder.workingBytes(head, fileSize: fileSize)
        // Refused before any pixel buffer exists.
        default: working = 0
        }
        // A whole file whose header the codec cannot read is refused before it allocates anything.
        return fileSize + min(working.map { $0 + overhead } ?? (head.count >= fileSize ? 0 : unknown), unknown)
    }
}
