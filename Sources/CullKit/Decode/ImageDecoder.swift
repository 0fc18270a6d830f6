#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The small decode behind perceptual hashes, sharpness and thumbnails: a photo decoded straight
/// to about the size it is needed at, never more than the codec must.
///
/// - JPEG: libjpeg-turbo's DCT scaling (`tjDecompress2` at the smallest of its scaling factors
///   that still gives a longest side of at least `maxSide`) — a 12 MP photo wanted at 512 pixels
///   is decoded at 1/4 and never exists at full size. This is where the speed comes from.
/// - PNG: libpng, 8-bit, 16-bit/alpha/palette transformed away, read row by row (reduced as it goes).
/// - WebP: `WebPDecode` with its own scaler (`use_scaling`).
/// - HEIC/AVIF: libheif's primary image (or, for thumbnails, its `thmb` item). libheif applies
///   the container's `irot`/`imir` itself, and HEIF viewers ignore EXIF orientation, so no EXIF
///   orientation is applied on top.
/// - TIFF, BMP, PSD, JPEG XL, JPEG 2000: FFmpeg's decoders, at full size, then scaled
///   (``StillFrameDecoder``).
///
/// Then the image is box-reduced to a longest side of at most `maxSide`, and the EXIF orientation
/// (from the metadata readers) applied. The format is sniffed from the content, never trusted from
/// the extension. Files are opened read-only, regular files only, never through a symlink, and
/// checked against ``DecodeLimits`` from their headers before any pixel buffer is allocated; a
/// corrupt or truncated file is a ``DecodeError`` naming the path.
public enum ImageDecoder {
    /// Decodes the image at `path` to a longest side of at most `maxSide`, as grey (`grey`) or RGB.
    public static func decode(path: String, maxSide: Int, grey: Bool) throws(DecodeError) -> DecodedImage {
        let bytes = Array(path.utf8)
        let parent = PathBytes.parent(bytes)
        guard let directory = DirectoryHandle.open(parent.isEmpty ? [46] : parent).0 else {
            throw DecodeError(path: path, problem: .unreadable("cannot open its folder"))
        }
        let (opened, code) = ReadOnlyFile.open(PathBytes.basename(bytes), in: directory)
        guard let file = opened else {
            throw DecodeError(path: path, problem: .unreadable(code == DirectoryHandle.notRegularFile ? "not a regular file" : String(cString: strerror(code))))
        }
        return try decode(file, path: path, maxSide: maxSide, grey: grey)
    }

    /// Decodes an already opened file (`path` only names it in errors), within the shared
    /// ``DecodeBudget``: its peak is estimated from its first bytes and reserved before the file
    /// is read whole.
    static func decode(_ file: ReadOnlyFile, path: String, maxSide: Int, grey: Bool) throws(DecodeError) -> DecodedImage {
        try budgeted(file, path: path, maxSide: max(1, maxSide)) { () throws(DecodeError) -> DecodedImage in
            try decodeInBudget(file, path: path, maxSide: maxSide, grey: grey)
        }
    }

    /// Runs `body` holding the budget a decode of `file` to `maxSide` needs.
    private static func budgeted<T>(_ file: ReadOnlyFile, path: String, maxSide: Int,
                                    _ body: () throws(DecodeError) -> T) throws(DecodeError) -> T {
        let size = try checkedSize(file, path: path)
        var head = [UInt8](repeating: 0, count: min(size, DecodePeak.headBytes))
        guard let read = head.withUnsafeMutableBytes({ file.read(into: $0, at: 0) }) else {
            throw DecodeError(path: path, problem: .unreadable(String(cString: strerror(errno))))
        }
        if read < head.count { head.removeSubrange(read...) }
        var peak = DecodePeak.of(head: head, fileSize: size, maxSide: maxSide)
        if let format = MetadataReaders.sniff(Array(head.prefix(64))), format.isDecodedByFFmpeg {
            // FFmpeg's decoders state nothing from the head: the size Cull's own reader reads of the header says.
            let metadata = (try? MediaFile(duplicating: file.fd, path: path)).map { MetadataReaders.reading($0).metadata }
            if let working = StillFrameDecoder.workingBytes(width: metadata?.width, height: metadata?.height) {
                peak = size + min(working + DecodePeak.overhead, DecodePeak.unknown)
            }
        }
        return try DecodeBudget.shared.reserving(peak, path: path, body)
    }

