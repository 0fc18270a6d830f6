/// Placeholder until the real sidecar readers land.
enum SidecarReader {
    static func readXMP(path: String) throws(MetadataError) -> MediaMetadata { MediaMetadata() }
    static func readTakeoutJSON(path: String) throws(MetadataError) -> MediaMetadata { MediaMetadata() }
}
