/// Placeholder until the real reader lands.
enum PNGReader {
    static func read(_ file: MediaFile, head: [UInt8]) throws(MetadataError) -> MediaMetadata {
        throw .unrecognized
    }
}
