import Foundation
import Testing
@testable import CullKit

/// `text`, `text_words` and `document` end to end (issue 40): text is read only for the photos a rule
/// could still match, once per file, with `scan --text` for all; the fields are in `find --format json`,
/// `plan --explain` and `show`, and recognised text is escaped wherever it is shown.
@Suite(.enabled(if: TextFixtures.available, "ImageMagick's convert or Tesseract's English data (tesseract-ocr-eng) is absent"))
struct TextRuleTests {
    /// receipt.png, a page turned on its side, a photo without text and a photo of a sign.
    func library(_ name: String) throws -> Sandbox {
        let box = try Sandbox(name)
        let root = box.library.root
        try TextFixtures.page(TextFixtures.receiptLines, to: root + "/receipt.png")
        try TextFixtures.page(TextFixtures.pageLines, extra: ["-rotate", "90", "-quality", "90"], to: root + "/page.jpg")
        try TextFixtures.scene(to: root + "/scene.jpg")
        try TextFixtures.scene(seed: 3, extra: ["-fill", "white", "-draw", "rectangle 600,400 1000,560", "-fill", "black",
                                                "-pointsize", "90", "-annotate", "+630+520", "STOP"], to: root + "/sign.jpg")
        #expect(try box.cull(["scan"]).status == 0)
        // Every write to the cache counted by a trigger: the test sees each photo sent to the reader.
        try box.db.execute("""
            CREATE TABLE test_reads (asset_id INTEGER);
            CREATE TRIGGER test_count_reads AFTER INSERT ON text_readings BEGIN INSERT INTO test_reads VALUES (new.asset_id); END;
            """)
        return box
    }

    func planned(_ box: Sandbox, _ match: String) throws -> [String] {
        let rules = try box.rules("r.yaml", "version: 1\nrules:\n  - name: r\n    match: \(match)\n")
        let plan = try box.cull(["plan", rules, "--ceiling", "100", "--format", "json"])
        #expect(plan.status == 0, "\(plan.stdout)\(plan.stderr)")
        return ["receipt.png", "page.jpg", "scene.jpg", "sign.jpg"].filter { plan.stdout.contains("\"\($0)\"") }
    }

    func reads(_ box: Sandbox) throws -> Int64 { try box.db.scalar("SELECT count(*) FROM test_reads")?.int64 ?? -1 }

