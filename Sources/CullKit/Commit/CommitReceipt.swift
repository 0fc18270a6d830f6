import Foundation

/// What a commit actually did, read back from the journal: the committed subset, never the request.
public struct CommitReceipt: Sendable {
    /// One file left in place, and why.
    public struct Skip: Sendable, Equatable {
        /// Library-relative path bytes.
        public let path: [UInt8]
        public let role: JournalRole
        public let reason: SkipReason
    }

    public let commit: Int64
    public let destination: CommitDestination
    /// Primaries moved (or deleted with `--permanently`).
    public let moved: Int
    /// Sidecars and Live Photo halves moved with them.
    public let companionsMoved: Int
    /// Staged files that were already gone (their rows are cleaned).
    public let alreadyGone: Int
    public let skipped: [Skip]
    /// Bytes of every file moved.
    public let bytes: Int64
    /// True when Ctrl-C or SIGTERM stopped the batch: what moved is booked, the rest is still staged.
    public let cancelled: Bool
    /// Primaries not attempted because the batch was cancelled (still staged, in place).
    public let stillStaged: Int
    /// The trash folders the files went to (`…/Trash`, or a volume's `.Trash-UID`), absolute, in
    /// byte order: where `trash-list` and a file manager find them. Empty for other destinations.
    public var trashes: [[UInt8]] = []

    /// Per catalog in use, how many of the files that moved it still lists (Cull never writes another
    /// application's catalog: they show as missing there until removed there, or until `cull undo`).
    public var stillListed: [StillListed] = []

    public struct StillListed: Sendable, Equatable {
        public let application: String
        public let catalog: String
        public let files: Int
    }

    /// True when something was skipped (exit code 3).
    public var isPartial: Bool { !skipped.isEmpty }

    /// Reads the receipt of batch `commit`.
    public static func load(_ db: Database, commit: Int64) throws -> CommitReceipt {
        var moved = 0, companions = 0, gone = 0, pending = 0
        var bytes: Int64 = 0
        try db.forEachRow("""
            SELECT state, role, count(*) AS items, coalesce(sum(size), 0) AS bytes FROM commit_items
            WHERE commit_id = ? GROUP BY 1, 2
            """, [.integer(commit)]) { row in
            let primary = row.word("role", as: JournalRole.self) == .primary
            let count = row.int("items")
            switch row.word("state", as: ItemState.self) {
            case .gone: if primary { gone += count }
            case .pending: if primary { pending += count }
            case .moved, .restored:
                if primary { moved += count } else { companions += count }
                bytes += row.int64("bytes")
            case .skipped: break
            }
        }
        var skipped: [Skip] = []
        try db.forEachRow("SELECT path, role, reason, skip FROM commit_items WHERE commit_id = ? AND state = ? ORDER BY seq",
                          [.integer(commit), ItemState.skipped.sql]) { row in
            skipped.append(Skip(path: row.bytes("path") ?? [], role: row.word("role"), reason: SkipReason(journaled: row.string("skip"), text: row.string("reason") ?? "skipped")))
        }
        let cancelled = CommitState(stored: try db.scalar("SELECT state FROM commits WHERE id = ?", [.integer(commit)])?.string) == .cancelled
        let destination = try Journal.destination(db, commit: commit) ?? .trash
        var receipt = CommitReceipt(commit: commit, destination: destination,
                                    moved: moved, companionsMoved: companions, alreadyGone: gone, skipped: skipped, bytes: bytes,
                                    cancelled: cancelled, stillStaged: cancelled ? pending : 0)
        if destination == .trash { receipt.trashes = try trashes(db, commit: commit) }
        return receipt
    }

