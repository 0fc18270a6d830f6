internal import CLoader
internal import CTesseract
import Foundation

/// One Tesseract engine (its C API, `TessBaseAPI`), for one thread: made once per decoding thread,
/// since loading a language's model costs more than reading a photo without much text.
///
/// Each recognition is bounded: the picture is never larger than ``TextReading/side`` pixels a side
/// (a decode, never the full-size photo), and Tesseract's monitor (`ETEXT_DESC`) stops it at
/// ``deadline`` milliseconds, what it read until then kept. A photo full of tiny text therefore
/// costs at most that.
final class TextRecognizer {
    /// A word as Tesseract read it: its text, its confidence (0 ... 100), its box in the picture's
    /// pixels, and the text line it is on (counted from 0 in reading order).
    struct Word: Sendable, Equatable {
        let text: String
        let confidence: Float
        let left, top, right, bottom: Int
        let line: Int
    }

    /// Why an engine could not be made.
    struct Unavailable: Error, CustomStringConvertible {
        let languages: String
        var description: String {
            "Tesseract could not load the language data '\(languages)' (install tesseract-ocr-eng, or the tesseract-ocr-LANG package the library's text_languages setting names)"
        }
    }

    /// The milliseconds one recognition may take before Tesseract's monitor stops it.
    static let deadline: Int32 = 8000

    private let handle: OpaquePointer
    /// The library's functions (``Libraries/tesseract``).
    private let api: cull_tesseract
    /// The languages the engine was made for (`eng`, `eng+deu`).
    let languages: String

    /// An engine for `languages` (Tesseract's `+`-separated codes), from the data Debian installs.
    init(languages: String = "eng", library api: cull_tesseract) throws(Unavailable) {
        guard let handle = api.TessBaseAPICreate() else { throw Unavailable(languages: languages) }
        // This thread's OpenMP team: one (see cull_tesseract.h). Leptonica's messages (a box outside the picture
        // while Tesseract segments a texture) are its own business, not the user's terminal's.
        api.omp_set_num_threads(1)
        _ = api.setMsgSeverity(6)  // L_SEVERITY_NONE
        // The LSTM engine only (the legacy one's data is not in Debian's packages), quietly: no
        // debug file, no "Estimating resolution" on stderr.
        var names = ["debug_file"], values = ["/dev/null"]
        let code = withCStrings(names) { namePointers in
            withCStrings(values) { valuePointers in
                var names = namePointers, values = valuePointers
                return api.TessBaseAPIInit4(handle, nil, languages, OEM_LSTM_ONLY, nil, 0, &names, &values, 1, 0)
            }
        }
        names.removeAll()
        values.removeAll()
        guard code == 0 else {
            api.TessBaseAPIDelete(handle)
            throw Unavailable(languages: languages)
        }
        self.handle = handle
        self.api = api
        self.languages = languages
    }

    deinit {
        api.TessBaseAPIEnd(handle)
        api.TessBaseAPIDelete(handle)
    }

    /// How Tesseract looks for the text on a picture.
    enum Layout {
        /// Its own page-layout analysis (blocks and columns found, pictures left out), over the
        /// picture made black and white at one threshold (Otsu's).
        case page
        /// The picture is one block of text, made black and white by each pixel's neighbourhood
        /// (Sauvola's): on a photographed page (paper shaded top to bottom, the camera's grain)
        /// one threshold blackens the darker half and the analysis finds no block to read.
        case block
    }

    /// The words Tesseract reads in the grey `image`, in reading order (an empty list where it reads none).
    func words(in image: DecodedImage, layout: Layout = .page) -> [Word] {
        let grey = image.grey
        api.TessBaseAPISetPageSegMode(handle, layout == .page ? PSM_AUTO : PSM_SINGLE_BLOCK)
        _ = api.TessBaseAPISetVariable(handle, "thresholding_method", layout == .page ? "0" : "2")
        grey.pixels.withUnsafeBufferPointer { pixels in
            api.TessBaseAPISetImage(handle, pixels.baseAddress, Int32(grey.width), Int32(grey.height), 1, Int32(grey.width))
        }
        // A photo has no resolution Tesseract could use; 300 is what its own scans assume, and keeps it from guessing.
        api.TessBaseAPISetSourceResolution(handle, 300)
        defer { api.TessBaseAPIClear(handle) }
        guard let monitor = api.TessMonitorCreate() else { return [] }
        defer { api.TessMonitorDelete(monitor) }
        api.TessMonitorSetDeadlineMSecs(monitor, Self.deadline)
        // Past the deadline Tesseract stops and still answers what it read (a non-zero code).
        _ = api.TessBaseAPIRecognize(handle, monitor)
        return collect()
    }

    /// The words of the last recognition, through Tesseract's result iterator.
    private func collect() -> [Word] {
        guard let iterator = api.TessBaseAPIGetIterator(handle) else { return [] }
        defer { api.TessResultIteratorDelete(iterator) }
        var words: [Word] = []
        var line = -1
        let page = api.TessResultIteratorGetPageIterator(iterator)
        repeat {
            if api.TessPageIteratorIsAtBeginningOf(page, RIL_TEXTLINE) != 0 { line += 1 }
            guard let text = api.TessResultIteratorGetUTF8Text(iterator, RIL_WORD) else { continue }
            defer { api.TessDeleteText(text) }
            var left: Int32 = 0, top: Int32 = 0, right: Int32 = 0, bottom: Int32 = 0
            guard api.TessPageIteratorBoundingBox(page, RIL_WORD, &left, &top, &right, &bottom) != 0 else { continue }
            words.append(Word(text: String(decoding: UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self).bufferUntilNUL, as: UTF8.self),
                              confidence: api.TessResultIteratorConfidence(iterator, RIL_WORD),
                              left: Int(left), top: Int(top), right: Int(right), bottom: Int(bottom), line: max(line, 0)))
            if words.count >= TextReading.maxWords { break }
        } while api.TessResultIteratorNext(iterator, RIL_WORD) != 0
        return words
    }
}

private extension UnsafePointer where Pointee == UInt8 {
    /// The bytes up to the first NUL.
    var bufferUntilNUL: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: self, count: strlen(UnsafeRawPointer(self).assumingMemoryBound(to: CChar.self))) }
}

/// Calls `body` with C strings of `strings`, valid only within it.
private func withCStrings<R>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> R) -> R {
    let pointers = strings.map { strdup($0) }
    defer { pointers.forEach { free($0) } }
    return body(pointers)
}
