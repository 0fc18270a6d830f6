// swift-tools-version:6.0
import PackageDescription

/// The folder of this manifest, with a trailing slash: linker flags need absolute paths.
let packageRoot = String(#filePath.dropLast("Package.swift".count))

let package = Package(
    name: "Cull",
    products: [
        .executable(name: "cull", targets: ["cull"]),
        .library(name: "CullKit", targets: ["CullKit"]),
    ],
    targets: [
        // Headers only: CullKit links SQLite (Linux release binaries its static archive, see `cull`).
        .systemLibrary(
            name: "CSQLite",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"])]
        ),
        .systemLibrary(
            name: "CPCRE2",
            pkgConfig: "libpcre2-8",
            providers: [.apt(["libpcre2-dev"])]
        ),
        // XMP packets (the parser Exiv2 uses), with its entity-amplification limits on.
        .systemLibrary(
            name: "CExpat",
            pkgConfig: "expat",
            providers: [.apt(["libexpat1-dev"])]
        ),
        .systemLibrary(
            name: "CXXHash",
            pkgConfig: "libxxhash",
            providers: [.apt(["libxxhash-dev"])]
        ),
        // Image decoders for the small decode behind perceptual hashes, sharpness and thumbnails.
        .systemLibrary(
            name: "CTurboJPEG",
            pkgConfig: "libturbojpeg",
            providers: [.apt(["libturbojpeg0-dev"])]
        ),
        .systemLibrary(
            name: "CPNG",
            pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"])]
        ),
        .systemLibrary(
            name: "CWebP",
            pkgConfig: "libwebp",
            providers: [.apt(["libwebp-dev"])]
        ),
        // Headers only (no pkgConfig, no `link`): CLoader opens libheif on the first HEIC.
        .systemLibrary(
            name: "CHeif",
            providers: [.apt(["libheif-dev"])]
        ),
        // Video poster frames: FFmpeg's demuxers, decoders and scaler. CFFmpeg is their headers only.
        .systemLibrary(
            name: "CFFmpeg",
            providers: [.apt(["libavformat-dev", "libavcodec-dev", "libswscale-dev", "libavutil-dev"])]
        ),
        // The libraries opened with dlopen on first use instead of linked (each, with what it pulls
        // in, was mapped and initialised by every command): a table per library typed by its headers.
        .target(
            name: "CLoader",
            dependencies: ["CFFmpeg", "CHeif", "CMicroHTTPD", "CTesseract", "CZBar"]
        ),
        // libpng reports errors by longjmp, which Swift cannot catch: this shim wraps each call in
        // its own setjmp and returns an error code and message instead.
        .target(
            name: "CPNGShim",
            dependencies: ["CPNG"]
        ),
        // mallopt, which Swift's Glibc module does not declare: decoders keep the memory they free
        // for the next photo instead of faulting it in again (``Platform/keepFreedMemory(_:)``).
        .target(name: "CPlatformShim"),
        // Camera RAW formats Cull's TIFF reader does not cover (CR3, RAF, CRW, MRW, IIQ, …): headers and
        // embedded previews only, never the raw decode. CLibRaw is LibRaw's headers and library;
        // CLibRawShim (C++) feeds LibRaw through Cull's own reads of the already opened file, with a
        // read budget, since LibRaw's C API only opens a path or a buffer.
        .systemLibrary(
            name: "CLibRaw",
            providers: [.apt(["libraw-dev"])]
        ),
        .target(
            name: "CLibRawShim",
            dependencies: ["CLibRaw"],
            exclude: ["link"],
            // The module map's `link` reaches only Swift importers; the shim is LibRaw's one caller.
            // Linux release binaries carry LibRaw in themselves (see `cull` below).
            linkerSettings: [.linkedLibrary("raw_r", .when(configuration: .debug)),
                             .linkedLibrary("raw_r", .when(platforms: [.macOS], configuration: .release))]
        ),
        // Headers only: CLoader opens libmicrohttpd when `cull review` starts its server.
        .systemLibrary(
            name: "CMicroHTTPD",
            providers: [.apt(["libmicrohttpd-dev"])]
        ),
        // MHD_start_daemon and MHD_get_daemon_info are variadic: Swift cannot call them.
        .target(
            name: "CMicroHTTPDShim",
            dependencies: ["CLoader"]
        ),
        // Pictures in the terminal (kitty graphics, iTerm2 images, sixels, Unicode mosaics). Its API
        // is GLib-based: only Terminal/Chafa.swift imports it.
        .systemLibrary(
            name: "CChafa",
            pkgConfig: "chafa",
            providers: [.apt(["libchafa-dev", "libglib2.0-dev"])]
        ),
        // Text in photos (the `text`, `text_words` and `document` fields): Tesseract's C API, on the grey
        // decode Cull already makes, only for the photos a rule of the run reads text of. Headers only: CLoader
        // opens libtesseract (with Leptonica and libgomp) when the first photo with text is read.
        .systemLibrary(
            name: "CTesseract",
            providers: [.apt(["libtesseract-dev", "tesseract-ocr-eng"])]
        ),
        // QR codes and barcodes in photos (the `code` and `code_text` rule fields). Headers only: CLoader
        // opens libzbar when a rule first reads a code.
        .systemLibrary(
            name: "CZBar",
            providers: [.apt(["libzbar-dev"])]
        ),
        .target(
            name: "CullKit",
            dependencies: ["CSQLite", "CYAML", "CPCRE2", "CExpat", "CXXHash", "CTurboJPEG", "CPNGShim", "CWebP", "CHeif", "CLoader",
                           "CPlatformShim", "CLibRawShim", "CMicroHTTPD", "CMicroHTTPDShim", "CChafa", "CTesseract", "CZBar"],
            linkerSettings: [.linkedLibrary("sqlite3", .when(configuration: .debug)),
                             .linkedLibrary("sqlite3", .when(platforms: [.macOS], configuration: .release))]
        ),
        .executableTarget(
            name: "cull",
            dependencies: ["CullKit"],
            // The release binary carries the Swift runtime and Foundation in itself: the dynamic loader
            // then binds a few thousand symbols instead of twelve thousand across eleven Swift
            // libraries, which was most of `cull --version` (benchmarks/startup). Debug builds, which
            // the tests link the command into, stay dynamic. On Linux its ~85,000 relative relocations
            // (the runtime's and Foundation's pointers) are packed as DT_RELR (glibc 2.36+): 1.8 MB less
            // of `.rela.dyn` for the loader to read at every start.
            swiftSettings: [.unsafeFlags(["-static-stdlib"], .when(configuration: .release))],
            //
            // SQLite, LibRaw and the C++ runtime (the Swift runtime's, LibRaw's and the shim's) are linked
            // in too, from the static archives of the same Debian packages: as shared libraries they were
            // six of the twenty and nearly all of the ~7,000 symbol lookups the loader made before `main`
            // (libstdc++ ~2,700, SQLite binding its own API to itself ~1,600), half of `cull --version`'s
            // instructions. The Swift driver's own `-lstdc++` comes before any flag a package can add,
            // so `link/libstdc++.so` is a linker script, found first on the search path, that names the
            // archive instead. LibRaw's colour library (lcms2) has no archive in Debian and stays shared;
            // libgomp and libjpeg are LibRaw's.
            linkerSettings: [.unsafeFlags(["-static-stdlib", "-use-ld=lld"], .when(configuration: .release)),
                             .unsafeFlags(["-Xlinker", "-z", "-Xlinker", "pack-relative-relocs",
                                           "-L", packageRoot + "Sources/CLibRawShim/link",
                                           "-Xlinker", "-Bstatic", "-Xlinker", "-lsqlite3", "-Xlinker", "-lraw_r", "-Xlinker", "-ljpeg",
                                           "-Xlinker", "-lgomp", "-Xlinker", "-Bdynamic", "-Xlinker", "-llcms2"],
                                          .when(platforms: [.linux], configuration: .release))]
        ),
        // What both test targets share: a library in a sandbox (its own HOME and trash) and the
        // built `cull` run as a subprocess.
        .target(
            name: "CullTestSupport",
            dependencies: ["CullKit"],
            path: "Tests/CullTestSupport"
        ),
        .testTarget(
            name: "CullKitTests",
            dependencies: ["CullKit", "CullTestSupport"],
            // HEIFFixtures encodes its HEIC fixtures with libheif itself.
            linkerSettings: [.linkedLibrary("heif")]
        ),
        .testTarget(
            name: "cullTests",
            dependencies: ["CullKit", "cull", "CullTestSupport"],
            // Whole expected texts, read by path (CULL_UPDATE_GOLDEN=1 rewrites them).
            exclude: ["Golden", "Review/review_browser.py", "Review/review_page.py", "Review/review_library.sh", "Terminal/terminal_pty.py"]
        ),
    ]
)
