import Dispatch
import Foundation

/// `cull undo [COMMIT]`: puts a committed batch back where it was, with the commit's journal
/// discipline: the items to bring back are journaled (`undos` / `undo_items`, migration
/// `0006-undo-journal`) before the first file moves, each chunk is booked once its moves are
/// durable, a crash leaves the undo `open` for the next writing command to roll forward, and
/// Ctrl-C closes it as `cancelled` with the rest still in the trash.
public enum CommitUndo {
    /// What undo did.
    public struct Report: Sendable {
        public let commit: Int64
        /// Files put back (primaries and companions).
        public let restored: Int
        /// Files left where they are, with the reason (e.g. a file exists at the original path).
        public let refused: [CommitReceipt.Skip]
        /// True when Ctrl-C or SIGTERM stopped it; ``remaining`` files are still in the trash.
        public let cancelled: Bool
        public let remaining: Int
    }

    /// Moves the `moved` items of `commit` (default: the latest committed batch) back, never
    /// overwriting a file that now exists at the original path; removes their `.trashinfo` files and
    /// re-inserts their index rows, marked `kept`: undoing a commit is the user deciding to keep
    /// those photos, and without it next night's `cull run --commit` would take them again.
    /// The batch is marked `undone` when every item came back; run again after fixing what was refused.
    /// The caller holds the ``LibraryLock`` and has rolled forward what a crash left open.
    public static func undo(library: Library, db: Database, commit requested: Int64? = nil,
                            environment: [String: String] = ProcessInfo.processInfo.environment) throws -> Report {
        let latest = try db.scalar("SELECT max(id) FROM commits WHERE state IN (?, ?)", [CommitState.done.sql, CommitState.cancelled.sql])?.int64
        guard let commit = requested ?? latest else { throw CommitError.nothingToUndo }
        guard let stored = try db.scalar("SELECT state FROM commits WHERE id = ?", [.integer(commit)])?.string else {
            throw CommitError.noSuchCommit(id: commit)
        }
        let state = CommitState(stored: stored)
        guard state == .done || state == .cancelled else { throw CommitError.notUndoable(id: commit, reason: "it is \(state.rawValue)") }
        if try Journal.destination(db, commit: commit) == .permanently {
            throw CommitError.notUndoable(id: commit, reason: "its files were deleted permanently")
        }
        return try db.journaling {
            let undo = try db.transaction {
                try db.execute("INSERT INTO undos (commit_id, state, started_at) VALUES (?, ?, ?)",
                               [.integer(commit), UndoState.open.sql, .integer(Int64(Date().timeIntervalSince1970))])
                let undo = db.lastInsertRowID
                try db.execute("INSERT INTO undo_items (undo_id, seq) SELECT ?, seq FROM commit_items WHERE commit_id = ? AND state = ?",
                               [.integer(undo), .integer(commit), ItemState.moved.sql])
                return undo
            }
            let crash = CrashHook(environment: environment)
            crash.step()
            return try run(library: library, db: db, undo: undo, commit: commit, crash: crash)
        }
    }

    /// Rolls forward the undos a crash left open (oldest first), returning their reports.
    /// The caller holds the lock.
    static func recover(library: Library, db: Database) throws -> [Report] {
        var open: [(Int64, Int64)] = []
        try db.forEachRow("SELECT id, commit_id FROM undos WHERE state = ? ORDER BY id", [UndoState.open.sql]) { open.append(($0.int64("id"), $0.int64("commit_id"))) }
        guard !open.isEmpty else { return [] }
        return try db.journaling {
            try open.map { try run(library: library, db: db, undo: $0.0, commit: $0.1, crash: CrashHook(environment: [:])) }
        }
    }

    /// Carries the pending items of undo `undo` chunk by chunk (whole entries), booking each chunk,
    /// until done or interrupted; then closes it.
    ///
    /// The carrying runs on its own thread, a chunk or more ahead of this one, which books each
    /// chunk in order once the carrier has synced the folders it touched (as a commit's ``Mover``
    /// does): the journal never says `restored` for a move that is not durable, and a crash between
    /// a move and its booking leaves the item `pending` for the next run, which finds it back.
    private static func run(library: Library, db: Database, undo: Int64, commit: Int64, crash: CrashHook) throws -> Report {
        let pending = try UndoJournal.pendingItems(db, undo: undo, commit: commit)
        let carrier = try UndoCarrier(library: library, crash: crash)
        let booking = try UndoJournal.Booking(db: db, undo: undo, commit: commit, root: Array((library.root + "/").utf8))
        let chunks = Mover.chunks(of: pending, size: crash.chunkSize)
        let conveyor = Conveyor<[UndoCarrier.Carried]>(count: chunks.count, interruption: .shared)
        let carrying = DispatchGroup()
        DispatchQueue.global(qos: .userInitiated).async(group: carrying) {
            while let index = conveyor.claim() {
                let outcomes = pending[chunks[index]].map { UndoCarrier.Carried(item: $0, outcome: carrier.carry($0)) }
                carrier.syncTouched()
                conveyor.put(.success(outcomes), at: index)
            }
        }
        var stopped = false
        do {
            // The carrier thread stops before this returns (it never outlives the caller's lock).
            defer {
                conveyor.cancel()
                carrying.wait()
            }
            for index in chunks.indices {
                guard let outcomes = try conveyor.take(index)?.get() else { stopped = true; break }
                try booking.book(outcomes)
                crash.step()
            }
        }
        return try UndoJournal.close(db, undo: undo, commit: commit, cancelled: stopped)
    }
}
