@testable import CullKit
import CullTestSupport
import Foundation
import Testing

/// Reading the text of a photo (issue 40): the presence test keeps photos without text away from
/// Tesseract, pages and receipts are read (turned ones too) and are documents, a word on a sign is
/// not, and a photo full of tiny text stays bounded. Real Tesseract on real files ImageMagick draws.
@Suite(.enabled(if: TextFixtures.available, "ImageMagick's convert or Tesseract's English data (tesseract-ocr-eng) is absent"))
struct TextReadingTests {
    func decoded(_ path: String, side: Int = TextReading.side) throws -> DecodedImage {
        try ImageDecoder.decode(path: path, maxSide: side, grey: true)
    }

    func read(_ path: String) throws -> TextReading {
        TextReading.read(try decoded(path), with: try TextRecognizer(library: Libraries.tesseract.get()))
    }

    @Test func photosWithoutTextFailThePresenceTest() throws {
        let folder = try TextFixtures.folder("presence")
        for seed in 1...4 {
            try TextFixtures.scene(seed: seed, to: folder + "/scene\(seed).jpg")
            let presence = TextPresence.of(try decoded(folder + "/scene\(seed).jpg", side: TextPresence.side))
            #expect(!presence.hasText, "scene \(seed): \(presence)")
            #expect(try read(folder + "/scene\(seed).jpg") == .noText)
        }
        try TextFixtures.page(TextFixtures.pageLines, to: folder + "/page.png")
        let page = TextPresence.of(try decoded(folder + "/page.png", side: TextPresence.side))
        #expect(page.hasText && !page.turned, "\(page)")
    }

    @Test func aReceiptIsReadAndIsADocument() throws {
        let folder = try TextFixtures.folder("receipt")
        try TextFixtures.page(TextFixtures.receiptLines, to: folder + "/receipt.png")
        let reading = try read(folder + "/receipt.png")
        #expect(reading.recognized && reading.document && reading.turn == 0, "\(reading)")
        #expect(reading.words >= 20)
        #expect(reading.text?.contains("TOTAL") == true && reading.text?.contains("Springfield") == true, "\(reading.text ?? "")")
        #expect(reading.text?.split(separator: "\n").count == TextFixtures.receiptLines.count, "one line of text per printed line")
    }

    @Test func turnedPagesAreReadTurnedBack() throws {
        let folder = try TextFixtures.folder("turned")
        for (degrees, expected) in [(90, [90, 270]), (-90, [90, 270]), (180, [180])] {
            let path = folder + "/page\(degrees + 180).jpg"
            try TextFixtures.page(TextFixtures.pageLines, extra: ["-rotate", "\(degrees)"], to: path)
            let reading = try read(path)
            #expect(reading.document && expected.contains(reading.turn), "turned \(degrees): \(reading)")
            #expect(reading.text?.contains("quarterly report") == true, "turned \(degrees): \(reading.text ?? "")")
        }
    }

    /// A photographed page: grey paper shaded top to bottom, the camera's grain, a little blur.
    /// Tesseract's one threshold blackens its darker half, and its layout analysis finds no block:
    /// it read nothing of this page, nor of a generated page of the text benchmark.
    @Test func aGrainyPageOnShadedPaperIsRead() throws {
        let folder = try TextFixtures.folder("grainy")
        try TextFixtures.page(TextFixtures.pageLines, paper: "gradient:gray62-gray88",
                              extra: ["-blur", "0x1", "-attenuate", "0.3", "+noise", "Gaussian", "-colorspace", "gray"], to: folder + "/page.jpg")
        #expect(TextPresence.of(try decoded(folder + "/page.jpg", side: TextPresence.side)).isPage)
        let reading = try read(folder + "/page.jpg")
        #expect(reading.document && reading.turn == 0, "\(reading)")
        #expect(reading.text?.contains("quarterly report") == true, "\(reading.text ?? "")")
    }

    /// Only a page is read again as one block: its lines run one way. Moss or a pattern, whose marks
    /// line up both ways, would read as hundreds of words of nonsense, and a few characters are a sign.
    @Test func aPageIsManyCharactersOnLinesOfOneAxis() {
        #expect(TextPresence(across: 224, down: 55).isPage && TextPresence(across: 7, down: 193, turn: 270).isPage)
        #expect(!TextPresence(across: 201, down: 200).isPage && !TextPresence(across: 45, down: 94).isPage)
        #expect(!TextPresence(across: 33, down: 6).isPage, "a few characters on a sign")
    }

    @Test func aWordOnASignIsNotADocument() throws {
        let folder = try TextFixtures.folder("sign")
        try TextFixtures.scene(extra: ["-fill", "white", "-draw", "rectangle 600,400 1000,560", "-fill", "black", "-font", "DejaVu-Sans-Bold",
                                       "-pointsize", "90", "-annotate", "+630+520", "STOP"], to: folder + "/sign.jpg")
        let reading = try read(folder + "/sign.jpg")
        #expect(!reading.document, "\(reading)")
        #expect(reading.words <= 2)
    }

    @Test func aPhotoFullOfTinyTextStaysBounded() throws {
        let folder = try TextFixtures.folder("tiny")
        // 6,000 × 4,000 pixels of 9-point text: far more words than a photo keeps.
        let line = String(repeating: "tiny words everywhere 0123456789 ", count: 30)
        try TextFixtures.page(Array(repeating: line, count: 200), width: 6000, height: 4000, point: 9, to: folder + "/tiny.png")
        let image = try decoded(folder + "/tiny.png")
        #expect(max(image.width, image.height) <= TextReading.side, "never read at full size")
        let reading = TextReading.read(image, with: try TextRecognizer(library: Libraries.tesseract.get()))
        #expect(reading.words <= TextReading.maxWords)
        #expect((reading.text?.utf8.count ?? 0) <= TextReading.maxTextBytes)
    }

    @Test func languagesWithoutDataAreAClearError() throws {
        #expect(throws: TextRecognizer.Unavailable.self) { try TextRecognizer(languages: "zz_none", library: Libraries.tesseract.get()) }
        #expect(try TextRecognizer(languages: "eng", library: Libraries.tesseract.get()).languages == "eng")
    }

    @Test func aDocumentNeedsWordsLinesAndCoverage() {
        #expect(TextReading.isDocument(words: 40, lines: 8, coverage: 0.4))
        #expect(!TextReading.isDocument(words: 40, lines: 1, coverage: 0.4), "one long line: a banner")
        #expect(!TextReading.isDocument(words: 5, lines: 3, coverage: 0.4), "a few words")
        #expect(!TextReading.isDocument(words: 40, lines: 8, coverage: 0.01), "a label in a corner")
    }
}
