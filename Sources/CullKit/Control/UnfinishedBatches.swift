/// Batches a crash left open: commits and undos whose journal never reached its end. Commit
/// recovery finishes them; read-only commands only name them.
public enum UnfinishedBatches {
    /// The commits left open, oldest first.
    static func commits(_ db: Database) throws -> [Int64] {
        var ids: [Int64] = []
        try db.forEachRow("SELECT id FROM commits WHERE state = ? ORDER BY id", [CommitState.open.sql]) { ids.append($0.int64("id")) }
        return ids
    }

    /// What a crash left open, for a read-only command to mention (it never finishes them):
    /// "commit 3", "undo of commit 2". Empty when nothing is open, or when another run holds the
    /// lock (then the batch is not unfinished but running).
    public static func named(library: Library, db: Database) throws -> [String] {
        var found: [String] = []
        for commit in try commits(db) { found.append("commit \(commit)") }
        try db.forEachRow("SELECT commit_id FROM undos WHERE state = ? ORDER BY id", [UndoState.open.sql]) { found.append("undo of commit \($0.int64("commit_id"))") }
        guard !found.isEmpty else { return [] }
        guard let probe = try LibraryLock.acquireIfFree(library: library) else { return [] }
        probe.release()
        return found
    }
}
