import CullKit
import Foundation

/// `cull undo [COMMIT]`: bring a committed batch back.
struct UndoCommand: CullCommand {
    static let spec = CommandSpec(
        name: "undo",
        abstract: "Put a committed batch back where it was (the latest, or COMMIT), never overwriting a file.",
        discussion: """
            Exit 0: everything came back; 3: some files were left in the trash (see the report); 1: no such batch or it \
            cannot be undone; 130: Ctrl-C or SIGTERM stopped it (the rest stays in the trash; run it again).
            """,
        arguments: [ArgumentSpec(name: "commit", help: "The batch number printed by 'cull commit'.", optional: true)],
        options: [LibraryOptions.spec, CommonOptions.textOrJSON]
    )

    let library: LibraryOptions
    let commit: Int64?
    let format: OutputFormat

    init(_ arguments: ParsedArguments) throws(UsageError) {
        guard arguments.positionals.count <= 1 else { throw UsageError(message: "expected at most one commit number") }
        library = LibraryOptions(arguments)
        format = arguments.choice(CommonOptions.textOrJSON, default: .text)
        if let text = arguments.positionals.first {
            guard let number = Int64(text), number > 0 else { throw UsageError(message: "invalid commit number '\(text)'") }
            commit = number
        } else {
            commit = nil
        }
    }

    func run(_ terminal: Console) throws -> ExitCode {
        let started = Date()
        Interruption.shared.arm()
        let access = try library.open(locking: true, terminal: terminal)
        if Interruption.shared.isRequested { return .interrupted }
        let report = try CommitUndo.undo(library: access.library, db: access.db, commit: commit)
        if format == .json { terminal.outDocument(ReceiptRenderer.json(report)) } else { terminal.out(ReceiptRenderer.text(report)) }
        RunLog.append(library: access.library, [
            "command": .string("undo"), "commit": .int(report.commit), "restored": .int(Int64(report.restored)),
            "refused": .int(Int64(report.refused.count)), "ms": .int(Int64(Date().timeIntervalSince(started) * 1000)),
        ])
        if Interruption.shared.isRequested { return .interrupted }
        return report.refused.isEmpty ? .success : .partialCommit
    }
}
