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
    /// Ctrl-C or SIGTERM stopped a commit or undo: what moved is booked, the batch is closed as cancelled.
    case interrupted = 130
}
