#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Test hooks: `CULL_TEST_CRASH_AFTER=N` kills the process with SIGKILL at the N-th step of a
/// commit or undo (0 = right after journaling; steps are info written, file moved, chunk booked,
/// counted across every thread); `CULL_TEST_INTERRUPT_AFTER=N` sends it SIGINT there instead;
/// `CULL_TEST_STEP_DELAY_US=U` sleeps U µs at every step, so a test can signal it mid-way.
///
/// `CULL_TEST_PAUSE=POINT[:N]` with `CULL_TEST_PAUSE_DIR=DIR` opens a race window for real: the
/// N-th time (default 1) the commit reaches `POINT` it creates `DIR/POINT.reached` and waits until
/// `DIR/POINT.go` exists (at most a minute), while the test swaps a folder, edits a file or takes
/// a trash name. Points: `journaled` (before the first move), `before-move` (an item passed its
/// checks and is about to be renamed).
final class CrashHook: Sendable {
    private let limit: Int?
    private let interruptAt: Int?
    private let delay: UInt32
    /// Steps taken, and how often each pause point was reached.
    private let counts = Mutex((steps: 0, reached: [String: Int]()))
    let chunkSize: Int
    private let pausePoint: (name: String, occurrence: Int)?
    private let pauseDirectory: String?

    init(environment: [String: String]) {
        limit = environment["CULL_TEST_CRASH_AFTER"].flatMap(Int.init)
        interruptAt = environment["CULL_TEST_INTERRUPT_AFTER"].flatMap(Int.init)
        delay = environment["CULL_TEST_STEP_DELAY_US"].flatMap(UInt32.init) ?? 0
        chunkSize = environment["CULL_COMMIT_CHUNK"].flatMap(Int.init).map { max(1, $0) } ?? 1000
        pauseDirectory = environment["CULL_TEST_PAUSE_DIR"]
        pausePoint = environment["CULL_TEST_PAUSE"].map { spec in
            let parts = spec.split(separator: ":", maxSplits: 1)
            return (String(parts[0]), parts.count > 1 ? Int(parts[1]) ?? 1 : 1)
        }
    }

    /// Waits at `point` when a test asked for it (see the type's documentation); else nothing.
    func pause(_ point: String) {
        guard let pausePoint, pausePoint.name == point, let pauseDirectory else { return }
        let occurrence = counts.withLock { counts in
            counts.reached[point, default: 0] += 1
            return counts.reached[point]!
        }
        guard occurrence == pausePoint.occurrence else { return }
        let marker = Array((pauseDirectory + "/" + point).utf8)
        _ = FileOps.createExclusive(marker + Array(".reached".utf8), contents: [])
        for _ in 0 ..< 60_000 where !FileOps.exists(marker + Array(".go".utf8)) { usleep(1000) }
    }

    func step() {
        if delay > 0 { usleep(delay) }
        guard limit != nil || interruptAt != nil else { return }
        counts.withLock { counts in
            if counts.steps == limit { kill(getpid(), SIGKILL) }
            if counts.steps == interruptAt { kill(getpid(), SIGINT) }
            counts.steps += 1
        }
    }
}
