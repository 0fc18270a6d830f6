import Foundation

/// `cull undo [COMMIT]`: puts a committed batch back where it was.
public enum CommitUndo {
    /// What undo did.
    public struct Report: Sendable {
        public let commit: Int64
        /// Files put back (primaries and companions).
        public let restored: Int
        /// Files left where they are, with the reason (e.g. a file exists at the original path).
        public let refused: [CommitReceipt.Skip]
    }

    /// Moves the `moved` items of `commit` (default: the latest committed batch) back, never
    /// overwriting a file that now exists at the original path; removes their `.trashinfo` files and
    /// re-inserts their index rows, marked `kept`: undoing a commit is the user deciding to keep
    /// those photos, and without it next night's `cull run --commit` would take them again.
    /// The batch is marked `undone` when every item came back; run again after fixing what was refused.
    /// The caller holds the ``LibraryLock``.
    public static func undo(library: Library, db: Database, commit requested: Int64? = nil) throws -> Report {
        let latest = try db.scalar("SELECT max(id) FROM commits WHERE state = 'done'")?.int64
        guard let commit = requested ?? latest else { throw CommitError.nothingToUndo }
        guard let state = try db.scalar("SELECT state FROM commits WHERE id = ?", [.integer(commit)])?.string else {
            throw CommitError.noSuchCommit(id: commit)
        }
        guard state == "done" else { throw CommitError.notUndoable(id: commit, reason: "it is \(state)") }
        if try Journal.destination(db, commit: commit) == .permanently {
            throw CommitError.notUndoable(id: commit, reason: "its files were deleted permanently")
        }
        let root = Array(library.absolutePath(of: "").utf8)
        var restored: [JournalItem] = []
        var refused: [CommitReceipt.Skip] = []
        for item in try Journal.items(db, commit: commit, states: ["moved"]) {
            let source = root + item.path
            guard let target = item.destination else { continue }
            let there = FileOps.lstat(target).0
            let here = FileOps.lstat(source).0
            if there == nil, let here, here.inode == item.inode, here.device == item.device {
                restored.append(item)          // put back by an earlier, interrupted undo
                continue
            }
            guard there != nil else {
                refused.append(.init(path: item.path, role: item.role, reason: "no longer in the trash"))
                continue
            }
            _ = FileOps.makeDirectories(PathBytes.parent(source))
            let code = FileOps.renameNoReplace(target, source)
            if code == EEXIST {
                refused.append(.init(path: item.path, role: item.role, reason: "a file exists at the original path"))
                continue
            }
            if code != 0 {
                refused.append(.init(path: item.path, role: item.role, reason: "cannot move back: " + Errno.message(code)))
                continue
            }
            if let info = item.info { _ = FileOps.unlink(info) }
            restored.append(item)
        }
        try db.transaction {
            let restorer = try AssetSnapshot.Restorer(db: db)
            for item in restored {
                try Journal.setState(db, commit: commit, seq: item.seq, state: "restored")
                if let id = try restorer.restore(commit: commit, seq: item.seq) {
                    try db.execute("""
                        INSERT INTO reviews (asset_id, status, at) VALUES (?, 'kept', strftime('%s', 'now'))
                        ON CONFLICT (asset_id) DO UPDATE SET status = 'kept', rule = NULL, rule_file = NULL, at = excluded.at
                        """, [.integer(id)])
                }
            }
            if refused.isEmpty {
                try db.execute("UPDATE commits SET state = 'undone' WHERE id = ?", [.integer(commit)])
            }
        }
        return Report(commit: commit, restored: restored.count, refused: refused)
    }
}
