internal import CLoader

/// A library Cull opens on first use that this machine cannot open (not installed, or of another
/// ABI): the feature that needs it fails with this error and the rest of Cull works without it.
public struct LibraryUnavailable: Error, Sendable, Equatable, CustomStringConvertible {
    /// The library as its package names it: "libheif".
    public let library: String
    /// The dynamic loader's reason ("libheif.so.1: cannot open shared object file: …").
    public let reason: String

    public var description: String { "\(library) is not available (\(reason))" }
}

/// The libraries opened with `dlopen` on first use instead of linked (`CLoader`): linked, each was
/// mapped, relocated and initialised with everything it pulls in by every command, `--version`
/// included. Each table is loaded once, the first time it is asked for.
enum Libraries {
    /// For video poster frames.
    static let ffmpeg = load("FFmpeg", cull_ffmpeg_load)
    /// For HEIC and AVIF.
    static let heif = load("libheif", cull_heif_load)
    /// For `cull review`'s server. Its table holds the variadic `MHD_start_daemon`, which Swift sees
    /// as an opaque pointer and so not `Sendable`; the table is immutable once loaded.
    nonisolated(unsafe) static let microhttpd = load("libmicrohttpd", cull_microhttpd_load)
    /// For the text of photos (with Leptonica and libgomp).
    static let tesseract = load("libtesseract", cull_tesseract_load)
    /// For QR codes and barcodes.
    static let zbar = load("libzbar", cull_zbar_load)

    private static func load<Table>(_ library: String, _ loader: (UnsafeMutablePointer<UnsafePointer<CChar>?>) -> UnsafePointer<Table>?)
        -> Result<Table, LibraryUnavailable> {
        var why: UnsafePointer<CChar>?
        guard let table = loader(&why) else {
            return .failure(LibraryUnavailable(library: library, reason: why.map { String(cString: $0) } ?? "not loaded"))
        }
        return .success(table.pointee)
    }
}
