import CullKit

/// Exit codes, distinct per outcome so cron and CI can tell them apart (documented in README).
enum ExitCode: Int32 {
    /// Everything asked for was done.
    case success = 0
    /// A rule file or the library configuration is wrong (also: `cull check` found errors).
    case ruleError = 1
    /// The command line is wrong.
    case usage = 2
    /// A commit moved some files but skipped others (see the receipt).
    case partialCommit = 3
    /// A rule's `limit` tripped; nothing was staged.
    case limitTripped = 4
    /// Another cull run holds the library lock.
    case locked = 5
    /// An I/O or database failure.
    case failure = 6
    /// A photo manager's catalog in use cannot be read: nothing is planned, staged or committed.
    case catalogUnreadable = 7
    /// Ctrl-C or SIGTERM stopped a commit or undo: what moved is booked, the batch is closed as cancelled.
    case interrupted = 130

    /// The one mapping from an error to its exit code, for the parser and every command.
    init(for error: any Error) {
        switch error {
        case is UsageError: self = .usage
        case is RuleMatchError: self = .ruleError
        case let error as IndexError:
            switch error {
            case .locked: self = .locked
            case .notALibrary, .noSuchFolder, .alreadyALibrary, .notADirectory, .newerSchema: self = .ruleError
            case .system, .damaged, .initFailed: self = .failure
            }
        case let error as StagingError:
            switch error {
            case .limitTripped, .ceilingTripped: self = .limitTripped
            case .outsideLibrary, .notIndexed, .noSuchRule: self = .usage
            }
        case let error as CommitError:
            switch error {
            case .badQuarantine: self = .usage
            case .fingerprintMismatch, .nothingStaged, .noSuchCommit, .nothingToUndo, .notUndoable: self = .ruleError
            case .system, .unsafeTrash: self = .failure
            }
        case is CatalogsUnreadable, is CatalogError: self = .catalogUnreadable
        case is DeckError: self = .usage
        default: self = .failure
        }
    }

    /// The table `cull --help` prints (README's table says the same).
    static let documented: [(code: ExitCode, meaning: String)] = [
        (.success, "success"),
        (.ruleError, "rule or configuration error (cull check found errors; not a library; no such folder)"),
        (.usage, "usage error (unknown command, option or value)"),
        (.partialCommit, "partial commit: some items were skipped (see the receipt)"),
        (.limitTripped, "a rule's limit tripped; nothing was staged"),
        (.locked, "the library is locked by another cull run"),
        (.failure, "I/O or database failure"),
        (.catalogUnreadable, "a photo manager's catalog in use cannot be read (fix it, or 'cull catalog ignore PATH')"),
        (.interrupted, "interrupted (Ctrl-C, SIGTERM): what moved is booked, the rest stays staged or in the trash"),
    ]
}
