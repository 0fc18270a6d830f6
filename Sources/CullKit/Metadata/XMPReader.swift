/// Placeholder until the real reader lands.
enum XMPReader {
    /// Extracts rating, dates, make/model, orientation, UserComment etc. from an XMP packet.
    static func parse(_ bytes: ArraySlice<UInt8>) -> MediaMetadata {
        MediaMetadata()
    }
}
