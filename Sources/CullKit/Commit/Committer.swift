import Foundation

/// Runs `cull commit`: journals the staged set as one batch, then moves it.
///
/// The caller holds the ``LibraryLock`` and has run ``CommitRecovery/recover(library:db:)`` first.
public struct Committer {
    public let library: Library
    public let db: Database
    public let destination: CommitDestination
    public let environment: [String: String]

    public init(library: Library, db: Database, destination: CommitDestination,
                environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.library = library
        self.db = db
        self.destination = destination
        self.environment = environment
    }

    /// Commits exactly the staged set, as `listing` (read under the lock the caller holds) has it.
    /// Throws `CommitError.nothingStaged`, or `.fingerprintMismatch` when `expectedFingerprint` is
    /// given and differs (nothing moves then).
    public func commit(_ listing: TrashListing, expectedFingerprint: String? = nil,
                       progress: ((Int, Int) -> Void)? = nil) throws -> CommitReceipt {
        let staged = listing.staged
        guard !staged.isEmpty else { throw CommitError.nothingStaged }
        let fingerprint = listing.fingerprint
        if let expectedFingerprint, expectedFingerprint.lowercased() != fingerprint {
            throw CommitError.fingerprintMismatch(expected: expectedFingerprint, actual: fingerprint)
        }
        let target = try checkedQuarantine()
        try db.execute("PRAGMA synchronous = FULL")
        defer { try? db.execute("PRAGMA synchronous = NORMAL") }
        let effective = target.map { CommitDestination.quarantine(String(decoding: $0, as: UTF8.self)) } ?? destination
        var builder = JournalBuilder(library: library, db: db, destination: effective, environment: environment)
        let now = Int64(Date().timeIntervalSince1970)
        // One transaction reads what the journal needs and writes it: consistent, and one lock
        // instead of one per query.
        let (commit, items) = try db.transaction {
            let items = try builder.build(staged)
            try db.execute("INSERT INTO commits (state, mode, target, fingerprint, started_at) VALUES ('open', ?, ?, ?, ?)",
                           [.text(destination.mode), target.map(SQLValue.blob) ?? .null, .text(fingerprint), .integer(now)])
            let commit = db.lastInsertRowID
            try Journal.insert(db, commit: commit, items)
            return (commit, items)
        }
        let crash = CrashHook(environment: environment)
        crash.step()
        try Mover(library: library, db: db, commit: commit, destination: effective, crash: crash, resuming: false)
            .run(journaled: items.filter { $0.state == "pending" }, progress: progress)
        return try CommitReceipt.book(db, commit: commit, finishedAt: Int64(Date().timeIntervalSince1970))
    }

    /// `--to DIR` must exist or be creatable, lie outside the library and on the library's file
    /// system: Cull renames, it never copies-then-deletes (a copy across file systems could be
    /// lost half-way), so another file system is refused up front.
    private func checkedQuarantine() throws -> [UInt8]? {
        guard case let .quarantine(directory) = destination else { return nil }
        let bytes = Array(directory.utf8)
        guard directory.hasPrefix("/") else { throw CommitError.badQuarantine(path: directory, reason: "not an absolute path") }
        let code = FileOps.makeDirectories(bytes)
        if code != 0 { throw CommitError.system(path: directory, call: "mkdir", errno: code) }
        guard let real = FileOps.realPath(bytes) else {
            throw CommitError.badQuarantine(path: directory, reason: "cannot resolve it")
        }
        let root = Array(library.root.utf8)
        if real == root || real.starts(with: root + [PathBytes.slash]) {
            throw CommitError.badQuarantine(path: directory, reason: "it is inside the library")
        }
        guard let there = FileOps.lstat(real).0, let home = FileOps.lstat(root).0 else {
            throw CommitError.badQuarantine(path: directory, reason: "cannot stat it")
        }
        if there.device != home.device {
            throw CommitError.badQuarantine(path: directory, reason: "on another file system than the library (Cull only renames)")
        }
        return real
    }
}
