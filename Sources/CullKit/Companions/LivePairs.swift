/// Live Photos: a photo and its short video are two assets that leave together or not at all.
///
/// They are a pair only with evidence: Apple's ContentIdentifier on both (`live_id`, read from the
/// QuickTime `com.apple.quicktime.content.identifier` and the Apple MakerNote), or, when copies lost
/// it, a photo and a video of the same folder and stem where the video lasts at most
/// ``maximumSeconds`` and was taken within ``clockSlack`` seconds of the photo. A same-stem video
/// alone (a 10 s clip named like a photo) is no evidence: it is an asset of its own.
public enum LivePairs {
    /// Apple's Live Photo videos last about 1.5–3 s.
    static let maximumSeconds = 3.5
    /// The two halves' capture times differ by about a second.
    static let clockSlack = 2

    /// Gives evidence-based pairs a shared `live_id`: the one half's ContentIdentifier, or
    /// `name:FOLDER/STEM` when neither has one; name pairs that lost their evidence lose it.
    /// Run after a scan wrote its changes.
    static func pairByEvidence(_ db: Database) throws {
        let stem = { (alias: String) in
            "lower(substr(\(alias).name, 1, length(\(alias).name) - length(\(alias).extension) - 1))"
        }
        try db.transaction {
            // A range, not LIKE, so the partial index on live_id finds them.
            try db.execute("UPDATE assets SET live_id = NULL WHERE live_id >= 'name:' AND live_id < 'name;'")
            // Either half may have kept its ContentIdentifier (a MOV keeps it when its HEIC became a
            // JPEG): the pair then shares that one, as long as it names no other pair already.
            try db.execute("""
                WITH candidates AS (
                    SELECT p.id AS photo, v.id AS video,
                        coalesce(p.live_id, v.live_id, 'name:' || lower(p.folder) || '/' || \(stem("p"))) AS live
                    FROM assets p JOIN assets v ON v.folder = p.folder AND v.kind = ?5 AND \(stem("v")) = \(stem("p"))
                    WHERE p.kind = ?4 AND (p.live_id IS NULL OR v.live_id IS NULL) AND p.broken = 0 AND v.broken = 0
                      AND v.duration IS NOT NULL AND v.duration <= ?1
                      AND ((p.taken_utc IS NOT NULL AND v.taken_utc IS NOT NULL AND abs(p.taken_utc - v.taken_utc) <= ?2)
                           OR (p.taken IS NOT NULL AND v.taken IS NOT NULL AND abs(p.taken - v.taken) <= ?3))
                      AND NOT EXISTS (SELECT 1 FROM assets o WHERE o.live_id = p.live_id AND o.kind <> ?4)
                      AND NOT EXISTS (SELECT 1 FROM assets o WHERE o.live_id = v.live_id AND o.kind <> ?5)
                ),
                pairs AS (SELECT photo, video, live FROM candidates GROUP BY photo)
                UPDATE assets SET live_id = (SELECT live FROM pairs WHERE pairs.photo = assets.id OR pairs.video = assets.id)
                WHERE id IN (SELECT photo FROM pairs UNION SELECT video FROM pairs)
                """, [.real(maximumSeconds), .integer(Int64(clockSlack)), .integer(Int64(clockSlack)),
                   .text(MediaKind.photo.rawValue), .text(MediaKind.video.rawValue)])
        }
    }

    /// Every paired asset's other halves (same `live_id`, the other kind), in one query.
    static func partners(_ db: Database) throws -> [Int64: [Int64]] {
        var result: [Int64: [Int64]] = [:]
        try db.forEachRow(partnersSQL) { row in
            result[row.int64("asset"), default: []].append(row.int64("partner"))
        }
        return result
    }

    /// Read through the index of the paired assets alone, which holds their kinds (`0038-live-kinds`):
    /// for `ORDER BY a.id` SQLite preferred a pass over the whole table (every plan runs this, most
    /// libraries pair few files), and a seek into the table for each half's kind cost 0.14 s at a million.
    static let partnersSQL = """
        SELECT a.id AS asset, b.id AS partner FROM assets a INDEXED BY assets_live JOIN assets b ON b.live_id = a.live_id AND b.kind <> a.kind
        WHERE a.live_id IS NOT NULL ORDER BY a.id, b.id
        """
}
