import Foundation

/// Everything Cull knows of one indexed file, with where each thing comes from (`cull show FILE`):
/// the rule fields as `cull find` gives them, what the pixels measured, what stands against the
/// file, every source of a decision (catalogs, sidecars, the file), its companions, the groups it is
/// in, its staging and the commits and undos it went through.
///
/// Made by ``make(_:path:root:context:progress:)``, which first brings up to date what is cheap to know of one file
/// and cached like every feature: its image features and codes (decodes of this file alone) and the content
/// hashes that say whether it has copies (only files that share its size are read).
public struct FileReport: Sendable {
    /// The file, relative to the library root.
    public let path: [UInt8]
    /// The rule fields, as `cull find --format json` prints them (``AssetJSON``).
    public let fields: JSONValue
    /// What the decode measured: sharpness and whether that is blurry, featureless, or why not measured.
    public let image: String?
    /// Damage, a decoder's refusal or a failed read (``ReadState``); nil when it read whole.
    public let readState: ReadState?
    /// Each decision and where it comes from, value by value (``DecisionSources``).
    public let decisions: [String]
    /// Files that travel with it: sidecars, the other half of a Live Photo or RAW+JPEG pair.
    public let companions: [Companion]
    /// The groups it is in, each with its other members.
    public let groups: [Group]
    /// Staged, kept or new, and by what.
    public let staging: Staging
    /// The commits and undos that moved it, oldest first.
    public let history: [Event]
    /// What was read of its text (``TextExplanation``); nil when it is not indexed.
    public var text: String?

    /// A file that travels with this one.
    public struct Companion: Sendable {
        public let role: String
        public let path: [UInt8]
    }

    /// One group the file is in.
    public struct Group: Sendable {
        public enum Kind: String, Sendable {
            /// The same bytes under another name.
            case copies
            /// Another name for the same file (a hard link).
            case hardLinks = "hard_links"
            /// The nearest photo by perceptual hash, within ``SimilarGroups/maxDistance`` (not a group
            /// yet: a rule's distance decides).
            case nearestLookAlike = "nearest_look_alike"
            case burst
            case livePhoto = "live_photo"
            /// A set the user declared distinct (`cull distinct`).
            case distinct
        }
        public let kind: Kind
        public let others: [[UInt8]]
        /// What the group is keyed by, in words ("burst 4711", "12 bits apart").
        public let detail: String?
    }

    /// Where the file stands in the trash staging.
    public struct Staging: Sendable {
        public let status: StagingStatus
        /// The rule (and its file) that staged it; nil when staged by hand or not staged.
        public let rule: String?
        public let ruleFile: String?
        /// When it was staged or marked kept.
        public let at: Int64?
        /// The keeper it was staged as a redundant copy of, if it was.
        public let keeper: [UInt8]?
    }

    /// A commit or an undo that moved the file.
    public struct Event: Sendable {
        public enum Action: String, Sendable {
            case committed, undone
        }
        /// What became of the file in that batch, as its journal recorded it.
        public enum Outcome: String, Sendable {
            case pending, moved, gone, skipped, restored, refused
        }
        public let action: Action
        /// The commit's number (an undo names the commit it undid).
        public let commit: Int64
        public let outcome: Outcome
        public let reason: String?
        /// Where a commit moved it (in the trash or the quarantine folder), absolute.
        public let destination: [UInt8]?
        public let at: Int64
    }

