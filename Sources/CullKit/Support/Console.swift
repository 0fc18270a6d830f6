#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Synchronization

/// Where output goes and how it may look: colour only on a TTY and never with `NO_COLOR`.
public struct Console: Sendable {
    public let stdoutIsTTY: Bool
    public let stderrIsTTY: Bool
    public let colorEnabled: Bool

    public init(environment: [String: String]) {
        self.init(noColor: environment["NO_COLOR"], term: environment["TERM"])
    }

    /// The process's own terminal: the two variables are read with `getenv`, not through
    /// `ProcessInfo.environment`, which copies the whole environment into a dictionary (a tenth of
    /// `cull --version`, and of every progress-bar line, which makes a `Console` each).
    public init() {
        self.init(noColor: getenv("NO_COLOR").map { String(cString: $0) }, term: getenv("TERM").map { String(cString: $0) })
    }

    private init(noColor: String?, term: String?) {
        stdoutIsTTY = isatty(STDOUT_FILENO) == 1
        stderrIsTTY = isatty(STDERR_FILENO) == 1
        colorEnabled = stdoutIsTTY && !(noColor.map { !$0.isEmpty } ?? false) && term != "dumb"
    }

    /// Writes human text to standard output: every value in it escaped (``TerminalText``), and no
    /// line a CI runner would take for a command (``TerminalText/withoutCommands(_:)``).
    public func out(_ text: TerminalText) { write(STDOUT_FILENO, TerminalText.withoutCommands(text.text)) }
    /// Writes human text to standard error, as ``out(_:)`` does.
    public func err(_ text: TerminalText) { write(STDERR_FILENO, TerminalText.withoutCommands(text.text)) }

    /// Writes a document of a machine format to standard output as it is: JSON (every string
    /// escaped by its writer), SARIF, GitHub workflow commands (values escaped by
    /// ``Escape/githubMessage(_:)`` and ``Escape/githubProperty(_:)``).
    public func outDocument(_ text: String) { write(STDOUT_FILENO, text) }
    /// Writes a machine-format document to standard error, as ``outDocument(_:)`` does.
    public func errDocument(_ text: String) { write(STDERR_FILENO, text) }

    /// Writes one JSON value on one line (JSON's writer escapes every string it holds).
    public func outJSON(_ value: JSONValue) { outDocument(value.rendered(pretty: false) + "\n") }

    /// `text` in an ANSI style (e.g. "1" bold, "31" red) when colour is enabled.
    public func styled(_ text: TerminalText, _ code: String) -> TerminalText {
        colorEnabled ? "\u{1B}[\(own: code)m\(text)\u{1B}[0m" : text
    }

    /// Outside text in an ANSI style, escaped.
    public func styled(_ text: String, _ code: String) -> TerminalText { styled(TerminalText(text), code) }

    private func write(_ fd: Int32, _ text: String) {
        var text = text
        text.withUTF8 { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Platform.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 { if errno == EINTR { continue }; return }
                offset += written
            }
        }
    }
}

/// A one-line progress bar on standard error, redrawn at most ten times a second; silent off a TTY.
public final class ProgressBar: Sendable {
    private let enabled: Bool
    private let label: String
    private let lastDraw = Mutex(0.0)

    public init(label: String, terminal: Console) {
        self.enabled = terminal.stderrIsTTY
        self.label = label
    }

    public func update(done: Int, total: Int) {
        guard enabled else { return }
        lastDraw.withLock { lastDraw in
            let now = Date().timeIntervalSinceReferenceDate
            guard now - lastDraw > 0.1 || done == total else { return }
            lastDraw = now
            let width = 30
            let filled = total > 0 ? min(width, width * done / total) : 0
            let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
            Console().err("\r\(label) [\(own: bar)] \(done)/\(total)")
        }
    }

    public func finish() {
        guard enabled else { return }
        Console().err("\r\u{1B}[2K")
    }
}
