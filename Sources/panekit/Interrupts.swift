// What Ctrl-C, SIGTERM or SIGHUP must undo before the process ends: temporary files, scratch folders, the programs
// panekit started, and a change to a folder that is half made.

import Foundation

/// The cleanup of an interrupted run.
///
/// Whatever a command leaves behind only while it runs is noted here: a temporary file beside an output, a scratch
/// folder (a clone, a frame folder, a staging folder), a process group of an external program (git, curl). The first
/// note installs the interrupt handler; on Ctrl-C, SIGTERM or SIGHUP it ends every noted program, removes every
/// noted file and folder, and ends the process with 128 + the signal's number. A change that must not be cut in two
/// (the renames that put a staged folder change in place) runs in `uninterrupted`: the handler waits for it to end.
enum Interrupts {
    /// Notes a temporary file to remove on an interrupt.
    static func track(file path: String) { state.update { $0.files.insert(path) } }

    /// The file is gone (renamed into place or removed).
    static func untrack(file path: String) { state.update { $0.files.remove(path) } }

    /// Notes a scratch folder to remove, with all it holds, on an interrupt.
    static func track(folder path: String) { state.update { $0.folders.insert(path) } }

    /// The folder is gone.
    static func untrack(folder path: String) { state.update { $0.folders.remove(path) } }

    /// Notes a running program to end on an interrupt: a process group (`spawnGroup`) or a single process.
    static func track(process pid: Int32, group: Bool) { state.update { $0.processes[pid] = group } }

    /// The program has ended.
    static func untrack(process pid: Int32) { state.update { $0.processes[pid] = nil } }

    /// Arms the handler before anything is noted, for a command whose first note may come too late (a signal that
    /// arrives before the handler is armed ends the process at once, as by default).
    static func arm() { state.update { _ in } }

    /// Runs `body` to its end even when an interrupt arrives meanwhile: the handler waits for it, then cleans up.
    static func uninterrupted<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        state.critical.lock()
        defer { state.critical.unlock() }
        return try body()
    }

    private static let state = Noted()
}

/// The files, folders and programs noted, behind a lock; the first note installs the interrupt handler.
private final class Noted: @unchecked Sendable {
    struct Items {
        var files: Set<String> = []
        var folders: Set<String> = []
        /// Process id → whether it leads a process group of its own.
        var processes: [Int32: Bool] = [:]
    }

    private let lock = NSLock()
    /// Held by `Interrupts.uninterrupted` and, to the end, by the handler.
    let critical = NSRecursiveLock()
    private var items = Items()
    private var armed = false

    func update(_ change: (inout Items) -> Void) {
        lock.lock()
        defer { lock.unlock() }
        change(&items)
        guard !armed else { return }
        armed = true
        Platform.onInterrupt { [self] signal in
            critical.lock()  // held to the end: a change under way finishes first, and no new one starts
            lock.lock()  // held to the end: nothing new is noted while the process exits
            for (pid, group) in items.processes {
                if group { Platform.killGroup(pid) } else { Platform.killProcess(pid) }
            }
            for path in items.files { Platform.unlink(path) }
            for path in items.folders { try? FileManager.default.removeItem(atPath: path) }
            Platform.exitNow(128 + signal)
        }
    }
}
