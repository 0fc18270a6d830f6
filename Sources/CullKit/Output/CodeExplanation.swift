/// The line `cull plan --explain PATH` gives of the QR codes and barcodes read in one file (when a
/// rule of the run reads them): their kinds and payloads, none, or why they were not read. The
/// line is plain text: the terminal sink escapes the payloads' control characters where it prints it.
public enum CodeExplanation {
    public static func line(db: Database, assetID: Int64) throws -> String {
        var line = "  codes: not read (no rule of this run reads them for this file, or the file changed since)"
        try db.forEachRow("""
            SELECT \(CodeCache.current("kinds")) AS kinds, \(CodeCache.current("texts")) AS texts,
                   \(CodeCache.current("failure")) AS failure, \(CodeCache.current("asset_id")) AS read
            FROM assets a WHERE a.id = ?
            """, [.integer(assetID)]) { row in
            if let failure = row.string("failure") {
                line = "  codes: could not be decoded (\(failure))"
                return
            }
            guard row.optionalInt64("read") != nil else { return }
            let kinds = ValueList.decode(row.string("kinds"))
            guard !kinds.isEmpty else {
                line = "  codes: none read"
                return
            }
            let texts = ValueList.decode(row.string("texts")).map { "\"\($0)\"" }
            line = "  codes: " + kinds.joined(separator: ", ") + (texts.isEmpty ? "" : "; text " + texts.joined(separator: ", "))
        }
        return line
    }
}
