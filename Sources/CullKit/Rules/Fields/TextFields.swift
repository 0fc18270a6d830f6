/// Fields of the text a photo shows (``TextReading``), read with Tesseract. Reading costs up to a
/// second a photo, so a run reads only the photos a rule that uses one of these fields could still
/// match, after its other conditions (``Rule/textScope``), and keeps what it read by file identity;
/// a photo not read has none (`text_words` and `text` never match it, `document` is false).
enum TextFields {
    static let all: [Field] = [
        Field("text", .text(.label), operators: [.contains, .matches, .exists],
              doc: "The words read in the photo with confidence (Tesseract, in the library's `text_languages`, English by default), "
                  + "a line break between lines; none where no word was read. `contains:` finds a text ignoring letter case, "
                  + "`matches:` a regular expression (ignoring case too).",
              examples: ["text: {contains: \"total\"}", "text: {matches: \"boarding pass|gate [0-9]+\"}"]) { _ in
            [SQLFragment(sql: TextCache.current("text"))]
        },
        Field("text_words", .number(integer: true, range: 0 ... 100_000), column: TextCache.current("words"),
              doc: "How many words (of two letters or digits or more) were read with confidence in the photo; 0 for a photo without text.",
              examples: ["text_words: {gte: 20}"]),
        Field("document", .boolean,
              doc: "The photo is mainly a page, a receipt, a form, a whiteboard, a slide or a screen of text: at least "
                  + "\(TextReading.documentWords) words read with confidence on \(TextReading.documentLines) lines or more, "
                  + "their text covering at least \(Int(TextReading.documentCoverage * 100))% of the frame (one word on a street sign is not a document). "
                  + "Pages turned by 90° or 180° are read turned back. False when the photo was not read.",
              examples: ["document: true"]) { _ in
            ["COALESCE(\(sql: TextCache.current("document")), 0)"]
        },
    ]

    static let names: Set<String> = Set(all.map(\.name))
}

extension Predicate {
    /// True when the predicate reads a text field: the photos it could match are read first.
    public var readsText: Bool { conditions.contains { TextFields.names.contains($0.field.name) } }
}