    @Test func documentsAreFoundAndNoPhotoIsReadTwice() throws {
        let box = try library("text-documents")
        #expect(try box.db.scalar("SELECT count(*) FROM text_readings")?.int64 == 0, "a plain scan reads no text")
        #expect(try planned(box, "{document: true}") == ["receipt.png", "page.jpg"])
        #expect(try reads(box) == 4)
        // The scene has no text, the sign one word: no lines of text, so neither reached the OCR.
        #expect(try box.db.scalar("""
            SELECT group_concat(path) FROM (SELECT a.path FROM text_readings t JOIN assets a ON a.id = t.asset_id WHERE recognized = 0 ORDER BY a.path)
            """)?.string
                == "scene.jpg,sign.jpg")
        #expect(try planned(box, "{text: {contains: \"total\"}}") == ["receipt.png"])
        #expect(try planned(box, "{text_words: {gte: 45}, document: true}") == ["page.jpg"])
        #expect(try reads(box) == 4, "read once: every later rule reads the cache")
    }

    @Test func aRuleReadsOnlyThePhotosItsOtherConditionsLeave() throws {
        let box = try library("text-narrowed")
        #expect(try planned(box, "{name: \"receipt*\", document: true}") == ["receipt.png"])
        #expect(try box.db.scalar("SELECT group_concat(a.path) FROM text_readings t JOIN assets a ON a.id = t.asset_id")?.string == "receipt.png")
        // Inside `any:` the text condition narrows nothing: every photo is read.
        #expect(try planned(box, "{any: [{document: true}, {name: \"none\"}]}") == ["receipt.png", "page.jpg"])
        #expect(try reads(box) == 4)
    }

    @Test func scanWithTextReadsEveryPhotoAndFindShowsTheFields() throws {
        let box = try library("text-scan")
        let scan = try box.cull(["scan", "--text"])
        #expect(scan.status == 0, "\(scan.stderr)")
        #expect(scan.stdout.contains("read the text of 4 photos (2 with text), 0 could not be decoded"), "\(scan.stdout)")
        #expect(try reads(box) == 4)
        let found = try box.cull(["find", "document: true", "--format", "json"])
        #expect(found.status == 0, "\(found.stderr)")
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(found.stdout.utf8)) as? [[String: Any]])
        #expect(objects.compactMap { $0["path"] as? String } == ["page.jpg", "receipt.png"])
        let receipt = try #require(objects.first { $0["path"] as? String == "receipt.png" })
        #expect(receipt["document"] as? Bool == true && (receipt["text_words"] as? Int ?? 0) >= 20)
        #expect((receipt["text"] as? String)?.contains("Springfield") == true)
        // A second scan reads nothing again.
        #expect(try box.cull(["scan", "--text"]).stdout.contains("read the text of 0 photos"))
        #expect(try reads(box) == 4)
    }

    @Test func explainAndShowSayWhatWasRead() throws {
        let box = try library("text-explain")
        let rules = try box.rules("docs.yaml", "version: 1\nrules:\n  - name: docs\n    match: {document: true}\n")
        let explain = try box.cull(["plan", rules, "--ceiling", "100", "--explain", box.library.root + "/sign.jpg"])
        #expect(explain.status == 0, "\(explain.stderr)")
        #expect(explain.stdout.contains("[this file: document false, text_words "), "\(explain.stdout)")
        #expect(explain.stdout.contains("  text: "), "\(explain.stdout)")
        let page = try box.cull(["plan", rules, "--ceiling", "100", "--explain", box.library.root + "/page.jpg"])
        #expect(page.stdout.contains("a document (text over") && page.stdout.contains("read turned "), "\(page.stdout)")
        let show = try box.cull(["show", box.library.root + "/receipt.png"])
        #expect(show.status == 0, "\(show.stderr)")
        #expect(show.stdout.contains("document: true") && show.stdout.contains("text_words: "), "\(show.stdout)")
        #expect(show.stdout.contains("  text: ") && show.stdout.contains("read with confidence, a document"), "\(show.stdout)")
    }

    @Test func recognisedTextIsEscapedEverywhere() throws {
        let box = try library("text-escape")
        #expect(try box.cull(["scan", "--text"]).status == 0)
        // What a hostile picture could make Tesseract say: terminal controls, a bidi override, a bell.
        let hostile = "TOTAL \u{1B}]0;pwned\u{7}\u{1B}[31mred\u{202E}gnp.exe\r\nline"
        try box.db.execute("UPDATE text_readings SET text = ? WHERE asset_id = (SELECT id FROM assets WHERE path = 'receipt.png')", [.text(hostile)])
        let rules = try box.rules("t.yaml", "version: 1\nrules:\n  - name: t\n    match: {text: {contains: total}, name: nothing}\n")
        let outputs = [
            try box.cull(["find", "text: {contains: total}"]),
            try box.cull(["find", "text: {contains: total}", "--format", "json"]),
            try box.cull(["show", box.library.root + "/receipt.png"]),
            try box.cull(["show", box.library.root + "/receipt.png", "--format", "json"]),
            try box.cull(["plan", rules, "--explain", box.library.root + "/receipt.png"]),
        ]
        for output in outputs {
            #expect(output.status == 0, "\(output.stderr)")
            #expect(!output.stdout.contains("\u{1B}") && !output.stdout.contains("\u{7}") && !output.stdout.contains("\u{202E}"), "\(output.stdout)")
        }
        #expect(outputs[2].stdout.contains("\\x1b]0;pwned\\x07"), "\(outputs[2].stdout)")
        #expect(outputs[1].stdout.contains("\\u001b]0;pwned\\u0007"), "\(outputs[1].stdout)")
    }

    @Test func hostilePicturesStayBounded() throws {
        let box = try library("text-hostile")
        let root = box.library.root
        // A decompression bomb: a small JPEG whose header claims 30,000 × 30,000 pixels.
        try TextFixtures.convert(["-size", "96x64", "xc:white"], to: root + "/small.jpg")
        let small = Array(try #require(FileManager.default.contents(atPath: root + "/small.jpg")))
        try Data(HostileMediaScanTests.claiming(small, width: 30_000, height: 30_000)).write(to: URL(fileURLWithPath: root + "/bomb.jpg"))
        try FileManager.default.removeItem(atPath: root + "/small.jpg")
        // A 94-megapixel page (the receipt 7 times larger; the decode's limit is 100), read from a decode of 2,000 pixels.
        try TextFixtures.convert([root + "/receipt.png", "-colorspace", "Gray"], to: box.library.root + "/../small.pgm")
        try Self.upscale(box.library.root + "/../small.pgm", factor: 7, to: root + "/huge.png")
        let scan = try box.cull(["scan", "--text"])
        #expect(scan.status == 0, "\(scan.stderr)")
        #expect(scan.stdout.contains("1 could not be decoded"), "\(scan.stdout)")
        #expect(try box.db.scalar("""
            SELECT t.failure FROM text_readings t JOIN assets a ON a.id = t.asset_id WHERE a.path = 'bomb.jpg'
            """)?.string?.contains("too large") == true)
        #expect(try box.db.scalar("""
            SELECT t.document FROM text_readings t JOIN assets a ON a.id = t.asset_id WHERE a.path = 'huge.png'
            """)?.int64 == 1)
    }

    /// Writes a greyscale PNG `factor` times the size of the PGM at `source`, row by row (ImageMagick's
    /// own limits refuse to draw a page that large).
    static func upscale(_ source: String, factor: Int, to path: String) throws {
        let script = """
            import sys, zlib, struct
            data = open(sys.argv[1], 'rb').read()
            parts = data.split(maxsplit=4)
            w, h, f = int(parts[1]), int(parts[2]), int(sys.argv[2])
            pixels = parts[4][-w*h:]
            def chunk(kind, body):
                return struct.pack('>I', len(body)) + kind + body + struct.pack('>I', zlib.crc32(kind + body) & 0xffffffff)
            z = zlib.compressobj(6)
            idat = bytearray()
            for y in range(h):
                big = b'\\0' + bytes(b for b in pixels[y*w:(y+1)*w] for _ in range(f))
                for _ in range(f):
                    idat += z.compress(big)
            idat += z.flush()
            open(sys.argv[3], 'wb').write(b'\\x89PNG\\r\\n\\x1a\\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w*f, h*f, 8, 0, 0, 0, 0))
                + chunk(b'IDAT', bytes(idat)) + chunk(b'IEND', b''))
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", script, source, String(factor), path]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }
}
