import Foundation

/// The line `cull plan --explain PATH` and `cull show` give what was read of one file's text: how many
/// words, whether it is a document and why, the start of the text; or why nothing was read.
/// The line is plain text: the recognised text came from a photo, so every sink escapes it (a terminal
/// its control characters, the review page its markup).
public enum TextExplanation {
    /// The characters of the text shown at most (the whole text is `cull find --format json`'s).
    static let shownCharacters = 80

    public static func line(db: Database, assetID: Int64) throws -> String {
        var line = "  text: not read (no rule of this run reads text, or the file changed since)"
        try db.forEachRow("""
            SELECT \(TextCache.current("recognized")) AS recognized, \(TextCache.current("text")) AS text,
                   \(TextCache.current("words")) AS words, \(TextCache.current("document")) AS document,
                   \(TextCache.current("coverage")) AS coverage, \(TextCache.current("turn")) AS turn,
                   \(TextCache.current("failure")) AS failure
            FROM assets a WHERE a.id = ?
            """, [.integer(assetID)]) { row in
            if let failure = row.string("failure") {
                line = "  text: could not be decoded (\(failure))"
                return
            }
            guard let recognized = row.optionalInt64("recognized") else { return }
            guard recognized != 0 else {
                line = "  text: none (no lines of text in the picture: not sent to the OCR)"
                return
            }
            let words = Int(row.optionalInt64("words") ?? 0), turn = row.optionalInt64("turn") ?? 0
            let coverage = Int(((row.optionalDouble("coverage") ?? 0) * 100).rounded())
            let document = row.optionalInt64("document") == 1
            let verdict = document ? "a document" : "not a document"
            let turned = turn == 0 ? "" : ", read turned \(turn)°"
            let text = row.string("text").map { text in
                let shown = text.count > shownCharacters ? String(text.prefix(shownCharacters)) + "…" : text
                return ": \"\(shown)\""
            } ?? ""
            line = "  text: \(English.count(words, "word")) read with confidence, \(verdict) "
                + "(text over \(coverage)% of the frame\(turned))" + text
        }
        return line
    }
}
