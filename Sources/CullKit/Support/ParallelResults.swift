import Synchronization

/// The per-index results several threads fill (each index by one of them), read once they are
/// done: one `Mutex` around the slots, and the next index to claim for work handed out one at a time.
final class ParallelResults<Value: Sendable>: Sendable {
    private let state: Mutex<(slots: [Value], claimed: Int)>

    /// `count` slots, each `initial` until set.
    init(count: Int, initial: Value) { state = Mutex((Array(repeating: initial, count: count), 0)) }

    func set(_ index: Int, _ value: Value) { state.withLock { $0.slots[index] = value } }

    /// The next index no thread has claimed yet, or nil when every one has been.
    func claim() -> Int? {
        state.withLock { state in
            guard state.claimed < state.slots.count else { return nil }
            state.claimed += 1
            return state.claimed - 1
        }
    }

    /// Every slot (call after the threads are done).
    var values: [Value] { state.withLock { $0.slots } }
}
