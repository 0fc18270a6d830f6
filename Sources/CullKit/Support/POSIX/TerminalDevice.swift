#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A terminal (TTY) on a file descriptor: its size, its line discipline modes, and reads that
/// wait at most so long. The contact sheet and the terminal deck reach the terminal only
/// through here; everything returns nil or false instead of throwing (a terminal that does not
/// answer is the normal case for a pipe).
struct TerminalDevice {
    /// The window in character cells and, where the terminal tells (most do), in pixels.
    struct Size: Equatable, Sendable {
        let columns: Int
        let rows: Int
        let pixelWidth: Int
        let pixelHeight: Int
    }

    /// The saved line discipline: what ``restore(_:)`` puts back.
    struct Modes {
        fileprivate let value: termios
    }

    let fd: Int32

    /// Whether `fd` is a terminal.
    static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

    /// Whether this process is in the terminal's foreground: only then may it change the terminal's
    /// modes without being stopped (SIGTTOU), as a job started with `&` would be.
    var isForeground: Bool { tcgetpgrp(fd) == getpgrp() }

    /// `TIOCGWINSZ`: nil when `fd` is no terminal or the window has no size yet.
    func size() -> Size? {
        var window = winsize()
        guard ioctl(fd, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 else { return nil }
        return Size(columns: Int(window.ws_col), rows: Int(window.ws_row),
                    pixelWidth: Int(window.ws_xpixel), pixelHeight: Int(window.ws_ypixel))
    }

    /// The current modes, to restore later.
    func modes() -> Modes? {
        var current = termios()
        return tcgetattr(fd, &current) == 0 ? Modes(value: current) : nil
    }

    /// Puts `modes` back (after output drains, so nothing drawn is lost). Retried on EINTR: a
    /// resize signal must not leave the terminal raw.
    @discardableResult
    func restore(_ modes: Modes) -> Bool {
        var value = modes.value
        while tcsetattr(fd, TCSADRAIN, &value) != 0 {
            if errno != EINTR { return false }
        }
        return true
    }

    /// Raw input from `modes`: bytes as typed, no echo, no line editing, and no signals from
    /// Ctrl-C / Ctrl-Z / Ctrl-\ (they arrive as bytes, so the deck restores the terminal before it
    /// stops or quits). Output processing stays on: `\n` still returns the carriage.
    @discardableResult
    func enterRaw(from modes: Modes) -> Bool {
        var raw = modes.value
        raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
        raw.c_cflag |= tcflag_t(CS8)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        while tcsetattr(fd, TCSADRAIN, &raw) != 0 {
            if errno != EINTR { return false }
        }
        return true
    }

    /// Drops input typed (or answered) but not read yet.
    func discardInput() { _ = tcflush(fd, TCIFLUSH) }

    /// Up to `limit` bytes, waiting at most `milliseconds` for the first (nil: none came, or an
    /// error). `alsoWatching` is another descriptor (a signal pipe) that ends the wait early:
    /// then the result is empty.
    func read(limit: Int = 4096, milliseconds: Int32, alsoWatching other: Int32? = nil) -> [UInt8]? {
        var watched = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0)]
        if let other { watched.append(pollfd(fd: other, events: Int16(POLLIN), revents: 0)) }
        let ready = poll(&watched, nfds_t(watched.count), milliseconds)
        if ready < 0 { return errno == EINTR ? [] : nil }
        guard ready > 0 else { return nil }
        guard watched[0].revents & Int16(POLLIN) != 0 else {
            // Hang-up or error on the terminal: nothing more will come from it.
            if watched[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 { return nil }
            return []
        }
        var buffer = [UInt8](repeating: 0, count: limit)
        let count = buffer.withUnsafeMutableBytes { Platform.read(fd, $0.baseAddress!, limit) }
        if count < 0 { return errno == EINTR || errno == EAGAIN ? [] : nil }
        if count == 0 { return nil }
        return Array(buffer.prefix(count))
    }

    /// Writes all of `bytes`; false if the terminal went away.
    @discardableResult
    func write(_ bytes: [UInt8]) -> Bool { FileOps.writeAll(fd, bytes) == 0 }

    @discardableResult
    func write(_ text: String) -> Bool { write(Array(text.utf8)) }
}
