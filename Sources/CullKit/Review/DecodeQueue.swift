import Foundation

/// The review server's decodes (thumbnails, previews): at most `width` at once, whatever the
/// number of requests, so a few slow files (a 100 MP progressive JPEG takes seconds) never take
/// every core from the page. What a request waits for runs before the warm-up's backlog; one key
/// (a file's identity and size) is decoded once however many ask for it; and a request waits at
/// most until its deadline: then it is answered without the image (the page asks again), while
/// the decode goes on and lands in the cache for the next request.
// @unchecked Sendable: the queues, the jobs and their waiters are read and written only with `condition`
// locked (the decode threads wait on it for work), which `Mutex` cannot do.
final class DecodeQueue: @unchecked Sendable {
    /// One decode, with everyone waiting for it.
    private final class Job {
        let key: String
        let make: () -> Thumbnails.Image
        var waiters: [Waiter] = []
        var urgent: Bool
        var started = false

        init(key: String, urgent: Bool, make: @escaping () -> Thumbnails.Image) {
            self.key = key
            self.urgent = urgent
            self.make = make
        }
    }

    /// One request for a decode: answered once, by the decode or by its deadline.
    // @unchecked Sendable: `callback` is read and cleared only with `lock` held, so it runs once.
    private final class Waiter: @unchecked Sendable {
        private let lock = NSLock()
        private var callback: ((Thumbnails.Image?) -> Void)?

        init(_ callback: @escaping (Thumbnails.Image?) -> Void) { self.callback = callback }

        func answer(_ image: Thumbnails.Image?) {
            lock.lock()
            let pending = callback
            callback = nil
            lock.unlock()
            pending?(image)
        }
    }

    let width: Int
    private let condition = NSCondition()
    private var urgent = FIFO()
    private var background = FIFO()
    /// Jobs queued or running, by key.
    private var jobs: [String: Job] = [:]
    private var running = 0
    private var closed = false

    init(width: Int = ProcessInfo.processInfo.activeProcessorCount) {
        self.width = max(1, width)
        for index in 0 ..< self.width {
            let thread = Thread { [self] in work() }
            thread.name = "cull-decode-\(index)"
            thread.start()
        }
    }

    /// Decodes `key` with `make` (unless it is queued or running already) and calls `then` with
    /// the image, or with nil when `deadline` (seconds) passes first or the queue is closed.
    /// `urgent`: a request waits for it; otherwise it is warm-up, made when nothing urgent is queued.
    func image(key: String, urgent isUrgent: Bool, deadline: Double?, make: @escaping () -> Thumbnails.Image,
               then: @escaping (Thumbnails.Image?) -> Void) {
        let waiter = Waiter(then)
        condition.lock()
        guard !closed else {
            condition.unlock()
            waiter.answer(nil)
            return
        }
        if let job = jobs[key] {
            job.waiters.append(waiter)
            if isUrgent && !job.urgent {
                // Left in the background line too; whichever line reaches it first runs it.
                job.urgent = true
                urgent.append(job)
            }
        } else {
            let job = Job(key: key, urgent: isUrgent, make: make)
            job.waiters.append(waiter)
            jobs[key] = job
            if isUrgent { urgent.append(job) } else { background.append(job) }
            condition.signal()
        }
        condition.unlock()
        if let deadline {
            DispatchQueue.global().asyncAfter(deadline: .now() + deadline) { waiter.answer(nil) }
        }
    }

    /// How many decodes run now (for tests and figures).
    var runningCount: Int {
        condition.lock()
        defer { condition.unlock() }
        return running
    }

    /// Drops what is queued (its waiters get nil) and lets the workers end once their decode is done.
    func close() {
        condition.lock()
        closed = true
        let dropped = Array(jobs.values)
        urgent = FIFO()
        background = FIFO()
        jobs.removeAll()
        condition.broadcast()
        condition.unlock()
        for job in dropped { for waiter in job.waiters { waiter.answer(nil) } }
    }

    /// A first-in first-out line of jobs (an array and the index of its head: removing the first of
    /// 20,000 warm-up jobs one by one would move the rest each time).
    private struct FIFO {
        private var items: [Job] = []
        private var head = 0

        mutating func append(_ job: Job) { items.append(job) }

        mutating func pop() -> Job? {
            guard head < items.count else { return nil }
            let job = items[head]
            head += 1
            if head > 1024 && head * 2 > items.count {
                items.removeFirst(head)
                head = 0
            }
            return job
        }
    }

    private func work() {
        while true {
            condition.lock()
            var next: Job?
            while !closed && next == nil {
                next = urgent.pop() ?? background.pop()
                // A job promoted to urgent (or run already) is skipped where it was queued before.
                while let job = next, jobs[job.key] !== job || job.started { next = urgent.pop() ?? background.pop() }
                if next == nil && !closed { condition.wait() }
            }
            guard let job = next, !closed else {
                condition.unlock()
                return
            }
            job.started = true
            running += 1
            condition.unlock()
            let image = job.make()
            condition.lock()
            running -= 1
            if jobs[job.key] === job { jobs[job.key] = nil }
            let waiters = job.waiters
            condition.unlock()
            for waiter in waiters { waiter.answer(image) }
        }
    }
}
