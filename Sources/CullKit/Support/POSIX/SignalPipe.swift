#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The write end of the one signal pipe: the only state the handler touches (a `write(2)` of one
/// byte is async-signal-safe; nothing else is done inside the handler).
nonisolated(unsafe) private var signalPipeWriteEnd: Int32 = -1

private func signalPipeHandler(_ number: Int32) {
    let saved = errno
    var byte = UInt8(truncatingIfNeeded: number)
    _ = Platform.write(signalPipeWriteEnd, &byte, 1)
    errno = saved
}

/// Signals as bytes on a pipe, for a loop that polls its input and the pipe together (the
/// self-pipe trick): the loop handles a resize, a stop or a termination where it is safe to, never
/// inside a handler. One per process at a time; ``close()`` puts the old dispositions back.
final class SignalPipe {
    private let readEnd: Int32
    private var previous: [(Int32, sigaction)] = []

    /// The descriptor to poll.
    var fd: Int32 { readEnd }

    /// Starts catching `signals`; nil if a pipe cannot be made (or one is open already).
    init?(catching signals: [Int32]) {
        guard signalPipeWriteEnd < 0 else { return nil }
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return nil }
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        readEnd = ends[0]
        signalPipeWriteEnd = ends[1]
        for number in signals {
            // Restarted calls: the poll loop sees the byte on the pipe anyway.
            var action = Self.action(signalPipeHandler, flags: SA_RESTART)
            var old = sigaction()
            if sigaction(number, &action, &old) == 0 { previous.append((number, old)) }
        }
        // A blocked mask is inherited across exec (a test runner, a supervisor may have blocked these):
        // a signal that stays pending would never reach the pipe, and Ctrl-Z's own stop never happen.
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        for number in signals { sigaddset(&unblocked, number) }
        sigprocmask(SIG_UNBLOCK, &unblocked, nil)
    }

    /// The signals that arrived since the last call, in order (empty: none).
    func drain() -> [Int32] {
        var numbers: [Int32] = []
        var buffer = [UInt8](repeating: 0, count: 64)
        while true {
            let count = buffer.withUnsafeMutableBytes { Platform.read(readEnd, $0.baseAddress!, 64) }
            guard count > 0 else { break }
            numbers += buffer.prefix(count).map { Int32($0) }
        }
        return numbers
    }

    /// Stops this process the way the shell's Ctrl-Z would (the default action of SIGTSTP), and
    /// returns once it is continued (`fg`). The caller restores the terminal first and takes it
    /// back after. Where the kernel will not stop the process (an orphaned process group, as
    /// under `nohup` or a terminal multiplexer's direct child) this returns at once.
    func suspendSelf() {
        var defaultAction = Self.action(SIG_DFL)
        var caught = sigaction()
        sigaction(SIGTSTP, &defaultAction, &caught)
        raise(SIGTSTP)
        // Continued: catch it again as before.
        sigaction(SIGTSTP, &caught, nil)
    }

    /// A disposition running `handler` (or `SIG_DFL`) with no other signal blocked.
    private static func action(_ handler: (@convention(c) (Int32) -> Void)?, flags: Int32 = 0) -> sigaction {
        var action = sigaction()
        #if canImport(Glibc)
        action.__sigaction_handler.sa_handler = handler
        #elseif canImport(Darwin)
        action.__sigaction_u.__sa_handler = handler
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = flags
        return action
    }

    /// Puts the dispositions found at ``init(catching:)`` back and closes the pipe.
    func close() {
        for (number, old) in previous.reversed() {
            var old = old
            sigaction(number, &old, nil)
        }
        previous = []
        guard signalPipeWriteEnd >= 0 else { return }
        #if canImport(Glibc)
        _ = Glibc.close(signalPipeWriteEnd)
        _ = Glibc.close(readEnd)
        #elseif canImport(Darwin)
        _ = Darwin.close(signalPipeWriteEnd)
        _ = Darwin.close(readEnd)
        #endif
        signalPipeWriteEnd = -1
    }

    deinit { close() }
}
