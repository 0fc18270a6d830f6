import CullKit
import Foundation

/// `cull commit`: empty the staged trash in one journaled batch.
struct CommitCommand: CullCommand {
    static let spec = CommandSpec(
        name: "commit",
        abstract: "Move everything staged to the trash (or --to DIR, or --permanently) in one undoable batch.",
        discussion: """
            Shows the plan, then asks once on a terminal; without a terminal it refuses unless --yes is given \
            (exit 2). --fingerprint F commits only if the staged set still has fingerprint F (else exit 1). \
            --staged-before AGE commits only what has been staged for at least AGE (a grace period for cron: \
            a weekly run stages, a later commit takes only what you had AGE to look at); the rest stays staged. \
            Exit 0: everything moved or already gone; 3: some files were skipped (see the receipt); \
            5: another cull run holds the library; 6: I/O or database failure; 130: Ctrl-C or SIGTERM stopped it \
            (what moved is booked and can be undone; the rest stays staged).
            """,
        options: [
            LibraryOptions.spec,
            yesOption, toOption, permanentlyOption, fingerprintOption, stagedBeforeOption.spec,
            formatOption,
        ]
    )
    static let formatOption = CommonOptions.format([OutputFormat.text, .json], detail: "json prints the receipt")
    static let yesOption = OptionSpec(long: "yes", short: "y", help: "Do not ask; required when standard input is not a terminal.")
    static let toOption = OptionSpec(long: "to", value: "DIR", help: "Move into this quarantine folder (same file system), keeping relative paths.")
    static let permanentlyOption = OptionSpec(long: "permanently", help: "Delete instead of moving to the trash; cannot be undone.")
    static let fingerprintOption = OptionSpec(long: "fingerprint", value: "F", help: "Commit only if the staged set still has this fingerprint.")
    static let stagedBeforeOption = Option<TimeSpan>(long: "staged-before", value: "AGE",
                                               help: "Commit only what has been staged for at least AGE (7d, 2w, 1mo); the rest stays staged.")

    let library: LibraryOptions
    let yes: Bool
    let destination: CommitDestination
    let fingerprint: String?
    let stagedFor: TimeSpan?
    let format: OutputFormat

    init(_ arguments: ParsedArguments) throws(UsageError) {
        try arguments.expectNoArguments()
        library = LibraryOptions(arguments)
        yes = arguments.flag(Self.yesOption)
        fingerprint = arguments.value(Self.fingerprintOption)
        stagedFor = try arguments.value(Self.stagedBeforeOption)
        format = arguments.choice(Self.formatOption, default: .text)
        switch (arguments.value(Self.toOption), arguments.flag(Self.permanentlyOption)) {
        case (.some, true): throw UsageError(message: "--to and --permanently exclude each other")
        case let (.some(directory), false):
            let absolute = directory.hasPrefix("/") ? directory : FileManager.default.currentDirectoryPath + "/" + directory
            destination = .quarantine(absolute)
        case (nil, true): destination = .permanently
        case (nil, false): destination = .trash
        }
    }

    func run(_ terminal: Console) throws -> ExitCode {
        let started = Date()
        let access = try library.open(locking: true, terminal: terminal)
        let cutoff = stagedFor?.before(Int64(started.timeIntervalSince1970))
        let session = try CommitSession(library: access.library, db: access.db, stagedBefore: cutoff)
        guard !session.isEmpty else {
            terminal.out(stagedFor.map { "Nothing has been staged for \($0) or longer.\n" as TerminalText } ?? "Nothing is staged.\n")
            return .success
        }
        if let fingerprint { try session.check(expectedFingerprint: fingerprint) }
        let plan = TrashRenderer.text(session.listing, terminal: terminal, limit: 10)
        if format == .text { terminal.out(plan) } else { terminal.err(plan) }
        if !yes, let declined = confirm(session, terminal) { return declined }
        // From here Ctrl-C or SIGTERM stops the commit between chunks instead of killing it (not
        // earlier: at the prompt, Ctrl-C must still simply quit).
        Interruption.shared.arm()
        let receipt = try session.commit(expectedFingerprint: fingerprint ?? session.fingerprint, destination: destination,
                                         holding: access.heldLock, bar: ProgressBar(label: "committing", terminal: terminal))
        switch format {
        case .json: terminal.outDocument(ReceiptRenderer.json(receipt))
        default: terminal.out(ReceiptRenderer.text(receipt, terminal: terminal))
        }
        let exit: ExitCode = Interruption.shared.isRequested ? .interrupted : receipt.isPartial ? .partialCommit : .success
        RunLog.append(library: access.library, receipt.logFields(command: "commit", since: started, exit: exit.rawValue))
        return exit
    }

    /// Asks for the word `yes` on the terminal; the exit code when the answer is anything else (or
    /// there is no terminal to ask on), nil to go on.
    private func confirm(_ session: CommitSession, _ terminal: Console) -> ExitCode? {
        guard isatty(STDIN_FILENO) == 1 else {
            terminal.err("cull: error: refusing to commit without a terminal; pass --yes (and --fingerprint \(session.fingerprint) to commit exactly this)\n")
            return .usage
        }
        terminal.err(TrashRenderer.prompt(session.listing, destination: destination))
        let answer = readLine()?.trimmingCharacters(in: .whitespaces) ?? ""
        guard answer != "yes" else { return nil }
        // A `y` or `YES` meant yes: say what is needed instead of a bare "nothing".
        let meantYes = ["y", "ye", "yes"].contains(answer.lowercased())
        terminal.err(meantYes ? "Nothing was committed: type the word 'yes' (in lower case) to commit.\n" : "Nothing was committed.\n")
        return .success
    }
}
