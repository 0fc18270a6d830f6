extension CacheTable {
    /// `text_readings` (migration `0027-text`): what the text test and Tesseract read of a photo
    /// (``TextReading``), or why it could not be decoded. `recognized` is 0 where the cheap
    /// presence test found no text (Tesseract never ran), 1 where it read the photo; `text` is NULL
    /// where no word was read with confidence.
    static let textReadings = CacheTable("text_readings", values: [
        Column(name: "recognized", declaration: "INTEGER"), Column(name: "text", declaration: "TEXT"),
        Column(name: "words", declaration: "INTEGER"), Column(name: "document", declaration: "INTEGER"),
        Column(name: "coverage", declaration: "REAL"), Column(name: "turn", declaration: "INTEGER"),
        Column(name: "failure", declaration: "TEXT"),
    ], constraints: ["CHECK ((failure IS NULL) = (recognized IS NOT NULL) AND (failure IS NULL) = (words IS NOT NULL) "
                     + "AND (failure IS NULL) = (document IS NOT NULL))"])
}

extension Migration {
    /// Migration `0027-text`: the text of each photo a rule of a run read text of (or `cull scan
    /// --text` read), for the identity it was read for (`text_readings`, see
    /// ``CacheTable/textReadings``), and the copy a commit keeps of its moved assets' rows so undo
    /// puts them back. Read only on demand: a photo is never sent to the OCR twice while it is the same file.
    static let m0027Text = Migration(id: "0027-text", sql: CacheTable.textReadings.createSQL)
}
