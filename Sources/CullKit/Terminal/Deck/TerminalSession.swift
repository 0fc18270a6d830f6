#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The deck's hold on the terminal: raw input, the alternate screen, a hidden cursor — and the
/// terminal as it was put back on every way out: `q`, Ctrl-C, SIGINT, SIGTERM, SIGHUP, and for
/// the time of a stop (Ctrl-Z or SIGTSTP) until `fg`. Signals arrive through a ``SignalPipe``
/// and are handled in the loop, never inside a handler.
final class TerminalSession {
    /// What woke the loop.
    enum Event: Equatable {
        case keys([DeckKey])
        /// The window changed size (SIGWINCH), or the process was continued (SIGCONT): draw again.
        case redraw
        /// SIGTSTP from outside (`kill -TSTP`): stop as Ctrl-Z does.
        case suspend
        /// SIGINT, SIGTERM or SIGHUP: leave now.
        case terminate
        /// The terminal is gone (read error, hang-up).
        case closed
    }

    let input = TerminalDevice(fd: 0)
    let output = TerminalDevice(fd: 1)
    private let saved: TerminalDevice.Modes
    private let signals: SignalPipe
    private var pending: [UInt8] = []
    private var entered = false
    /// Written when leaving the screen (kitty pictures are deleted, not just scrolled away).
    var farewell = ""

    /// Nil unless standard input and output are both terminals.
    init?() {
        guard TerminalDevice.isTerminal(0), TerminalDevice.isTerminal(1), let modes = input.modes(),
              let signals = SignalPipe(catching: [SIGWINCH, SIGTSTP, SIGCONT, SIGINT, SIGTERM, SIGHUP]) else { return nil }
        saved = modes
        self.signals = signals
    }

    deinit {
        leave()
        signals.close()
    }

    /// Raw input, the alternate screen, no cursor.
    func enter() {
        guard !entered else { return }
        entered = true
        input.enterRaw(from: saved)
        output.write("\u{1B}[?1049h\u{1B}[?25l\u{1B}[H\u{1B}[2J")
    }

    /// The terminal exactly as it was found (idempotent).
    func leave() {
        guard entered else { return }
        entered = false
        output.write(farewell + "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l")
        input.restore(saved)
    }

    /// Gives the terminal back, stops as the shell's Ctrl-Z would, and takes it again on `fg`.
    func suspend() {
        leave()
        signals.suspendSelf()
        enter()
    }

    /// The window's size now.
    func size() -> TerminalDevice.Size? { output.size() }

    /// Writes a frame.
    func draw(_ frame: TerminalText) { output.write(frame.text) }

    /// Waits for keys or a signal.
    func next() -> Event {
        while true {
            for number in signals.drain() {
                switch number {
                case SIGWINCH: return .redraw
                case SIGCONT:
                    // Continued after a stop we did not see coming (SIGSTOP): take the terminal again.
                    leave()
                    enter()
                    return .redraw
                case SIGTSTP: return .suspend
                default: return .terminate
                }
            }
            guard let bytes = input.read(milliseconds: -1, alsoWatching: signals.fd) else { return .closed }
            guard !bytes.isEmpty else { continue }
            let parsed = DeckKey.parse(pending + bytes)
            pending = parsed.rest
            if !parsed.keys.isEmpty { return .keys(parsed.keys) }
        }
    }
}