    /// The report on `path` (relative to `root`), or nil when it is not indexed and no commit
    /// journaled it (`context` reads the rule fields, as `cull find`'s). Computes the file's image features and the content hashes of the files of its
    /// size when they are not current; `progress` shows that hashing.
    public static func make(_ db: Database, path: [UInt8], root: String, context: CompileContext,
                            progress: HashProgress? = nil) throws -> FileReport? {
        let history = try events(db, path: path)
        guard let id = try assetID(db, path: path) else {
            if history.isEmpty { return nil }
            return FileReport(path: path, fields: .null, image: nil, readState: nil, decisions: [], companions: [], groups: [],
                              staging: Staging(status: .new, rule: nil, ruleFile: nil, at: nil, keeper: nil), history: history)
        }
        _ = try FeatureCache(db: db, root: root).refresh(among: [id])
        // Without libtesseract (or its language data) or libzbar, the rest is shown and those fields stay unread.
        do { _ = try TextCache(db: db, root: root).refresh(scope: "a.id = \(id)") } catch is LibraryUnavailable {
        } catch is TextRecognizer.Unavailable {}
        do { _ = try CodeCache(db: db, root: root).refresh(among: [id]) } catch is LibraryUnavailable {}
        if try sharesItsSize(db, id) { try HashCache(db: db, root: root).refresh(progress: progress) }
        var fields = JSONValue.null
        let query = AssetJSON.query(assetID: id, context)
        let statement = try db.prepare(query.sql)
        let columns = statement.columns
        try statement.forEachRow(query.arguments) { fields = AssetJSON.object($0, columns: columns) }
        var report = FileReport(path: path, fields: fields, image: try FeatureExplanation.line(db: db, assetID: id),
                          readState: try ReadState.of(db, assetID: id),
                          decisions: try DecisionSources.lines(db: db, root: root, assetID: id, path: path),
                          companions: try companions(db, id), groups: try groups(db, id), staging: try staging(db, id),
                          history: history)
        report.text = try TextExplanation.line(db: db, assetID: id)
        return report
    }

    private static func assetID(_ db: Database, path: [UInt8]) throws -> Int64? {
        if case let .integer(id)? = try db.scalar("SELECT id FROM assets WHERE path = ?", [PathBytes.sqlValue(path)]) { return id }
        return nil
    }

    private static func sharesItsSize(_ db: Database, _ id: Int64) throws -> Bool {
        try db.scalar("""
            SELECT 1 FROM assets a JOIN assets o ON o.size = a.size AND o.id != a.id AND (o.device, o.inode) != (a.device, a.inode)
            WHERE a.id = ? AND a.size > 0 LIMIT 1
            """, [.integer(id)]) != nil
    }

    private static func companions(_ db: Database, _ id: Int64) throws -> [Companion] {
        var found: [Companion] = []
        try db.forEachRow("SELECT role, path FROM companions WHERE asset_id = ? ORDER BY path", [.integer(id)]) { row in
            found.append(Companion(role: row.string("role") ?? "", path: row.bytes("path") ?? []))
        }
        return found
    }

    private static func paths(_ db: Database, _ sql: String, _ arguments: [SQLValue]) throws -> [[UInt8]] {
        var found: [[UInt8]] = []
        try db.forEachRow(sql, arguments) { row in found.append(row.bytes("path") ?? []) }
        return found.sorted { PathBytes.precedes($0, $1) }
    }

