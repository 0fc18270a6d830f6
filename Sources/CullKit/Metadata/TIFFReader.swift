/// Placeholder until the real reader lands.
enum TIFFReader {
    /// Parses an in-memory TIFF structure (an EXIF block: "II*\0" or "MM\0*" header, IFD0,
    /// Exif sub-IFD, GPS IFD). `base` is the absolute file offset of `bytes[0]`, for errors.
    static func parseExif(_ bytes: ArraySlice<UInt8>, base: Int) throws(MetadataError) -> MediaMetadata {
        throw .unrecognized
    }
}
