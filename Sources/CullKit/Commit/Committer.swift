import Foundation

/// Journals a checked staged set as one batch, then moves it; ``CommitSession`` is the entry point
/// (it holds the lock, and checks the fingerprint).
struct Committer {
    let library: Library
    let db: Database
    let destination: CommitDestination
    let environment: [String: String]

    init(library: Library, db: Database, destination: CommitDestination, environment: [String: String]) {
        self.library = library
        self.db = db
        self.destination = destination
        self.environment = environment
    }

    /// Commits exactly `staged` (read under the lock, non-empty, with `fingerprint`).
    func commit(_ staged: [StagedAsset], fingerprint: String, progress: ((Int, Int) -> Void)?) throws -> CommitReceipt {
        let target = try checkedQuarantine()
        return try db.journaling { try commit(staged, fingerprint: fingerprint, target: target, progress: progress) }
    }

    private func commit(_ staged: [StagedAsset], fingerprint: String, target: [UInt8]?,
                        progress: ((Int, Int) -> Void)?) throws -> CommitReceipt {
        let effective = target.map { CommitDestination.quarantine(String(decoding: $0, as: UTF8.self)) } ?? destination
        var builder = JournalBuilder(library: library, db: db, destination: effective, environment: environment)
        let now = Int64(Date().timeIntervalSince1970)
        // One transaction reads what the journal needs and writes it: consistent, and one lock
        // instead of one per query.
        let (commit, items) = try db.transaction {
            let items = try builder.build(staged)
            try TwinCheck.clearStaging(db, items)
            try db.execute("INSERT INTO commits (state, mode, target, fingerprint, started_at) VALUES (?, ?, ?, ?, ?)",
                           [CommitState.open.sql, destination.mode.sql, target.map(SQLValue.blob) ?? .null, .text(fingerprint), .integer(now)])
            let commit = db.lastInsertRowID
            try Journal.insert(db, commit: commit, items)
            return (commit, items)
        }
        // Deleted for good, a file leaves nothing to recognise it by when it comes back: read now.
        if effective == .permanently { try TakenFiles.rememberBeforeDeletion(db, commit: commit, root: Array(library.absolutePath(of: "").utf8)) }
        let crash = CrashHook(environment: environment)
        crash.step()
        crash.pause("journaled")
        // By index: iterating the items would copy each one (three arrays) only to read its state.
        let allPending = items.indices.allSatisfy { items[$0].state == .pending }
        let finished = try Mover(library: library, db: db, commit: commit, destination: effective, crash: crash, resuming: false)
            .run(journaled: allPending ? items : items.filter { $0.state == .pending }, progress: progress)
        return try CommitReceipt.book(db, commit: commit, finishedAt: Int64(Date().timeIntervalSince1970), cancelled: !finished)
    }

    /// `--to DIR` must exist or be creatable, lie outside the library and on the library's file
    /// system: Cull renames, it never copies-then-deletes (a copy across file systems could be
    /// lost half-way), so another file system is refused up front.
    ///
    /// It may be neither the library, nor inside it, nor one of its ancestors (files would land
    /// back in the library, and be scanned again). That is decided on resolved paths *and* on
    /// device+inode along both chains of parents (a bind mount or symlink alias of an ancestor has
    /// another path but the same identity), before anything is created: a refused `--to` creates
    /// no folders. Missing folders are then made with `mkdirat` below the nearest existing one.
    private func checkedQuarantine() throws -> [UInt8]? {
        guard case let .quarantine(directory) = destination else { return nil }
        guard directory.hasPrefix("/") else { throw CommitError.badQuarantine(path: directory, reason: "not an absolute path") }
        var existing = Array(directory.utf8)
        while existing.count > 1 && existing.last == PathBytes.slash { existing.removeLast() }
        var missing: [[UInt8]] = []
        while FileOps.lstat(existing).1 == ENOENT, existing != [PathBytes.slash] {
            missing.insert(PathBytes.basename(existing), at: 0)
            existing = PathBytes.parent(existing)
        }
        guard missing.allSatisfy(DirectoryHandle.isPlainName) else {
            throw CommitError.badQuarantine(path: directory, reason: "its missing part has `.` or `..` components")
        }
        guard let real = FileOps.realPath(existing), let there = FileOps.lstat(real).0, there.isDirectory else {
            throw CommitError.badQuarantine(path: directory, reason: "cannot resolve it to a folder")
        }
        let root = FileOps.realPath(Array(library.root.utf8)) ?? Array(library.root.utf8)
        guard let home = FileOps.lstat(root).0 else { throw CommitError.badQuarantine(path: directory, reason: "cannot stat the library") }
        let resolved = missing.reduce(real) { PathBytes.join($0, $1) }
        if resolved == root || resolved.starts(with: root + [PathBytes.slash]) || Self.ancestors(of: real).contains(home.key) {
            throw CommitError.badQuarantine(path: directory, reason: "it is inside the library")
        }
        if root.starts(with: resolved + [PathBytes.slash]) || resolved == [PathBytes.slash]
            || (missing.isEmpty && Self.ancestors(of: root).contains(there.key)) {
            throw CommitError.badQuarantine(path: directory, reason: "it contains the library")
        }
        if there.device != home.device {
            throw CommitError.badQuarantine(path: directory, reason: "on another file system than the library (Cull only renames)")
        }
        guard let anchor = DirectoryHandle.open(real).0 else {
            throw CommitError.badQuarantine(path: directory, reason: "cannot open it")
        }
        let (_, code) = anchor.walk(missing.joined(separator: [PathBytes.slash]).map { $0 }, creating: 0o755)
        if code != 0 { throw CommitError.system(path: directory, call: "mkdir", errno: code) }
        return resolved
    }

    /// The identities (device, inode) of `path` and every folder above it, up to `/`.
    private static func ancestors(of path: [UInt8]) -> Set<FileIdentity.Key> {
        var result: Set<FileIdentity.Key> = []
        var current = path
        while true {
            if let info = FileOps.lstat(current).0 { result.insert(info.key) }
            let parent = PathBytes.parent(current)
            if parent == current || parent.isEmpty { break }
            current = parent
        }
        return result
    }
}

extension TwinCheck {
    /// Unstages the journal's skipped items whose keeper was gone or changed, in the commit's
    /// journaling transaction: the receipt lists them with the reason.
    static func clearStaging(_ db: Database, _ items: [JournalItem]) throws {
        let unstage = try db.prepare("DELETE FROM reviews WHERE asset_id = ? AND status = ?")
        for item in items where item.state == .skipped && (item.reason?.unstages ?? false) {
            if let id = item.assetID { try unstage.execute([.integer(id), StagingStatus.trashed.sql]) }
        }
    }
}