    /// Decodes `file`; the caller holds the decode's share of the ``DecodeBudget``.
    private static func decodeInBudget(_ file: ReadOnlyFile, path: String, maxSide: Int, grey: Bool) throws(DecodeError) -> DecodedImage {
        var head = [UInt8](repeating: 0, count: 64)
        let got = head.withUnsafeMutableBytes { file.read(into: $0, at: 0) } ?? 0
        let side = max(1, maxSide)
        var image: DecodedImage
        var appliesExifOrientation = true
        if let format = MetadataReaders.sniff(Array(head.prefix(got))), format.isDecodedByFFmpeg {
            image = try StillFrameDecoder.decode(file, format: format, path: path, maxSide: side)
            // libjxl turns the picture by the codestream's own orientation, which EXIF's copies.
            appliesExifOrientation = format != .jxl
        } else {
            image = try decodeWithOwnCodecs(file, path: path, maxSide: side, grey: grey, appliesExifOrientation: &appliesExifOrientation)
        }
        image = grey ? image.grey : image.rgb
        if appliesExifOrientation, let orientation = exifOrientation(file, path: path) {
            image = Orientation.apply(orientation, to: image)
        }
        return image
    }

    /// Decodes `file` with the codecs Cull links (JPEG, PNG, WebP) or opens (HEIF), from memory.
    private static func decodeWithOwnCodecs(_ file: ReadOnlyFile, path: String, maxSide side: Int, grey: Bool,
                                            appliesExifOrientation: inout Bool) throws(DecodeError) -> DecodedImage {
        let data = try contents(file, path: path)
        guard let format = MetadataReaders.sniff(Array(data.prefix(64))) else {
            throw DecodeError(path: path, problem: .unsupported("not a recognised image format"))
        }
        let image: DecodedImage
        switch format {
        case .jpeg: image = try JPEGDecoder.decodeInBudget(data, path: path, maxSide: side, grey: grey)
        case .png: image = try PNGDecoder.decode(data, path: path, maxSide: side)
        case .webp: image = try WebPDecoder.decode(data, path: path, maxSide: side)
        case .heic, .avif:
            image = try HEIFDecoder.decode(data, path: path, maxSide: side)
            appliesExifOrientation = false
        default: throw DecodeError(path: path, problem: .unsupported("\(format.rawValue) images"))
        }
        return image
    }

    /// The picture of a HEIC/AVIF's own thumbnail item for a tile of `side` pixels, upright
    /// (``HEIFDecoder/thumbnail(_:path:side:)``); nil when it has no fit one.
    static func heifThumbnail(_ file: ReadOnlyFile, path: String, side: Int) throws(DecodeError) -> DecodedImage? {
        // Reserved as for the primary: which `thmb` item is used, and its size, is known only once
        // libheif has the whole file.
        try budgeted(file, path: path, maxSide: max(1, side)) { () throws(DecodeError) -> DecodedImage? in
            try HEIFDecoder.thumbnail(contents(file, path: path), path: path, side: max(1, side))
        }
    }

    /// The file's size, refused beyond ``DecodeLimits/maxFileBytes`` (it is read whole).
    private static func checkedSize(_ file: ReadOnlyFile, path: String) throws(DecodeError) -> Int {
        let size = file.identity.size
        guard size <= Int64(DecodeLimits.maxFileBytes) else {
            throw DecodeError(path: path, problem: .tooLarge("\(size) bytes (limit \(DecodeLimits.maxFileBytes))"))
        }
        return Int(max(0, size))
    }

    /// The whole file (at most ``DecodeLimits/maxFileBytes``): the codecs decode from memory.
    private static func contents(_ file: ReadOnlyFile, path: String) throws(DecodeError) -> [UInt8] {
        var data = [UInt8](repeating: 0, count: try checkedSize(file, path: path))
        guard let read = data.withUnsafeMutableBytes({ file.read(into: $0, at: 0) }) else {
            throw DecodeError(path: path, problem: .unreadable(String(cString: strerror(errno))))
        }
        if read < data.count { data.removeSubrange(read...) }
        return data
    }

    /// The EXIF orientation of the open file, or nil when its metadata has none (or cannot be read:
    /// the pixels decoded, so the picture is shown as stored).
    private static func exifOrientation(_ file: ReadOnlyFile, path: String) -> Int? {
        guard let media = try? MediaFile(duplicating: file.fd, path: path),
              let metadata = try? MetadataReaders.read(media) else { return nil }
        return metadata.orientation
    }

    /// Reduces `source` (rows of `stride` bytes) to at most `maxSide` on its longest side.
    static func reduced(_ source: UnsafeBufferPointer<UInt8>, width: Int, height: Int, stride: Int, channels: Int,
                        maxSide: Int) -> DecodedImage {
        let factor = max(width, height) / maxSide
        if factor >= 2 {
            // A whole-factor pass first keeps the exact reduce small (a full-size HEIC is 12 MP).
            let coarse = Resample.reduce(source, width: width, height: height, stride: stride, channels: channels, byWhole: factor)
            return coarse.pixels.withUnsafeBufferPointer {
                reduced($0, width: coarse.width, height: coarse.height, stride: coarse.width * channels, channels: channels, maxSide: maxSide)
            }
        }
        let target = Resample.fitting(width: width, height: height, maxSide: maxSide)
        let pixels = Resample.reduce(source, width: width, height: height, stride: stride, channels: channels,
                                     toWidth: target.width, toHeight: target.height)
        return DecodedImage(width: target.width, height: target.height, channels: channels, pixels: pixels)
    }
}
