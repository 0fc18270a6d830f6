#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Foundation
import Synchronization

/// Ctrl-C (SIGINT) and SIGTERM while files move: a request to *stop*, not a crash.
///
/// ``arm()`` turns the two signals from "die now" into a flag: the signals are ignored at the
/// process level and delivered to a dispatch source (never to a handler running inside the
/// interrupted code, so nothing here needs to be async-signal-safe). The ``Mover`` and the undo
/// check ``isRequested`` between chunks; what is in flight finishes and is booked, and the batch
/// is closed as cancelled. A second signal while stopping is absorbed the same way.
public final class Interruption: Sendable {
    /// The one instance per process (signal dispositions are process-wide).
    public static let shared = Interruption()

    /// The first signal received, and the dispatch sources that hear them once armed.
    private let state = Mutex<(received: Int32?, sources: [DispatchSourceSignal])>((nil, []))

    /// True once SIGINT or SIGTERM arrived after ``arm()``.
    public var isRequested: Bool { state.withLock { $0.received != nil } }

    /// From now on SIGINT and SIGTERM only set the flag. Idempotent.
    public func arm() {
        state.withLock { state in
            guard state.sources.isEmpty else { return }
            for number in [SIGINT, SIGTERM] {
                // Ignored first: the dispatch source still sees the signal, the default action no longer kills.
                signal(number, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
                source.setEventHandler { [weak self] in self?.request(number) }
                source.resume()
                state.sources.append(source)
            }
        }
    }

    /// Records a stop request (also what the test hook `CULL_TEST_INTERRUPT_AFTER` uses).
    func request(_ number: Int32) {
        state.withLock { state in
            if state.received == nil { state.received = number }
        }
    }
}
