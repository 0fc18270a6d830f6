import Foundation
import Testing
@testable import CullKit

/// libheif, libmicrohttpd, FFmpeg, libtesseract and libzbar are opened on first use: on a machine without one of them,
/// the feature that needs it fails with an error naming it, and everything else works. "Without"
/// is made by shadowing each soname with a file that is not a library, on LD_LIBRARY_PATH (the
/// dynamic loader tries it first and fails), so no test hook is needed in Cull itself.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/convert"), "ImageMagick is absent"))
struct MissingLibraryTests {
    static let shadowed = ["libheif.so.1", "libmicrohttpd.so.12", "libavutil.so.57", "libavutil.so.58", "libavutil.so.59",
                           "libtesseract.so.5", "libzbar.so.0"]

    /// The environment of a machine without the libraries above.
    static func without(_ box: Sandbox) throws -> [String: String] {
        let folder = box.base + "/missing-libraries"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for name in shadowed { try "not a library\n".write(toFile: folder + "/" + name, atomically: true, encoding: .utf8) }
        return ["LD_LIBRARY_PATH": folder]
    }

    @Test func aHEICIsMeasuredOnceLibheifIsThereAndTheRestMeanwhile() throws {
        let box = try Sandbox("missing-heif")
        try ImageRuleTests.convert(box, "a.heic", ImageRuleTests.detail)
        try ImageRuleTests.convert(box, "b.jpg", ImageRuleTests.detail)
        let missing = try Self.without(box)
        let version = try box.cull(["--version"], extra: missing)
        #expect(version.status == 0 && version.stdout.hasPrefix("cull "), "\(version.stderr)")
        let scan = try box.cull(["scan", "--hash"], extra: missing)
        #expect(scan.status == 0, "\(scan.stdout)\(scan.stderr)")
        // The JPEG is measured; the HEIC is not recorded as a failure of its own.
        #expect(try box.db.scalar("SELECT count(*) FROM image_features WHERE sharpness IS NOT NULL")?.int64 == 1)
        #expect(try box.db.scalar("SELECT count(*) FROM image_features WHERE failure IS NOT NULL")?.int64 == 0)
        // With libheif back, the next scan measures it.
        #expect(try box.cull(["scan", "--hash"]).status == 0)
        #expect(try box.db.scalar("SELECT count(*) FROM image_features WHERE sharpness IS NOT NULL")?.int64 == 2)
    }

    @Test func reviewWithoutLibmicrohttpdSaysSoAndExits() throws {
        let box = try Sandbox("missing-mhd")
        try ImageRuleTests.convert(box, "b.jpg", ImageRuleTests.detail)
        let missing = try Self.without(box)
        #expect(try box.cull(["scan"], extra: missing).status == 0)
        let review = try box.cull(["review", "--no-open"], extra: missing)
        #expect(review.status != 0)
        #expect(review.stderr.contains("libmicrohttpd is not available"), "\(review.stderr)")
        #expect(review.stderr.contains("libmicrohttpd.so.12"), "\(review.stderr)")
    }

    /// A text or code rule on a machine without libtesseract or libzbar: one clear error naming the
    /// library, and every other command (here a scan and a plain find) works.
    @Test func textAndCodeRulesWithoutTheirLibrariesSaySo() throws {
        let box = try Sandbox("missing-ocr")
        try ImageRuleTests.convert(box, "b.jpg", ImageRuleTests.detail)
        let missing = try Self.without(box)
        #expect(try box.cull(["scan"], extra: missing).status == 0)
        #expect(try box.cull(["find", "name: b.jpg"], extra: missing).stdout.contains("b.jpg"))
        let text = try box.cull(["find", "document: true"], extra: missing)
        #expect(text.status != 0 && text.stderr.contains("libtesseract is not available"), "\(text.stderr)")
        let code = try box.cull(["find", "code: qr"], extra: missing)
        #expect(code.status != 0 && code.stderr.contains("libzbar is not available"), "\(code.stderr)")
        // `show` shows the rest, the text and codes unread.
        let show = try box.cull(["show", "b.jpg"], extra: missing)
        #expect(show.status == 0 && show.stdout.contains("b.jpg"), "\(show.stderr)")
        // With the libraries back, the same finds run.
        #expect(try box.cull(["find", "code: qr"]).status == 0)
    }

    /// The typed error a decode of a HEIC gets, in-process, names the library.
    @Test func theDecodeErrorNamesTheLibrary() {
        let missing = LibraryUnavailable(library: "libheif", reason: "libheif.so.1: cannot open shared object file")
        let error = DecodeError(path: "a.heic", problem: .missingLibrary(missing))
        #expect("\(error)" == "a.heic: not decoded: libheif is not available (libheif.so.1: cannot open shared object file)")
    }
}
