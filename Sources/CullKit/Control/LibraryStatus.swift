import Foundation

/// What `cull status` shows: one read-only look at the library. It never finishes an open commit or undo.
public struct LibraryStatus: Sendable {
    /// One row of the `commits` table.
    public struct CommitRow: Sendable {
        public let id: Int64
        public let state: CommitState
        public let mode: CommitMode
        public let moved: Int
        public let bytes: Int64
        /// Unix seconds: when it finished, else when it started.
        public let at: Int64
    }

    public let root: String
    /// Bytes of the index file and its write-ahead log.
    public let indexBytes: Int64
    public let assets: Int
    /// Staged files that are still there (as `cull trash` counts them) and their bytes.
    public let staged: Int
    public let stagedBytes: Int64
    public let kept: Int
    /// The `at` of the latest `scan` or `run` line in `.cull/log` (ISO 8601), if any.
    public let lastScan: String?
    public let lastCommit: CommitRow?
    /// "commit 3", "undo of commit 2": batches a crash left open.
    public let unfinished: [String]

    /// Reads the status of `library` from `db`; changes nothing.
    public static func read(library: Library, db: Database) throws -> LibraryStatus {
        let files = [library.indexPath, library.indexPath + "-wal"]
        let indexBytes = files.reduce(Int64(0)) { total, path in
            var info = stat()
            return total + (stat(path, &info) == 0 ? Int64(info.st_size) : 0)
        }
        let staged = try TrashListing.total(db: db)
        var lastCommit: CommitRow?
        try db.forEachRow("""
            SELECT id, state, mode, moved, bytes, COALESCE(finished_at, started_at) AS at FROM commits ORDER BY id DESC LIMIT 1
            """) { row in
            lastCommit = CommitRow(id: row.int64("id"), state: row.word("state"), mode: row.word("mode"),
                                   moved: row.int("moved"), bytes: row.int64("bytes"), at: row.int64("at"))
        }
        let lastScan = LibraryLog.entries(library: library).last { ["scan", "run"].contains($0.command) }?.at
        return LibraryStatus(
            root: library.root, indexBytes: indexBytes,
            assets: Int(try db.scalar("SELECT count(*) FROM assets")?.int64 ?? 0),
            staged: staged.count, stagedBytes: staged.bytes,
            kept: Int(try db.scalar("SELECT count(*) FROM reviews WHERE status = ?", [StagingStatus.kept.sql])?.int64 ?? 0),
            lastScan: lastScan, lastCommit: lastCommit,
            unfinished: try UnfinishedBatches.named(library: library, db: db))
    }
}

/// `.cull/log` read back, with the commits and undos the index records: what `cull log` shows.
public enum LibraryLog {
    /// One line of `.cull/log`: its command and time, and every field as it was written.
    public struct Entry: Sendable {
        public let command: String
        public let at: String
        public let fields: JSONValue
    }

    /// One batch: a commit or an undo, from the index.
    public struct Batch: Sendable {
        public enum Kind: String, Sendable { case commit, undo }

        public let kind: Kind
        public let commit: Int64
        /// An undo's state is one of a commit's words (`open`, `done`, `cancelled`).
        public let state: CommitState
        /// A commit's mode; nil for an undo.
        public let mode: CommitMode?
        public let moved: Int?
        public let bytes: Int64?
        public let startedAt: Int64
        public let finishedAt: Int64?
        /// A commit's files that came back since, as the last run reading `returned` found them
        /// (``ReturnedFiles``); empty for an undo.
        public var returned: [Return] = []
    }

    /// A file a commit took, come back: where it is now, where it left from, and how it was recognised.
    public struct Return: Sendable {
        public let path: [UInt8]
        public let from: [UInt8]
        public let evidence: ReturnEvidence
        public let distance: Int
    }

    /// The log's lines, oldest first; a line that is not a JSON object (a torn write) is skipped.
    public static func entries(library: Library) -> [Entry] {
        guard let data = FileManager.default.contents(atPath: library.controlDirectory + "/log") else { return [] }
        let decoder = JSONDecoder()
        return data.split(separator: UInt8(ascii: "\n")).compactMap { line in
            guard let decoded = try? decoder.decode(LoggedValue.self, from: Data(line)), case let .object(fields) = decoded.value else {
                return nil
            }
            func text(_ key: String) -> String {
                if case let .string(value)? = fields.first(where: { $0.0 == key })?.1 { return value }
                return ""
            }
            return Entry(command: text("command"), at: text("at"), fields: decoded.value)
        }
    }

    /// Every commit and undo, oldest first.
    public static func batches(db: Database) throws -> [Batch] {
        var batches: [Batch] = []
        try db.forEachRow("SELECT id, state, mode, moved, bytes, started_at, finished_at FROM commits") { row in
            batches.append(Batch(kind: .commit, commit: row.int64("id"), state: row.word("state"), mode: row.word("mode", as: CommitMode.self),
                                 moved: row.int("moved"), bytes: row.int64("bytes"), startedAt: row.int64("started_at"),
                                 finishedAt: row.optionalInt64("finished_at")))
        }
        var returned: [Int64: [Return]] = [:]
        try db.forEachRow("""
            SELECT r.commit_id, a.path, i.path AS from_path, r.evidence, r.distance
            FROM returns r JOIN assets a ON a.id = r.asset_id JOIN commit_items i ON i.commit_id = r.commit_id AND i.seq = r.seq
            ORDER BY a.path
            """) { row in
            returned[row.int64("commit_id"), default: []].append(Return(
                path: row.bytes("path") ?? [], from: row.bytes("from_path") ?? [], evidence: row.word("evidence"), distance: row.int("distance")))
        }
        for index in batches.indices { batches[index].returned = returned[batches[index].commit] ?? [] }
        try db.forEachRow("SELECT commit_id, state, started_at, finished_at FROM undos") { row in
            let state = row.word("state", as: UndoState.self)
            batches.append(Batch(kind: .undo, commit: row.int64("commit_id"), state: CommitState(stored: state.rawValue), mode: nil, moved: nil,
                                 bytes: nil, startedAt: row.int64("started_at"), finishedAt: row.optionalInt64("finished_at")))
        }
        return batches.sorted { ($0.startedAt, $0.kind.rawValue) < ($1.startedAt, $1.kind.rawValue) }
    }
}

/// A JSON value decoded from a log line: booleans, integers and text stay what they were written as.
private struct LoggedValue: Decodable {
    let value: JSONValue

    init(from decoder: any Decoder) throws {
        if let object = try? decoder.container(keyedBy: Key.self) {
            value = .object(try object.allKeys.map(\.stringValue).sorted().map {
                ($0, try object.decode(LoggedValue.self, forKey: Key(stringValue: $0)!).value)
            })
            return
        }
        let single = try decoder.singleValueContainer()
        if single.decodeNil() { value = .null }
        else if let flag = try? single.decode(Bool.self) { value = .bool(flag) }
        else if let number = try? single.decode(Int64.self) { value = .integer(number) }
        else if let number = try? single.decode(Double.self) { value = .number(number) }
        else if let text = try? single.decode(String.self) { value = .string(text) }
        else { value = .array(try single.decode([LoggedValue].self).map(\.value)) }
    }

    struct Key: CodingKey {
        let stringValue: String
        init?(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }
}
