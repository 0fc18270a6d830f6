import Foundation

/// Finishes commits a crash left open. **Every command that opens a library calls this first**:
///
/// ```swift
/// let db = try library.openIndex()
/// let receipts = try CommitRecovery.recover(library: library, db: db)
/// ```
///
/// Each pending item is reconciled from the file system: at the destination with our inode →
/// booked as moved (its `.trashinfo` rewritten if the crash lost it); source gone → already
/// gone; source unchanged → the move is finished (the user said yes to this batch); source
/// changed → skipped, and a `.trashinfo` we wrote for it is removed. Cheap when nothing is open
/// (one indexed query, no lock).
public enum CommitRecovery {
    /// Rolls open batches forward, returning their receipts (empty when there was nothing to do).
    ///
    /// Takes the library lock unless the caller passes the one it holds. When another process
    /// holds it (a commit is running right now), does nothing and returns no receipts.
    @discardableResult
    public static func recover(library: Library, db: Database, holding lock: LibraryLock? = nil,
                               environment: [String: String] = ProcessInfo.processInfo.environment) throws -> [CommitReceipt] {
        guard try !Journal.openCommits(db).isEmpty else { return [] }
        var ownLock: LibraryLock?
        if lock == nil {
            ownLock = try LibraryLock.acquireIfFree(library: library)
            if ownLock == nil { return [] }
        }
        defer { ownLock?.release() }
        var receipts: [CommitReceipt] = []
        let started = Date()
        for commit in try Journal.openCommits(db) {
            let destination = try Journal.destination(db, commit: commit) ?? .trash
            try db.execute("PRAGMA synchronous = FULL")
            defer { try? db.execute("PRAGMA synchronous = NORMAL") }
            try Mover(library: library, db: db, commit: commit, destination: destination,
                      crash: CrashHook(environment: [:]), resuming: true).run()
            let receipt = try CommitReceipt.book(db, commit: commit, finishedAt: Int64(Date().timeIntervalSince1970))
            var fields = receipt.logFields()
            fields["command"] = .string("recover")
            fields["ms"] = .int(Int64(Date().timeIntervalSince(started) * 1000))
            RunLog.append(library: library, fields)
            receipts.append(receipt)
        }
        return receipts
    }
}
