import Foundation
import Synchronization

/// Hears how far a hash refresh is, from every hashing thread at once, and hands the count to a
/// drawing function (a ``ProgressBar`` on a TTY; nothing is drawn off one).
public final class HashProgress: Sendable {
    private let counts = Mutex((done: 0, total: 0))
    private let draw: @Sendable (_ done: Int, _ total: Int) -> Void
    private let finish: @Sendable () -> Void

    public init(draw: @escaping @Sendable (_ done: Int, _ total: Int) -> Void, finish: @escaping @Sendable () -> Void = {}) {
        self.draw = draw
        self.finish = finish
    }

    /// A bar labelled `label` on standard error, only when it is a TTY (plain output otherwise).
    public static func bar(_ label: String = "Hashing", terminal: Console = Console()) -> HashProgress? {
        guard terminal.stderrIsTTY else { return nil }
        let bar = ProgressBar(label: label, terminal: terminal)
        return HashProgress(draw: { bar.update(done: $0, total: $1) }, finish: { bar.finish() })
    }

    func begin(total: Int) {
        counts.withLock { $0 = (0, total) }
        draw(0, total)
    }

    func advance() {
        let (now, all) = counts.withLock { counts in
            counts.done += 1
            return (counts.done, counts.total)
        }
        draw(now, all)
    }

    func end() { finish() }
}
