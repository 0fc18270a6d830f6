/// The line `cull plan --explain PATH` gives of whether one file came back after a commit took it
/// (when a rule of the run reads `returned`): which commit took which file, when, and the evidence.
/// The line is plain text: the terminal sink escapes control characters in the path where it prints it.
public enum ReturnedExplanation {
    public static func line(db: Database, assetID: Int64) throws -> String {
        var line = "  returned: no (not the same bytes or picture as a file a commit took before it was indexed)"
        try db.forEachRow("""
            SELECT r.commit_id, r.evidence, r.distance, i.path, c.started_at
            FROM returns r JOIN commit_items i ON i.commit_id = r.commit_id AND i.seq = r.seq JOIN commits c ON c.id = r.commit_id
            WHERE r.asset_id = ?
            """, [.integer(assetID)]) { row in
            let evidence = row.word("evidence", as: ReturnEvidence.self).phrase(distance: row.int("distance"))
            line = "  returned: came back: \(evidence) as \(PathBytes.display(row.bytes("path") ?? [])), which commit \(row.int64("commit_id")) "
                + "took on \(CivilDate.iso8601(row.int64("started_at"), offsetMinutes: 0))"
        }
        return line
    }
}
