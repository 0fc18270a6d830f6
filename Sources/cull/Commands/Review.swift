import CullKit
import Foundation

/// `cull review [RULES...]`: the plan of the rules (or what is staged) as a contact sheet in the browser.
struct ReviewCommand: CullCommand {
    static let spec = CommandSpec(
        name: "review",
        abstract: "Look at the plan of these rules (or what is staged) as pictures in the browser, and decide there.",
        discussion: """
            Serves a page on 127.0.0.1 (a free port; the URL carries a secret token), prints its URL and opens the \
            browser. With rules, the page shows their plan and nothing is staged until you act; without, what is \
            staged now. Keep (k), unstage (u) and stage (t) write the same rows as 'cull keep', 'cull restore' and \
            'cull stage'; Commit moves exactly the staged set the page shows, as 'cull commit --fingerprint' does. \
            Ctrl-C stops the server. --html DIR writes the same view as a static report instead (no server, no actions): \
            index.html shows every tile without JavaScript, with thumbs/ beside it, or with --inline as one \
            self-contained file to mail. DIR must be new, empty or hold a previous report (nothing else is ever \
            overwritten, and no symbolic link is followed). \
            --terminal decides in this terminal instead, one photo at a time: → keep, ← stage, ↓ skip, ↑ back, u undo the \
            last decision, g stage the whole group but its keeper, c commit (after a y), q quit.
            """,
        arguments: [ArgumentSpec(name: "rules", help: "Rule files, or folders of *.yaml / *.yml files (none: what is staged).",
                                 repeats: true, optional: true)],
        options: RuleRunOptions.options + [noOpenOption, htmlOption, inlineOption, terminalOption]
    )
    static let noOpenOption = OptionSpec(long: "no-open", help: "Print the URL, do not open a browser.")
    static let htmlOption = OptionSpec(long: "html", value: "DIR", help: "Write a static report (index.html and thumbnails) into DIR and exit.")
    static let inlineOption = OptionSpec(long: "inline", help: "Put the thumbnails inside index.html (with --html): one file to mail.")
    static let terminalOption = OptionSpec(long: "terminal", value: "MODE",
                                           help: "Decide in this terminal, one photo at a time; MODE (kitty, iterm, sixel, symbols) forces how photos are drawn.",
                                           choices: PreviewMode.allCases.map(\.rawValue), valueIsOptional: true)

    let rulePaths: [String]
    let library: LibraryOptions
    let clock: RunClock
    let ceiling: Double
    let liftedLimits: Set<String>
    let open: Bool
    let html: String?
    let inline: Bool
    /// How this review was started, for the page to say how to start it again.
    let commandLine: String
    /// `--terminal`: the deck, with the drawing it forces (nil inside: the best the terminal supports).
    let deck: PreviewMode??

    init(_ arguments: ParsedArguments) throws(UsageError) {
        rulePaths = arguments.positionals + (try StockRules.paths(arguments))
        library = LibraryOptions(arguments)
        clock = try arguments.value(CommonOptions.now) ?? .system()
        ceiling = try arguments.value(RuleSelection.ceilingOption)?.value ?? RulePlanner.defaultCeilingPercent
        liftedLimits = Set(arguments.all(RuleRunOptions.liftLimitOption))
        open = !arguments.flag(Self.noOpenOption)
        html = arguments.value(Self.htmlOption)
        let forced = arguments.value(Self.terminalOption).flatMap(PreviewMode.init(rawValue:))
        deck = forced != nil || arguments.flag(Self.terminalOption) ? .some(forced) : nil
        if deck != nil, html != nil { throw UsageError(message: "'--terminal' cannot be combined with '--html'") }
        inline = arguments.flag(Self.inlineOption)
        if inline && html == nil { throw UsageError(message: "'--inline' needs '--html DIR'") }
        commandLine = (["cull"] + CommandLine.arguments.dropFirst().filter { $0 != "--no-open" }).map(Self.quoted).joined(separator: " ")
    }

    /// A word as a POSIX shell reads it back.
    static func quoted(_ word: String) -> String {
        let plain = word.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) || "-_./=:@%+,".unicodeScalars.contains($0) }
        return plain && !word.isEmpty ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    func run(_ terminal: Console) throws -> ExitCode {
        try RuleSelection.run(rulePaths, terminal: terminal) { try review($0, terminal) }
    }

    private func review(_ files: [RuleFile], _ terminal: Console) throws -> ExitCode {
        let access = try library.open(locking: false, terminal: terminal)
        let scope: ReviewScope
        var planner = RulePlanner(db: access.db, clock: clock, ceilingPercent: ceiling, root: access.library.root)
        planner.liftedLimits = liftedLimits
        if files.isEmpty {
            scope = try ReviewScope.staged(db: access.db)
        } else {
            let plan = try planner.plan(files).plan
            if plan.limitTripped {
                terminal.err("cull: note: a limit trips for this plan (see 'cull plan'): staging it from the page will be refused\n")
            }
            scope = try .planned(plan, db: access.db)
        }
        if let deck {
            let outcome = try TerminalDeck.run(scope, library: access.library, db: access.db,
                                               replan: files.isEmpty ? nil : { try planner.plan(files).plan }, terminal: terminal, forced: deck)
            terminal.out("Kept \(outcome.kept), staged \(outcome.staged), skipped \(outcome.skipped).\n")
            return outcome.interrupted ? .interrupted : .success
        }
        if let html {
            let page = try StaticReport.write(scope, library: access.library, db: access.db, to: html, inline: inline)
            terminal.out("Wrote \(page)\n")
            return .success
        }
        // Staging from the page plans again first: the page's plan may be older than a protect guard's reason.
        let server = ReviewServer(library: access.library, db: access.db, scope: scope,
                                  replan: files.isEmpty ? nil : { try planner.plan(files).plan }, command: commandLine)
        try server.start()
        // The browser is started before the signals are taken over: an ignored SIGINT would be inherited.
        if open { Self.openBrowser(server.url, terminal: terminal) }
        // From here Ctrl-C and SIGTERM ask the server to stop (a commit from the page stops between
        // chunks). The URL is printed only then: whoever reads it may stop the review at once.
        Interruption.shared.arm()
        terminal.out("Reviewing at \(server.url)\n")
        terminal.err("Ctrl-C stops the server.\n")
        while !Interruption.shared.isRequested { usleep(100_000) }
        server.stop()
        terminal.err("Stopped.\n")
        return .success
    }

    /// `xdg-open` (Linux) or `open` (macOS), without waiting for the browser.
    static func openBrowser(_ url: String, terminal: Console) {
        #if os(macOS)
        let opener = "/usr/bin/open"
        #else
        let opener = "/usr/bin/xdg-open"
        #endif
        let process = Process()
        process.executableURL = URL(fileURLWithPath: opener)
        process.arguments = [url]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { terminal.err("cull: note: could not open a browser (\(opener)); open the URL above\n") }
    }
}
