/// Where a commit puts files.
public enum CommitDestination: Sendable, Equatable {
    /// The FreeDesktop.org trash (default).
    case trash
    /// A quarantine folder keeping library-relative paths (`--to DIR`, absolute).
    case quarantine(String)
    /// Unlink (`--permanently`); cannot be undone.
    case permanently

    public var mode: CommitMode {
        switch self {
        case .trash: .trash
        case .quarantine: .quarantine
        case .permanently: .permanent
        }
    }
}

/// One file of a batch as the journal records it.
struct JournalItem: Sendable, RecordedIdentity {
    var seq: Int64
    var entry: Int64
    var role: JournalRole
    var assetID: Int64?
    /// Library-relative path bytes.
    var path: [UInt8]
    /// The identity the file must still have to be moved (from the index, or from lstat at journal time).
    var device: Int64
    var inode: Int64
    var size: Int64
    var mtimeNs: Int64
    /// Nil when the index row predates migration `0005-ctime`: compared without it then.
    var ctimeNs: Int64?
    /// Absolute destination (`files/NAME` or the quarantine path); nil for `--permanently`.
    var destination: [UInt8]?
    /// Absolute `.trashinfo` path in trash mode.
    var info: [UInt8]?
    var state: ItemState = .pending
    /// Why it stays (a skipped item), or why it will (a pending one the commit cannot place).
    var reason: SkipReason?

    /// True when `stat` is the journaled file, unchanged: its ctime is the journaled one, or
    /// `ownCtime`, the one this commit gave it by moving another of its names (a hard link).
    func matches(_ stat: FileIdentity, orOwnCtime ownCtime: Int64? = nil) -> Bool {
        if stat.isUnchanged(since: self) { return true }
        guard let ownCtime, ctimeNs != nil, stat.ctimeNs == ownCtime else { return false }
        var own = self
        own.ctimeNs = ownCtime
        return stat.isUnchanged(since: own)
    }

    /// True when `stat` is this item's file (device and inode) with its size: what a rename keeps
    /// (a rename changes the ctime), checked on what arrived at the destination.
    func isSameFile(_ stat: FileIdentity) -> Bool {
        stat.key == key && stat.size == size
    }

    /// Why `stat` differs from the journaled identity (for the receipt).
    func difference(_ stat: FileIdentity) -> String {
        var parts: [String] = []
        if stat.size != size { parts.append("size") }
        if stat.mtimeNs != mtimeNs { parts.append("mtime") }
        if let ctimeNs, stat.ctimeNs != ctimeNs, parts.isEmpty { parts.append("ctime") }
        if stat.inode != inode || stat.device != device { parts.append("replaced") }
        return "changed since staging (" + parts.joined(separator: ", ") + ")"
    }
}

extension JournalItem {
    /// The `commit_items` columns every read of an item selects (the commit's and undo's), by name.
    struct Columns: RowColumns {
        let seq, entry, role, assetID, path, device, inode, size, mtimeNs, destination, info: Row.Column

        init(_ row: Row) {
            (seq, entry, role, assetID) = (row.index("seq"), row.index("entry"), row.index("role"), row.index("asset_id"))
            (path, device, inode, size) = (row.index("path"), row.index("device"), row.index("inode"), row.index("size"))
            (mtimeNs, destination, info) = (row.index("mtime_ns"), row.index("destination"), row.index("info"))
        }
    }

    /// The item on `row`, with what the query says of its ctime, state and reason.
    init(row: Row, _ column: Columns, ctimeNs: Int64?, state: ItemState, reason: SkipReason?) {
        self.init(seq: row.int64(column.seq), entry: row.int64(column.entry), role: row.word(column.role),
                  assetID: row.optionalInt64(column.assetID), path: row.bytes(column.path) ?? [], device: row.int64(column.device),
                  inode: row.int64(column.inode), size: row.int64(column.size), mtimeNs: row.int64(column.mtimeNs), ctimeNs: ctimeNs,
                  destination: row.bytes(column.destination), info: row.bytes(column.info), state: state, reason: reason)
    }
}

extension Database {
    /// Runs the writes of a commit, an undo or their recovery: every transaction synced in full
    /// (`synchronous = FULL`: a booked chunk survives a power cut), and the schema's CHECK
    /// constraints not evaluated.
    ///
    /// Those writes bind only the typed words of ``ItemState``, ``JournalRole``, ``SkipWord``,
    /// ``CommitState``, ``UndoState``, ``UndoItemState`` and ``StagingStatus`` (the tests of
    /// `Schema/` check that the CHECKs accept every case of each), or copy rows that passed the
    /// constraints when they were written (the index rows saved for undo and put back by it). Yet
    /// SQLite 3.40 builds a temporary table for each `IN (...)` list of a CHECK at every row it
    /// checks: for 10,000 journal rows, inserted and then booked, that was a sixth of a commit's
    /// instructions. NOT NULL, UNIQUE and foreign keys still hold.
    func journaling<T>(_ body: () throws -> T) throws -> T {
        try execute("PRAGMA synchronous = FULL")
        try execute("PRAGMA ignore_check_constraints = ON")
        defer {
            try? execute("PRAGMA ignore_check_constraints = OFF")
            try? execute("PRAGMA synchronous = NORMAL")
        }
        return try body()
    }
}

