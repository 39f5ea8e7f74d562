// A wall-clock backstop: a plugin call that runs for seconds is ended (Limits.seconds) or reported, never a hang.

import CLua
import CLuaBridge
import Foundation

/// Watches plugin calls from a background thread.
///
/// The instruction budget ends every known kind of runaway call deterministically; a few VM operations cost in
/// proportion to their operands (comparing two long strings, copying many varargs) and can still make one call
/// slow. Two backstops watch for that, on one thread that runs only once one of them is wanted:
/// - A state whose ``Limits/seconds`` is set is watched from its creation: a call past that many seconds ends with
///   a `time limit exceeded` ``PluginError``, and the state stays usable. This is what an app that runs other
///   people's plugins sets.
/// - ``start(after:onStuck:)`` watches every state of the process: when one call has been running for `seconds`,
///   `onStuck` gets the plugin's file name and is expected to end the process (the `panekit` CLI does).
///
/// Nothing runs, and nothing is registered, until one of them is asked for, so other embedders are unaffected.
public enum PluginWatchdog {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var states: [WeakState] = []
    /// The process-wide report of ``start(after:onStuck:)``, once started.
    nonisolated(unsafe) private static var report: (seconds: Double, onStuck: @Sendable (String) -> Void)?
    nonisolated(unsafe) private static var running = false

    private struct WeakState {
        weak var state: LuaState?
        /// The state's own time limit (`Limits.seconds`), if any.
        var seconds: Double?
        var call: Int64 = 0
        var since: UInt64 = 0
    }

    /// Starts watching every state of the process (once per process; later calls do nothing).
    /// - Parameters:
    ///   - seconds: how long one call may run before `onStuck` is called.
    ///   - onStuck: called on the watchdog's thread with the plugin's file name (`zoom.lua`).
    public static func start(after seconds: Double, onStuck: @escaping @Sendable (String) -> Void) {
        lock.lock()
        defer { lock.unlock() }
        guard report == nil else { return }
        report = (seconds, onStuck)
        startThread()
    }

    /// Called by each new state: watched when it has a time limit or the process-wide report runs.
    static func register(_ state: LuaState) {
        lock.lock()
        defer { lock.unlock() }
        guard report != nil || state.seconds != nil else { return }
        states.removeAll { $0.state == nil }
        states.append(WeakState(state: state, seconds: state.seconds))
        startThread()
    }

    /// Starts the thread once; called with the lock held.
    private static func startThread() {
        guard !running else { return }
        running = true
        let thread = Thread {
            while true {
                Thread.sleep(forTimeInterval: pollInterval())
                if let (file, onStuck) = check() { onStuck(file) }
            }
        }
        thread.name = "panekit plugin watchdog"
        thread.start()
    }

    /// A quarter of the shortest limit watched, at most 0.25 s.
    private static func pollInterval() -> Double {
        lock.lock()
        defer { lock.unlock() }
        let shortest = states.compactMap(\.seconds).min() ?? .infinity
        return max(0.005, min(0.25, min(shortest, report?.seconds ?? .infinity) / 4))
    }

    /// Ends each call past its state's time limit, and returns the file of a state whose current call has run
    /// past the process-wide report's seconds, with the report to call, if any.
    private static func check() -> (String, @Sendable (String) -> Void)? {
        lock.lock()
        defer { lock.unlock() }
        let now = DispatchTime.now().uptimeNanoseconds
        var stuck: (String, @Sendable (String) -> Void)?
        for i in states.indices {
            // A strong reference for the check: the state cannot close while it is interrupted.
            guard let state = states[i].state else { continue }
            let call = state.runningCall
            if call == 0 || call != states[i].call {
                states[i].call = call
                states[i].since = now
                continue
            }
            let elapsed = Double(now - states[i].since) / 1e9
            if let limit = states[i].seconds, elapsed >= limit { state.interrupt(call: call) }
            if let report, elapsed >= report.seconds, stuck == nil { stuck = (state.file, report.onStuck) }
        }
        return stuck
    }
}
