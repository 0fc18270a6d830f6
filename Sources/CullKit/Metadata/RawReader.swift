/// Placeholder until the real reader lands.
enum RawReader {
    static func read(_ file: MediaFile, head: [UInt8]) throws(MetadataError) -> MediaMetadata {
        throw .unrecognized
    }
}
