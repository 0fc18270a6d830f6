import Foundation

/// `cull review --terminal`: the review as a deck of cards in the terminal, one photo at a time.
public enum TerminalDeck {
    /// How the deck ended.
    public struct Outcome: Sendable {
        /// Ctrl-C, SIGINT, SIGTERM or SIGHUP ended it (the terminal is restored all the same).
        public let interrupted: Bool
        public let kept: Int
        public let staged: Int
        public let skipped: Int
    }

    /// Runs the deck on the terminal of standard input and output until `q` (or a signal), and
    /// leaves the terminal as it found it. `replan` makes the review's plan again (nil: a review
    /// of what is staged), as `cull review` in the browser does.
    public static func run(_ scope: ReviewScope, library: Library, db: Database, replan: (() throws -> Plan)?,
                           terminal: Console, forced: PreviewMode? = nil,
                           environment: [String: String] = ProcessInfo.processInfo.environment) throws -> Outcome {
        guard terminal.stdoutIsTTY, let session = TerminalSession() else { throw DeckError.notATerminal }
        let deck = try Deck(library: library, db: db, scope: scope, replan: replan)
        var screen = Screen.detect(forced: forced, environment: environment, terminal: terminal)
        // A deck on a dumb terminal still shows its facts: pictures as monochrome symbols.
        if screen.drawing == .text { screen.drawing = .symbols(.monochrome) }
        let view = DeckScreen(screen: screen, printer: ChafaPrinter(drawing: screen.drawing, environment: environment),
                              thumbnails: Thumbnails(library: library))
        session.farewell = view.farewell
        session.enter()
        defer { session.leave() }
        var interrupted = false
        loop: while true {
            let size = session.size()
            session.draw(view.frame(deck, columns: size?.columns ?? screen.columns, rows: size?.rows ?? screen.rows))
            switch session.next() {
            case let .keys(keys):
                for key in keys {
                    switch deck.handle(key) {
                    case .redraw: continue
                    case .suspend: session.suspend()
                    case let .quit(byInterrupt):
                        interrupted = byInterrupt
                        break loop
                    }
                }
            case .redraw: continue
            case .suspend: session.suspend()
            case .terminate, .closed:
                interrupted = true
                break loop
            }
        }
        return Outcome(interrupted: interrupted, kept: deck.counts.kept, staged: deck.counts.staged, skipped: deck.counts.skipped)
    }
}

/// Why the deck cannot run.
public enum DeckError: Error, Sendable, CustomStringConvertible {
    /// Standard input or output is not a terminal.
    case notATerminal

    public var description: String {
        switch self {
        case .notATerminal: "'cull review --terminal' needs a terminal on standard input and output"
        }
    }
}
