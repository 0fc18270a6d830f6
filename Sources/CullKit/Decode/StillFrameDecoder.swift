/// The pixels of the still formats Cull reads the headers of but has no codec of its own for —
/// TIFF, BMP, Photoshop's PSD/PSB (its composite image), JPEG XL and JPEG 2000 — through FFmpeg's
/// decoders (libavcodec's own TIFF, BMP, PSD and JPEG 2000 decoders, and libjxl), which Cull
/// already opens on first use for video posters: no codec is linked for them, and no command that
/// meets none of these files loads one.
///
/// Each goes through FFmpeg's image demuxer for its format (named, never probed: the format was
/// told from the file's own marks), which hands the decoder the whole file, at most
/// ``DecodeLimits/maxFileBytes``. The decoder refuses a picture beyond ``DecodeLimits/maxPixels``
/// before allocating it; the frame is then fitted into the side wanted by libswscale.
enum StillFrameDecoder {
    /// FFmpeg's demuxer for each format.
    static func demuxer(_ format: MediaFormat) -> String? {
        switch format {
        case .tiff: "tiff_pipe"
        case .bmp: "bmp_pipe"
        case .psd: "psd_pipe"
        case .jxl: "jpegxl_pipe"
        case .jp2: "j2k_pipe"
        default: nil
        }
    }

    /// Bytes a pixel may take while FFmpeg decodes: JPEG 2000's decoders keep 32-bit samples of four
    /// components, a 16-bit RGBA frame takes 8, and the frame is converted once more to RGB.
    static let bytesPerPixel = 20

    /// `file` (of `format`) fitted into `maxSide`, as RGB.
    static func decode(_ file: ReadOnlyFile, format: MediaFormat, path: String, maxSide: Int) throws(DecodeError) -> DecodedImage {
        guard let demuxer = demuxer(format) else { throw DecodeError(path: path, problem: .unsupported("\(format.rawValue) images")) }
        guard file.identity.size <= Int64(DecodeLimits.maxFileBytes) else {
            throw DecodeError(path: path, problem: .tooLarge("\(file.identity.size) bytes (limit \(DecodeLimits.maxFileBytes))"))
        }
        return try VideoFrameDecoder.firstFrame(file, path: path, maxSide: maxSide, budget: Int(file.identity.size) + 1,
                                                demuxer: demuxer, findingStreams: false)
    }

    /// What a decode of a `width`×`height` picture holds at its peak, besides the file.
    static func workingBytes(width: Int?, height: Int?) -> Int? {
        guard let width, let height, width > 0, height > 0, width <= DecodeLimits.maxSide, height <= DecodeLimits.maxSide else { return nil }
        return width * height * bytesPerPixel
    }
}
