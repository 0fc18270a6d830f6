extension Migration {
    /// Migration `0032-page-readings`: a photographed page Tesseract's layout analysis found no block
    /// on is now read again as one block (`TextReading`). A photo read before with fewer than 8
    /// words (its `fewWords` then; a migration's text never changes) may be such a page, so its
    /// reading goes, and a commit's copy of it (undo would put it back as current); the next plan
    /// that needs it reads it again.
    /// Photos the presence test found no text in, and readings of more words, are unchanged.
    static let m0032PageReadings = Migration(id: "0032-page-readings", sql: """
        DELETE FROM text_readings WHERE recognized = 1 AND words < 8;
        DELETE FROM commit_text_readings WHERE recognized = 1 AND words < 8;
        """)
}