    /// The trash folders of the files batch `commit` moved: each destination is `TRASH/files/NAME`.
    static func trashes(_ db: Database, commit: Int64) throws -> [[UInt8]] {
        var folders = Set<[UInt8]>()
        try db.forEachRow("SELECT destination FROM commit_items WHERE commit_id = ? AND state IN (?, ?) AND destination IS NOT NULL",
                          [.integer(commit), ItemState.moved.sql, ItemState.restored.sql]) { row in
            if let destination = row.bytes("destination") { folders.insert(PathBytes.parent(PathBytes.parent(destination))) }
        }
        return folders.sorted { PathBytes.precedes($0, $1) }
    }

    /// Closes batch `commit` with its counts, in one transaction: state `done`, or `cancelled` when
    /// an interruption stopped it. A cancelled batch's pending items never moved and never will (they
    /// are still staged, and only an `open` batch is rolled forward): their journal rows go with the
    /// close, so interrupted commits do not pile up rows of files still in the library.
    static func book(_ db: Database, commit: Int64, finishedAt: Int64, cancelled: Bool = false) throws -> CommitReceipt {
        try db.transaction {
            try db.execute("UPDATE commits SET state = ? WHERE id = ?", [(cancelled ? CommitState.cancelled : .done).sql, .integer(commit)])
            let receipt = try load(db, commit: commit)
            try db.execute("""
                UPDATE commits SET finished_at = ?, moved = ?, gone = ?, skipped = ?, bytes = ? WHERE id = ?
                """, [.integer(finishedAt), .integer(Int64(receipt.moved + receipt.companionsMoved)),
                      .integer(Int64(receipt.alreadyGone)), .integer(Int64(receipt.skipped.count)),
                      .integer(receipt.bytes), .integer(commit)])
            if cancelled {
                try db.execute("DELETE FROM commit_items WHERE commit_id = ? AND state = ?", [.integer(commit), ItemState.pending.sql])
            }
            return receipt
        }
    }

    /// The counts for `.cull/log` (never paths).
    public func logFields() -> [String: RunLog.Field] {
        ["commit": .int(commit), "mode": .string(destination.mode.rawValue), "moved": .int(Int64(moved)),
         "companions": .int(Int64(companionsMoved)), "gone": .int(Int64(alreadyGone)),
         "skipped": .int(Int64(skipped.count)), "bytes": .int(bytes), "cancelled": .bool(cancelled)]
    }

    /// The line `command` (`commit`) appends to `.cull/log`: the counts, how long it took since
    /// `started`, and its exit code.
    public func logFields(command: String, since started: Date, exit: Int32) -> [String: RunLog.Field] {
        var fields = logFields()
        fields["command"] = .string(command)
        fields["ms"] = .int(Int64(Date().timeIntervalSince(started) * 1000))
        fields["exit"] = .int(Int64(exit))
        return fields
    }
}

extension CommitReceipt {
    /// Per catalog in use, how many of the files commit `commit` moved it still lists.
    static func stillListed(_ db: Database, commit: Int64) throws -> [StillListed] {
        // Asked first: with no catalog in use, the moved paths need not be read at all.
        let catalogs = try CatalogStore.used(db)
        guard !catalogs.isEmpty else { return [] }
        var moved: [[UInt8]] = []
        try db.forEachRow("SELECT path FROM commit_items WHERE commit_id = ? AND role = ? AND state = ?",
                          [.integer(commit), JournalRole.primary.sql, ItemState.moved.sql]) { row in
            moved.append(CatalogPaths.key(indexed: row.bytes("path") ?? []))
        }
        guard !moved.isEmpty else { return [] }
        var result: [StillListed] = []
        let lists = try db.cached("SELECT 1 FROM catalog_entries WHERE catalog_id = ? AND path = ?")
        for catalog in catalogs {
            var count = 0
            for path in moved {
                var found = false
                try lists.forEachRow([.integer(catalog.id), PathBytes.sqlValue(path)]) { _ in found = true }
                if found { count += 1 }
            }
            if count > 0 { result.append(.init(application: catalog.kind.application, catalog: catalog.path, files: count)) }
        }
        return result
    }
}
