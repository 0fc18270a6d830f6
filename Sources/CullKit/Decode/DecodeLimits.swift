/// The bounds every decode checks from the header, before it allocates anything for pixels, so a
/// hostile or absurd file costs bounded memory and time (and all decodes together share one
/// ``DecodeBudget``):
///
/// - the file: at most 256 MiB (it is read whole into memory for the codec);
/// - each side: at most 65,535 pixels (JPEG's own limit);
/// - the source: at most 100 megapixels. The full-size buffers some paths need (libheif decodes
///   HEIC/AVIF at full size; an interlaced PNG is assembled whole) are then at most 300 MB;
///   a JPEG is decoded already scaled down and a non-interlaced PNG row by row;
/// - a progressive (or otherwise multi-scan) JPEG: libjpeg keeps every DCT coefficient of the
///   whole image until its last scan, 128 bytes per 8×8 block of each component, whatever the
///   scaling. At most ``maxBufferBytes`` (a 100 MP 4:2:0 progressive JPEG; 4:4:4 at 100 MP would be
///   600 MB, declared by a file of a few KB);
/// - a JPEG: at most 256 scans (progressive JPEGs have about 10; each scan walks the whole
///   coefficient buffer, so thousands of tiny scans would cost minutes — the known
///   "progressive JPEG" denial of service).
/// - a HEIC/AVIF grid: at most 1,024 tiles. libheif decodes each tile on its own (about a
///   millisecond each here, whatever its size), and a grid may name one tiny tile again and again:
///   a 49 KB file of 24,336 references to one 64×64 tile took 28 s and 618 MB. Phones write 48
///   (12 MP) to 192 (48 MP) tiles of 512 pixels.
public enum DecodeLimits {
    public static let maxFileBytes = 256 << 20
    public static let maxSide = MediaMetadata.maxSide
    public static let maxPixels = MediaMetadata.maxPixels
    public static let maxJPEGScans = 256
    public static let maxBufferBytes = 300_000_000
    public static let maxTiles = 1024

    /// Throws `tooLarge` when a `width`×`height` source is beyond the limits (or not positive: corrupt).
    static func check(width: Int, height: Int, path: String) throws(DecodeError) {
        guard width > 0, height > 0 else { throw DecodeError(path: path, problem: .corrupt("image size \(width)×\(height)")) }
        guard width <= maxSide, height <= maxSide, width * height <= maxPixels else {
            throw DecodeError(path: path, problem: .tooLarge("\(width)×\(height) (limits: \(maxSide) pixels a side, \(maxPixels / 1_000_000) megapixels)"))
        }
    }
}
