import Foundation

/// Hands chunks to carrier threads and their results, in chunk order, to the booking thread (of a
/// commit, and of an undo). A failed chunk, or an interruption, stops the hand-out: later chunks
/// are not started.
// @unchecked Sendable: `values`, `claimed` and `stopped` are touched only with `condition` locked (the
// booking thread waits on it for the next chunk), which `Mutex` cannot do.
final class Conveyor<Carried: Sendable>: @unchecked Sendable {
    typealias Value = Result<Carried, CommitError>
    private let condition = NSCondition()
    private let interruption: Interruption
    private var values: [Value?]
    private var claimed = 0
    private var stopped = false

    init(count: Int, interruption: Interruption) {
        values = Array(repeating: nil, count: count)
        self.interruption = interruption
    }

    /// The next chunk to carry, or nil when all are handed out or the conveyor stopped.
    func claim() -> Int? {
        condition.lock()
        defer { condition.unlock() }
        if interruption.isRequested {
            stopped = true
            condition.broadcast()       // the booking thread may wait for a chunk nobody will take now
        }
        guard !stopped, claimed < values.count else { return nil }
        claimed += 1
        return claimed - 1
    }

    func put(_ value: Value, at index: Int) {
        condition.lock()
        values[index] = value
        if case .failure = value { stopped = true }
        condition.broadcast()
        condition.unlock()
    }

    /// Waits for the result of chunk `index` and hands it over (it is not kept); nil when the
    /// conveyor stopped before anyone took that chunk.
    func take(_ index: Int) -> Value? {
        condition.lock()
        defer { condition.unlock() }
        while values[index] == nil {
            if stopped && index >= claimed { return nil }
            condition.wait()
        }
        let value = values[index]!
        values[index] = nil
        return value
    }

    func cancel() {
        condition.lock()
        stopped = true
        condition.unlock()
    }
}
