// Running independent pieces of work on several cores, and the progress bar that reports on them.

import Foundation

enum Jobs {
    /// `body(i)` for every i in 0..<count on up to `jobs` threads; the results in index order.
    static func map<T: Sendable>(_ count: Int, jobs: Int, _ body: @escaping @Sendable (Int) -> T) -> [T] {
        guard count > 0 else { return [] }
        let workers = max(1, min(jobs, count))
        if workers == 1 { return (0..<count).map(body) }
        let box = ResultBox<T>(count: count)
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while let i = box.nextIndex() { box.store(body(i), at: i) }
        }
        return box.results()
    }

    /// `body(k)` for every k in 0..<count, each on a thread of its own at the same time (k = 0 on the calling
    /// thread), returning when all have. For workers that wait for each other: `concurrentPerform` does not promise
    /// to run its iterations at once, and inside another one (`map` under `--jobs`) it ran them one after another.
    static func together(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
        guard count > 1 else {
            if count == 1 { body(0) }
            return
        }
        let finished = NSCondition()
        nonisolated(unsafe) var running = count - 1
        for k in 1..<count {
            Thread {
                body(k)
                finished.lock()
                running -= 1
                finished.signal()
                finished.unlock()
            }.start()
        }
        body(0)
        finished.lock()
        while running > 0 { finished.wait() }
        finished.unlock()
    }

    /// The slots of a parallel map, filled under a lock.
    private final class ResultBox<T: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        private var slots: [T?]
        private var next = 0

        init(count: Int) { slots = Array(repeating: nil, count: count) }

        func nextIndex() -> Int? {
            lock.lock()
            defer { lock.unlock() }
            guard next < slots.count else { return nil }
            next += 1
            return next - 1
        }

        func store(_ value: T, at i: Int) {
            lock.lock()
            slots[i] = value
            lock.unlock()
        }

        func results() -> [T] {
            lock.lock()
            defer { lock.unlock() }
            return slots.map { $0! }
        }
    }
}

/// A progress bar on standard error for long renders: drawn only when stderr is a terminal and the work has
/// taken more than half a second, redrawn at most ten times a second, erased when done.
final class Progress: @unchecked Sendable {
    private let lock = NSLock()
    private let enabled: Bool
    private let label: String
    private let start = Platform.now()
    private var total = 0
    private var done = 0
    private var lastDraw = 0.0
    private var drawn = false

    init(label: String, enabled: Bool = Platform.isTerminal(Platform.standardError)) {
        self.label = label
        self.enabled = enabled
    }

    /// Adds `units` of work still to do.
    func add(_ units: Int) {
        lock.lock()
        total += units
        lock.unlock()
    }

    /// Marks `units` as done and redraws when due.
    func advance(_ units: Int = 1) {
        guard enabled else { return }
        lock.lock()
        defer { lock.unlock() }
        done += units
        let now = Platform.now()
        guard now - start > 0.5, now - lastDraw > 0.1 else { return }
        lastDraw = now
        drawn = true
        let width = 30
        let filled = total > 0 ? min(width, width * done / total) : 0
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        Platform.write(Platform.standardError, Array("\r\(label) [\(bar)] \(done)/\(total)\u{1b}[K".utf8))
    }

    /// Erases the bar if it was drawn.
    func finish() {
        lock.lock()
        defer { lock.unlock() }
        if drawn { Platform.write(Platform.standardError, Array("\r\u{1b}[K".utf8)) }
        drawn = false
    }
}
