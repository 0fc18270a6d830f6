/// Failures of commit, undo and recovery, each naming where it happened.
public enum CommitError: Error, Sendable, CustomStringConvertible {
    /// Nothing is staged, so there is nothing to commit.
    case nothingStaged
    /// `--fingerprint` was given and the staged set no longer has it.
    case fingerprintMismatch(expected: String, actual: String)
    /// A file-system call failed on a path Cull itself manages (trash or quarantine folders).
    case system(path: String, call: String, errno: Int32)
    /// `$topdir/.Trash-$uid` exists but is not a directory we can use.
    case unsafeTrash(path: String)
    /// `--to DIR` is inside the library (its files would be scanned again) or is not usable.
    case badQuarantine(path: String, reason: String)
    /// `cull undo` named a batch that does not exist.
    case noSuchCommit(id: Int64)
    /// `cull undo` with no committed batch to undo.
    case nothingToUndo
    /// The batch cannot be undone (permanently deleted, already undone, or still open).
    case notUndoable(id: Int64, reason: String)

    public var description: String {
        switch self {
        case .nothingStaged: "nothing is staged; stage matches with 'cull stage RULES' first"
        case let .fingerprintMismatch(expected, actual):
            "the staged set changed: its fingerprint is \(actual), not \(expected); review it with 'cull trash' and commit again"
        case let .system(path, call, code): "\(path): \(call) failed: \(Errno.message(code))"
        case let .unsafeTrash(path): "\(path): exists but is not a usable trash directory"
        case let .badQuarantine(path, reason): "\(path): cannot quarantine there: \(reason)"
        case let .noSuchCommit(id): "no commit \(id); 'cull undo' without an argument undoes the latest"
        case .nothingToUndo: "there is no committed batch to undo"
        case let .notUndoable(id, reason): "commit \(id) cannot be undone: \(reason)"
        }
    }
}
