/// A library opened the way every command opens it: found (``Library/locate(explicit:)``), locked when
/// the command writes, its index opened. A writing command first rolls forward any commit or undo a
/// crash left open (``CommitRecovery``); a read-only one never finishes it behind the user's back and
/// only learns that one is open. What opening did is in ``notes``, for standard error.
public struct OpenedLibrary {
    public let library: Library
    public let db: Database
    /// Held by a writing command until it ends; nil for a read-only one.
    public let lock: LibraryLock?
    /// One line per commit or undo finished now, or one line naming those left open.
    public let notes: [String]

    /// `locking` takes the library lock (throws `IndexError.locked` when another run holds it).
    public init(explicit: String?, locking: Bool) throws {
        library = try Library.locate(explicit: explicit)
        lock = locking ? try LibraryLock(library: library) : nil
        db = try library.openIndex()
        guard let lock else {
            notes = Self.unfinished(library: library, db: db)
            return
        }
        notes = try CommitRecovery.recover(library: library, db: db, holding: lock).map { receipt in
            "finished commit \(receipt.commit) that was interrupted: moved \(receipt.moved), gone \(receipt.alreadyGone), "
                + "skipped \(receipt.skipped.count)"
        } + CommitRecovery.recoverUndos(library: library, db: db, holding: lock).map { report in
            "finished undo of commit \(report.commit) that was interrupted: put back \(report.restored), "
                + "left in the trash \(report.refused.count)"
        }
    }

    /// The line for a read-only command when a crash left a commit or undo open (none otherwise).
    public static func unfinished(library: Library, db: Database) -> [String] {
        guard let open = try? UnfinishedBatches.named(library: library, db: db), !open.isEmpty else { return [] }
        return ["note: \(open.joined(separator: ", ")) is unfinished (interrupted by a crash); "
                + "the next writing command (commit, undo, scan, stage, keep, restore, run) will finish it"]
    }
}