/// Reads and writes `commits` / `commit_items` (migration `0002-commits`).
enum Journal {
    static let columns = "seq, entry, role, asset_id, path, device, inode, size, mtime_ns, destination, info, state, reason, skip, ctime_ns"

    /// Journals `items` of batch `commit`, many rows per statement.
    static func insert(_ db: Database, commit: Int64, _ items: [JournalItem]) throws {
        try db.insertRows(width: 16, count: items.count, { "INSERT INTO commit_items (commit_id, \(columns)) VALUES " + $0 }) { index, values in
            let item = items[index]
            // Appended in place: concatenating the row's parts first made two more arrays a row.
            values += [.integer(commit), .integer(item.seq), .integer(item.entry), item.role.sql, item.assetID.sqlValue,
                       .blob(item.path), .integer(item.device), .integer(item.inode), .integer(item.size),
                       .integer(item.mtimeNs), item.destination.map(SQLValue.blob) ?? .null,
                       item.info.map(SQLValue.blob) ?? .null, item.state.sql]
            values += Self.values(item.reason)
            values.append(item.ctimeNs.sqlValue)
        }
    }

    /// Items of `commit`, in order, optionally only those in `states`.
    static func items(_ db: Database, commit: Int64, states: [ItemState]? = nil) throws -> [JournalItem] {
        var sql = "SELECT \(columns) FROM commit_items WHERE commit_id = ?"
        var arguments: [SQLValue] = [.integer(commit)]
        if let states {
            sql += " AND state IN (" + states.map { _ in "?" }.joined(separator: ", ") + ")"
            arguments += states.map(\.sql)
        }
        sql += " ORDER BY seq"
        var result: [JournalItem] = []
        try db.prepare(sql).forEachRow(arguments, ItemColumns.self) { row, columns in
            result.append(JournalItem(row: row, columns.item, ctimeNs: row.optionalInt64(columns.ctimeNs),
                                      state: row.word(columns.state),
                                      reason: row.string(columns.reason).map { SkipReason(journaled: row.string(columns.skip), text: $0) }))
        }
        return result
    }

    /// The columns ``items(_:commit:states:)`` reads: an item's, with its ctime, state and reason.
    private struct ItemColumns: RowColumns {
        let item: JournalItem.Columns
        let ctimeNs, state, reason, skip: Row.Column

        init(_ row: Row) {
            item = JournalItem.Columns(row)
            (ctimeNs, state, reason, skip) = (row.index("ctime_ns"), row.index("state"), row.index("reason"), row.index("skip"))
        }
    }

    /// The values of `reason, skip` for `reason`: its sentence and its kind.
    static func values(_ reason: SkipReason?) -> [SQLValue] {
        [reason.map { .text($0.description) } ?? .null, reason?.word?.sql ?? .null]
    }

    static func setState(_ db: Database, commit: Int64, seq: Int64, state: ItemState, reason: SkipReason? = nil) throws {
        try db.execute("UPDATE commit_items SET state = ?, reason = ?, skip = ? WHERE commit_id = ? AND seq = ?",
                       [state.sql] + values(reason) + [.integer(commit), .integer(seq)])
    }

    static func setDestination(_ db: Database, commit: Int64, item: JournalItem) throws {
        try db.execute("UPDATE commit_items SET destination = ?, info = ? WHERE commit_id = ? AND seq = ?",
                       [item.destination.map(SQLValue.blob) ?? .null, item.info.map(SQLValue.blob) ?? .null,
                        .integer(commit), .integer(item.seq)])
    }

    /// The mode and target of a batch.
    static func destination(_ db: Database, commit: Int64) throws -> CommitDestination? {
        var result: CommitDestination?
        try db.forEachRow("SELECT mode, target FROM commits WHERE id = ?", [.integer(commit)]) { row in
            switch row.word("mode", as: CommitMode.self) {
            case .quarantine: result = .quarantine(String(decoding: row.bytes("target") ?? [], as: UTF8.self))
            case .permanent: result = .permanently
            case .trash: result = .trash
            }
        }
        return result
    }
}
