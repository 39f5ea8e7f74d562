// A wall-clock backstop for command-line tools: a plugin call that runs for seconds is reported, never a hang.

import CLua
import CLuaBridge
import Foundation

/// Watches every plugin state of the process from a background thread, once started.
///
/// The instruction budget ends every known kind of runaway call deterministically; a few VM operations cost in
/// proportion to their operands (comparing two long strings, copying many varargs) and can still make one call
/// slow. A tool that must never hang (the `panekit` CLI) starts the watchdog: when one call of a state has been
/// running for `seconds`, `onStuck` gets the plugin's file name, and is expected to end the process. Nothing runs,
/// and nothing is registered, until `start` is called, so library embedders are unaffected.
public enum PluginWatchdog {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var states: [WeakState] = []
    nonisolated(unsafe) private static var started = false

    private struct WeakState {
        weak var state: LuaState?
        var call: Int64 = 0
        var since: UInt64 = 0
    }

    /// Starts watching (once per process; later calls do nothing).
    /// - Parameters:
    ///   - seconds: how long one call may run before `onStuck` is called.
    ///   - onStuck: called on the watchdog's thread with the plugin's file name (`zoom.lua`).
    public static func start(after seconds: Double, onStuck: @escaping @Sendable (String) -> Void) {
        lock.lock()
        defer { lock.unlock() }
        guard !started else { return }
        started = true
        let thread = Thread {
            while true {
                Thread.sleep(forTimeInterval: min(0.25, seconds / 4))
                if let file = stuck(after: seconds) { onStuck(file) }
            }
        }
        thread.name = "panekit plugin watchdog"
        thread.start()
    }

    /// Called by each new state: watched only when the watchdog runs.
    static func register(_ state: LuaState) {
        lock.lock()
        defer { lock.unlock() }
        guard started else { return }
        states.removeAll { $0.state == nil }
        states.append(WeakState(state: state))
    }

    /// The file of a state whose current call has run for `seconds`, if any.
    private static func stuck(after seconds: Double) -> String? {
        lock.lock()
        defer { lock.unlock() }
        let now = DispatchTime.now().uptimeNanoseconds
        for i in states.indices {
            guard let state = states[i].state else { continue }
            let call = state.runningCall
            if call == 0 || call != states[i].call {
                states[i].call = call
                states[i].since = now
            } else if Double(now - states[i].since) / 1e9 >= seconds {
                return state.file
            }
        }
        return nil
    }
}