    private static func groups(_ db: Database, _ id: Int64) throws -> [Group] {
        var groups: [Group] = []
        let own: [SQLValue] = [.integer(id)]
        let copies = try paths(db, """
            SELECT o.path FROM assets a JOIN hashes h ON h.asset_id = a.id AND \(CachedRow.isCurrent("h", for: "a"))
            JOIN hashes g ON g.full = h.full AND g.asset_id != a.id
            JOIN assets o ON o.id = g.asset_id AND \(CachedRow.isCurrent("g", for: "o"))
            WHERE a.id = ? AND h.full IS NOT NULL AND (o.device, o.inode) != (a.device, a.inode)
            """, own)
        if !copies.isEmpty { groups.append(Group(kind: .copies, others: copies, detail: nil)) }
        let links = try paths(db, """
            SELECT o.path FROM assets a JOIN assets o ON o.device = a.device AND o.inode = a.inode AND o.id != a.id WHERE a.id = ?
            """, own)
        if !links.isEmpty { groups.append(Group(kind: .hardLinks, others: links, detail: nil)) }
        // Beyond the largest distance a rule may give, a nearest photo is no look-alike.
        if let near = try SimilarGroups.nearest(db, assetID: id), near.distance <= SimilarGroups.maxDistance {
            groups.append(Group(kind: .nearestLookAlike, others: [near.path], detail: English.count(near.distance, "bit") + " apart"))
        }
        for (kind, column) in [(Group.Kind.burst, "burst_id"), (.livePhoto, "live_id")] {
            guard case let .text(key)? = try db.scalar("SELECT \(column) FROM assets WHERE id = ?", own) else { continue }
            let others = try paths(db, "SELECT path FROM assets WHERE \(column) = ? AND id != ?", [.text(key), .integer(id)])
            if !others.isEmpty { groups.append(Group(kind: kind, others: others, detail: key)) }
        }
        var sets: [Int64] = []
        try db.forEachRow("""
            SELECT DISTINCT m.set_id FROM assets a JOIN hashes h ON h.asset_id = a.id JOIN distinct_members m ON m.hash = h.full
            WHERE a.id = ? AND \(CachedRow.isCurrent("h", for: "a")) ORDER BY m.set_id
            """, own) { sets.append($0.int64("set_id")) }
        for set in sets {
            let others = try paths(db, """
                SELECT DISTINCT o.path FROM distinct_members m JOIN hashes h ON h.full = m.hash JOIN assets o ON o.id = h.asset_id
                WHERE m.set_id = ? AND o.id != ? AND \(CachedRow.isCurrent("h", for: "o"))
                """, [.integer(set), .integer(id)])
            groups.append(Group(kind: .distinct, others: others, detail: "set \(set)"))
        }
        return groups
    }

    private static func staging(_ db: Database, _ id: Int64) throws -> Staging {
        var staging = Staging(status: .new, rule: nil, ruleFile: nil, at: nil, keeper: nil)
        try db.forEachRow("""
            SELECT r.status, r.rule, r.rule_file, r.at, k.path AS keeper FROM reviews r LEFT JOIN assets k ON k.id = r.keeper_id
            WHERE r.asset_id = ?
            """, [.integer(id)]) { row in
            staging = Staging(status: row.word("status"), rule: row.string("rule"), ruleFile: row.string("rule_file"),
                              at: row.optionalInt64("at"), keeper: row.bytes("keeper"))
        }
        return staging
    }

    private static func events(_ db: Database, path: [UInt8]) throws -> [Event] {
        var events: [Event] = []
        try db.forEachRow("""
            SELECT c.id, c.started_at, i.state, i.reason, i.destination FROM commit_items i JOIN commits c ON c.id = i.commit_id
            WHERE i.path = ? AND i.role = ? ORDER BY c.started_at, c.id
            """, [.blob(path), JournalRole.primary.sql]) { row in
            events.append(Event(action: .committed, commit: row.int64("id"), outcome: row.enumValue("state", as: Event.Outcome.self) ?? .pending,
                                reason: row.string("reason"), destination: row.bytes("destination"), at: row.int64("started_at")))
        }
        try db.forEachRow("""
            SELECT u.commit_id, u.started_at, x.state, x.reason FROM undo_items x JOIN undos u ON u.id = x.undo_id
            JOIN commit_items i ON i.commit_id = u.commit_id AND i.seq = x.seq
            WHERE i.path = ? AND i.role = ? ORDER BY u.started_at, u.id
            """, [.blob(path), JournalRole.primary.sql]) { row in
            events.append(Event(action: .undone, commit: row.int64("commit_id"), outcome: row.enumValue("state", as: Event.Outcome.self) ?? .pending,
                                reason: row.string("reason"), destination: nil, at: row.int64("started_at")))
        }
        return events.sorted { ($0.at, $0.action == .undone ? 1 : 0) < ($1.at, $1.action == .undone ? 1 : 0) }
    }
}
