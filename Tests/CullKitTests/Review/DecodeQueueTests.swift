import Foundation
import Testing
@testable import CullKit

/// The review server's decode queue: bounded, urgent first, one decode per key, answers by a
/// deadline. Decodes here are closures held on semaphores, so every order is forced, not timed.
@Suite struct DecodeQueueTests {
    /// Collects answers from other threads.
    final class Answers: @unchecked Sendable {
        private let lock = NSLock()
        private var values: [String: Thumbnails.Image?] = [:]
        let arrived = DispatchSemaphore(value: 0)

        func set(_ key: String, _ image: Thumbnails.Image?) {
            lock.lock()
            values[key] = .some(image)
            lock.unlock()
            arrived.signal()
        }

        func value(_ key: String) -> Thumbnails.Image?? {
            lock.lock()
            defer { lock.unlock() }
            return values[key]
        }
    }

    /// Counts what a decode closure does.
    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private(set) var calls: [String] = []
        func add(_ key: String) { lock.lock(); calls.append(key); lock.unlock() }
        var snapshot: [String] { lock.lock(); defer { lock.unlock() }; return calls }
    }

    @Test func aRequestIsAnsweredAtItsDeadlineAndTheDecodeStillFinishes() {
        let queue = DecodeQueue(width: 1)
        defer { queue.close() }
        let release = DispatchSemaphore(value: 0), answers = Answers()
        queue.image(key: "slow", urgent: true, deadline: 0.2, make: {
            release.wait()
            return .jpeg([1, 2, 3])
        }, then: { answers.set("first", $0) })
        answers.arrived.wait()
        #expect(answers.value("first") == .some(nil), "answered without the image at the deadline, the decode still held")
        // A second request for the same key while it runs joins that decode.
        queue.image(key: "slow", urgent: true, deadline: nil, make: { .jpeg([9]) }, then: { answers.set("second", $0) })
        release.signal()
        answers.arrived.wait()
        #expect(answers.value("second") == .some(.jpeg([1, 2, 3])), "one decode per key")
    }

    @Test func noMoreThanWidthDecodesRunAndUrgentOnesGoFirst() {
        let queue = DecodeQueue(width: 1)
        defer { queue.close() }
        let release = DispatchSemaphore(value: 0), started = DispatchSemaphore(value: 0), answers = Answers(), order = Counter()
        queue.image(key: "busy", urgent: true, deadline: nil, make: {
            order.add("busy")
            started.signal()
            release.wait()
            return .jpeg([0])
        }, then: { answers.set("busy", $0) })
        started.wait()
        for key in ["warm-1", "warm-2"] {
            queue.image(key: key, urgent: false, deadline: nil, make: { order.add(key); return .jpeg([1]) }, then: { answers.set(key, $0) })
        }
        queue.image(key: "asked", urgent: true, deadline: nil, make: { order.add("asked"); return .jpeg([2]) }, then: { answers.set("asked", $0) })
        // A warm-up job a request then asks for moves to the front as well.
        queue.image(key: "warm-2", urgent: true, deadline: nil, make: { .jpeg([3]) }, then: { answers.set("warm-2 asked", $0) })
        #expect(queue.runningCount == 1)
        #expect(order.snapshot == ["busy"], "nothing else starts while the one slot is taken")
        release.signal()
        for _ in 0 ..< 5 { answers.arrived.wait() }
        #expect(order.snapshot == ["busy", "asked", "warm-2", "warm-1"], "\(order.snapshot)")
        #expect(answers.value("warm-2 asked") == .some(.jpeg([1])))
    }

    @Test func closingAnswersWhatIsQueued() {
        let queue = DecodeQueue(width: 1)
        let release = DispatchSemaphore(value: 0), started = DispatchSemaphore(value: 0), answers = Answers()
        queue.image(key: "running", urgent: true, deadline: nil, make: { started.signal(); release.wait(); return .jpeg([0]) },
                    then: { answers.set("running", $0) })
        started.wait()
        queue.image(key: "queued", urgent: false, deadline: nil, make: { .jpeg([1]) }, then: { answers.set("queued", $0) })
        queue.close()
        answers.arrived.wait()
        answers.arrived.wait()
        #expect(answers.value("queued") == .some(nil) && answers.value("running") == .some(nil))
        release.signal()
        queue.image(key: "late", urgent: true, deadline: nil, make: { .jpeg([2]) }, then: { answers.set("late", $0) })
        answers.arrived.wait()
        #expect(answers.value("late") == .some(nil), "a closed queue decodes nothing")
    }
}
