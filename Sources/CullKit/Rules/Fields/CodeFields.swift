/// Fields of the QR codes and barcodes read in a photo (``CodeCache``, ZBar). A run whose rules
/// read them reads the codes of the photos those rules' other conditions leave (only of photos not
/// read yet); a photo with no code, or not read, has none, and a test never matches it.
enum CodeFields {
    static let all: [Field] = [
        Field("code", .enumeration(CodeKind.allCases.map(\.rawValue)),
              doc: "The kinds of code read in the photo (ZBar): `qr`, `ean13`, `ean8`, `upca`, `upce`, `code128`, `code39`, `code93`. "
                  + "A photo may carry several; missing when none was read. A boarding pass, a ticket, a Wi-Fi code, a parcel label.",
              examples: ["code: qr", "code: [qr, code128]", "code: {exists: true}"]) { _ in [SQLFragment(sql: CodeCache.current("kinds"))] }
            .overLists(),
        Field("code_text", .text(.labelList),
              doc: "The payload of each code read in the photo (each tested on its own, ignoring letter case; at most "
                  + "\(CodeScanner.maxPayloadBytes) bytes of each is kept): globs, or `matches:` for a regular expression. "
                  + "Missing when no code was read.",
              examples: ["code_text: \"WIFI:*\"", "code_text: {matches: \"^M1[A-Z]\"}"]) { _ in [SQLFragment(sql: CodeCache.current("texts"))] },
    ]

    static let names: Set<String> = Set(all.map(\.name))
}

extension Rule {
    /// True when the rule reads the codes of a photo: the run reads the codes of the photos it may match first.
    public var readsCodes: Bool { match.readsCodes }
}

extension Predicate {
    /// True when the predicate reads the codes of a photo (`code`, `code_text`).
    public var readsCodes: Bool { conditions.contains { CodeFields.names.contains($0.field.name) } }
}
