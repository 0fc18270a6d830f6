import Foundation

/// Finishes commits and undos a crash left open. **Every writing command calls this first**,
/// holding the library lock (read-only commands only report them, with ``unfinished(library:db:)``):
///
/// ```swift
/// let lock = try LibraryLock(library: library)
/// let db = try library.openIndex()
/// let receipts = try CommitRecovery.recover(library: library, db: db, holding: lock)
/// let undos = try CommitRecovery.recoverUndos(library: library, db: db, holding: lock)
/// ```
///
/// Each pending commit item is reconciled from the file system: at the destination with our inode →
/// booked as moved (its `.trashinfo` rewritten if the crash lost it); source gone → already
/// gone; source unchanged → the move is finished (the user said yes to this batch); source
/// changed → skipped, and a `.trashinfo` we wrote for it is removed. A pending undo item is back
/// already, or still in the trash and brought back (see ``UndoCarrier``). Cheap when nothing is
/// open (two indexed queries, no lock).
///
/// Only a batch left `open` is rolled forward: Ctrl-C closes a batch as `cancelled`.
public enum CommitRecovery {
    /// Rolls open batches forward, returning their receipts (empty when there was nothing to do).
    ///
    /// Takes the library lock unless the caller passes the one it holds. When another process
    /// holds it (a commit is running right now), does nothing and returns no receipts.
    @discardableResult
    public static func recover(library: Library, db: Database, holding lock: LibraryLock? = nil,
                               environment: [String: String] = ProcessInfo.processInfo.environment) throws -> [CommitReceipt] {
        guard try !UnfinishedBatches.commits(db).isEmpty else { return [] }
        var ownLock: LibraryLock?
        if lock == nil {
            ownLock = try LibraryLock.acquireIfFree(library: library)
            if ownLock == nil { return [] }
        }
        defer { ownLock?.release() }
        var receipts: [CommitReceipt] = []
        let started = Date()
        for commit in try UnfinishedBatches.commits(db) {
            let destination = try Journal.destination(db, commit: commit) ?? .trash
            let receipt = try db.journaling {
                let finished = try Mover(library: library, db: db, commit: commit, destination: destination,
                                         crash: CrashHook(environment: [:]), resuming: true).run()
                return try CommitReceipt.book(db, commit: commit, finishedAt: Int64(Date().timeIntervalSince1970),
                                              cancelled: !finished)
            }
            var fields = receipt.logFields()
            fields["command"] = .string("recover")
            fields["ms"] = .int(Int64(Date().timeIntervalSince(started) * 1000))
            RunLog.append(library: library, fields)
            receipts.append(receipt)
        }
        return receipts
    }

    /// Rolls forward the undos a crash left open, returning their reports. The caller holds the lock.
    public static func recoverUndos(library: Library, db: Database, holding lock: LibraryLock) throws -> [CommitUndo.Report] {
        let reports = try CommitUndo.recover(library: library, db: db)
        for report in reports {
            RunLog.append(library: library, [
                "command": .string("recover-undo"), "commit": .int(report.commit), "restored": .int(Int64(report.restored)),
                "refused": .int(Int64(report.refused.count)),
            ])
        }
        return reports
    }
}
