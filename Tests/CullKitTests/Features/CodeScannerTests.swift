import Foundation
import Testing
@testable import CullKit
import CullTestSupport

/// ZBar on photographs of codes (perspective, blur, noise, small in the frame), through the codes
/// cache on a real, scanned library: each code is read with its kind and payload, a small one at the
/// larger side, a photo without a code has none, and nothing is read twice.
@Suite(.enabled(if: CodeFixtures.hasTools, CodeFixtures.toolsMissing))
struct CodeScannerTests {
    final class Fixture {
        let directory = TemporaryDirectory()
        let library: Library
        let db: Database
        let photos: [CodeFixtures.Photo]

        init() throws {
            let made = try #require(CodeFixtures.made, "make-code-photos failed")
            photos = made.photos
            library = try Library.initialize(at: directory.path)
            db = try library.openIndex()
            for photo in photos {
                try FileManager.default.copyItem(atPath: "\(made.folder)/\(photo.name)", toPath: "\(directory.path)/\(photo.name)")
            }
            _ = try Scanner(library: library).scan(db)
        }

        func refresh() throws -> CodeCache.Report { try CodeCache(db: db, root: library.root).refresh() }

        /// The kinds and payloads stored for `name` (nil without a row).
        func codes(_ name: String) throws -> (kinds: [String], texts: [String])? {
            var found: ([String], [String])?
            try db.forEachRow("SELECT c.kinds, c.texts FROM image_codes c JOIN assets a ON a.id = c.asset_id WHERE a.path = ?",
                              [.text(name)]) { found = (ValueList.decode($0.string("kinds")), ValueList.decode($0.string("texts"))) }
            return found
        }
    }

    @Test func eachPhotographedCodeIsReadAndAPhotoWithoutOneHasNone() throws {
        let f = try Fixture()
        let report = try f.refresh()
        #expect(report.scanned == f.photos.count && report.failed == 0, "\(report)")
        for photo in f.photos {
            let codes = try #require(try f.codes(photo.name), "\(photo.name) has no row")
            #expect(codes.kinds == (photo.kind.map { [$0] } ?? []), "\(photo.name): \(codes)")
            #expect(codes.texts == (photo.text.map { [$0] } ?? []), "\(photo.name): \(codes)")
        }
        // Read once: nothing is decoded again while the files stay the same.
        #expect(try f.refresh() == CodeCache.Report())
    }

    /// The small QR code is unreadable at the features' side; the cache finds it at twice that,
    /// sent there by the evidence, and the photo without a code is not.
    @Test func aCodeSmallInTheFrameIsReadAtTheLargerSide() throws {
        let made = try #require(CodeFixtures.made)
        let small = "\(made.folder)/qr-small.jpg"
        let analysis = try ImageDecoder.decode(path: small, maxSide: ImageFeatures.side(forLongest: 3000), grey: true)
        #expect(CodeScanner(try Libraries.zbar.get()).scan(analysis).isEmpty, "read at the analysis side already: the fixture no longer tests the larger scan")
        #expect(CodeEvidence.suggestsCode(analysis))
        let f = try Fixture()
        let report = try f.refresh()
        #expect(report.rescanned >= 1 && report.rescanned < f.photos.count, "\(report)")
        #expect(try f.codes("qr-small.jpg")?.kinds == ["qr"])
        let plain = try ImageDecoder.decode(path: "\(made.folder)/no-code.jpg", maxSide: 1000, grey: true)
        #expect(CodeScanner(try Libraries.zbar.get()).scan(plain).isEmpty)
    }

    /// A payload is kept within bounds: cut at a character to ``CodeScanner/maxPayloadBytes`` bytes,
    /// NUL and the list separator replaced; other control characters kept for output to escape.
    @Test func aPayloadIsKeptBounded() {
        let long = [UInt8](repeating: 0x41, count: 5000)
        let cut = long.withUnsafeBytes { CodeScanner.kept($0) }
        #expect(cut.utf8.count == CodeScanner.maxPayloadBytes)
        let accents = Array(String(repeating: "é", count: 3000).utf8)
        let cutAccents = accents.withUnsafeBytes { CodeScanner.kept($0) }
        #expect(cutAccents.utf8.count <= CodeScanner.maxPayloadBytes && cutAccents.allSatisfy { $0 == "é" })
        let controls: [UInt8] = [0x41, 0x00, 0x1F, 0x1B, 0x07, 0x42]
        #expect(controls.withUnsafeBytes { CodeScanner.kept($0) } == "A\u{FFFD}\u{FFFD}\u{1B}\u{07}B")
    }
}
