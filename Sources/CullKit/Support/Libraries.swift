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

/// The OpenMP runtime (libgomp) Tesseract and LibRaw bring: Cull reads one photo per thread of its
/// own, so a team of OpenMP threads under each only thrashes. Tesseract asks for teams of 4 in its
/// network layers whatever `omp_set_num_threads` said; only the thread limit, which libgomp reads
/// from the environment when it is loaded, holds them to one. Measured on benchmarks/text's 38
/// documents (2 cores): 31.3 s of which two thirds were libgomp spinning and the kernel switching
/// threads, against 14.0 s for `tesseract` run with that limit.
public enum OpenMP {
    /// Asks for one thread per OpenMP team (`OMP_THREAD_LIMIT=1`, unless the user set it). First
    /// thing in `main`: while the process has one thread, and before libgomp is loaded.
    public static func oneThreadPerTeam() { Platform.setEnvironmentDefault("OMP_THREAD_LIMIT", "1") }
}
