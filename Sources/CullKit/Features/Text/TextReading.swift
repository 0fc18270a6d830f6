/// What the text of one photo is: the words read, how many of them were read with confidence,
/// and whether the photo is a document.
///
/// A photo goes through the cheap ``TextPresence`` test first; only one with lines of text reaches
/// Tesseract, at most ``side`` pixels a side, turned the way the presence test says its lines run.
/// When that reading finds little, the page may be upside down (or turned the other way): it is
/// read once more turned by 180°, and the better reading is kept. A photo is therefore read at most
/// twice, and only when it has text.
public struct TextReading: Sendable, Equatable {
    /// The longest side text is read at: a 12 MP phone photo of a page is halved (its body text is
    /// then still 20 pixels or more high, what Tesseract reads best), never read at full size.
    public static let side = 2000
    /// A word is read with confidence at this (Tesseract's 0 ... 100) or above.
    public static let confidence: Float = 60
    /// Most words kept of one photo, and most bytes of its text: a photo full of tiny text stays bounded.
    static let maxWords = 5000
    static let maxTextBytes = 32 * 1024
    /// Confident words under which a first reading is tried turned by 180° as well.
    static let fewWords = 8

    /// The confident words, lines separated by a line break; nil when none was read.
    public let text: String?
    /// How many confident words have at least two letters or digits.
    public let words: Int
    /// Mainly a page, a receipt, a form, a whiteboard, a slide or a screen of text (``isDocument(words:lines:coverage:)``).
    public let document: Bool
    /// The share of the frame the text covers (the box of its confident words, the outermost 5% left out).
    public let coverage: Double
    /// The degrees clockwise the picture was turned to be read: 0, 90, 180 or 270.
    public let turn: Int
    /// Whether Tesseract read it (false: the presence test found no text).
    public let recognized: Bool

    public init(text: String?, words: Int, document: Bool, coverage: Double, turn: Int, recognized: Bool) {
        self.text = text
        self.words = words
        self.document = document
        self.coverage = coverage
        self.turn = turn
        self.recognized = recognized
    }

    /// A photo the presence test found no text in.
    public static let noText = TextReading(text: nil, words: 0, document: false, coverage: 0, turn: 0, recognized: false)

    /// A document has at least this many confident words, on at least ``documentLines`` lines,
    /// covering at least ``documentCoverage`` of the frame: a street sign or a T-shirt is a few
    /// words on one or two lines in a corner of the photo.
    public static let documentWords = 12
    public static let documentLines = 3
    public static let documentCoverage = 0.02

    static func isDocument(words: Int, lines: Int, coverage: Double) -> Bool {
        words >= documentWords && lines >= documentLines && coverage >= documentCoverage
    }

    /// Reads `image` (a decode of any size; reduced to ``side``) with `recognizer`.
    static func read(_ image: DecodedImage, with recognizer: TextRecognizer) -> TextReading {
        let presence = TextPresence.of(image)
        guard presence.hasText else { return .noText }
        let grey = image.grey.reduced(toLongest: side)
        let first = presence.turn
        var reading = read(grey, turn: first, recognizer)
        // Few words or none on what looks like a page: on a photographed page (shaded paper, grain)
        // Tesseract's one threshold and its layout analysis may find no block; read it as one block
        // thresholded locally. Not a texture: read so, moss is hundreds of words of nonsense.
        if reading.words < fewWords, presence.isPage {
            let block = read(grey, turn: first, recognizer, layout: .block)
            if block.words > reading.words { reading = block }
        }
        // Nothing read at all: no text after all (a texture), not a page the wrong way up.
        guard reading.words > 0, reading.words < fewWords else { return reading }
        let turned = read(grey, turn: first + 180, recognizer)
        return turned.words > reading.words ? turned : reading
    }

    /// Tesseract's reading of `grey` turned `turn` degrees clockwise.
    static func read(_ grey: DecodedImage, turn: Int, _ recognizer: TextRecognizer,
                     layout: TextRecognizer.Layout = .page) -> TextReading {
        let exif = [90: 6, 180: 3, 270: 8][turn] ?? 1
        let picture = Orientation.apply(exif, to: grey)
        return of(recognizer.words(in: picture, layout: layout), width: picture.width, height: picture.height, turn: turn)
    }

    /// The reading made of Tesseract's `words` on a `width`×`height` picture.
    static func of(_ all: [TextRecognizer.Word], width: Int, height: Int, turn: Int) -> TextReading {
        let kept = all.filter { $0.confidence >= confidence && $0.text.unicodeScalars.contains { !$0.properties.isWhitespace } }
        let counted = kept.filter { $0.text.unicodeScalars.count(where: { $0.properties.isAlphabetic || $0.properties.numericType != nil }) >= 2 }
        var text = ""
        var line = kept.first?.line ?? 0
        for word in kept {
            let separator = text.isEmpty ? "" : (word.line == line ? " " : "\n")
            guard text.utf8.count + separator.utf8.count + word.text.utf8.count <= maxTextBytes else { break }
            text += separator + word.text
            line = word.line
        }
        let coverage = Self.coverage(counted, width: width, height: height)
        let lines = Set(counted.map(\.line)).count
        return TextReading(text: text.isEmpty ? nil : text, words: counted.count,
                           document: isDocument(words: counted.count, lines: lines, coverage: coverage),
                           coverage: coverage, turn: turn % 360, recognized: true)
    }

    /// The share of a `width`×`height` frame that the box of `words` covers, the outermost 5% of
    /// their edges on each side left out (a stray word in a corner does not make a page).
    static func coverage(_ words: [TextRecognizer.Word], width: Int, height: Int) -> Double {
        guard !words.isEmpty, width > 0, height > 0 else { return 0 }
        func trimmed(_ values: [Int], low: Bool) -> Int {
            let sorted = values.sorted()
            let cut = sorted.count / 20
            return low ? sorted[cut] : sorted[sorted.count - 1 - cut]
        }
        let left = trimmed(words.map(\.left), low: true), right = trimmed(words.map(\.right), low: false)
        let top = trimmed(words.map(\.top), low: true), bottom = trimmed(words.map(\.bottom), low: false)
        let area = Double(max(0, right - left)) * Double(max(0, bottom - top))
        return min(1, area / (Double(width) * Double(height)))
    }
}
