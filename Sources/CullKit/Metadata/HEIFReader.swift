/// Placeholder until the real reader lands.
enum HEIFReader {
    static func read(_ file: MediaFile, head: [UInt8]) throws(MetadataError) -> MediaMetadata {
        throw .unrecognized
    }
}
