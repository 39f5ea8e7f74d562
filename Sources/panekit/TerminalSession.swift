// The terminal the player takes over: the alternate screen, the cursor and key echo, given back on exit, on
// Ctrl-C and while stopped with Ctrl-Z.

import Foundation

/// The terminal state the player changes, put back exactly once whichever way the program ends, and handed
/// back to the shell while the program is stopped with Ctrl-Z.
///
/// It takes Ctrl-Z (SIGTSTP) and `fg` (SIGCONT) on a thread of its own (see `Platform.onJobControl`), for as
/// long as the process runs.
final class TerminalSession: @unchecked Sendable {
    private enum State { case off, on, suspended, ended }
    private let lock = NSLock()
    private var state = State.off
    private var restoreEcho: (@Sendable () -> Void)?
    private var lastFrame: [UInt8] = []
    private var stopped = 0.0

    /// The session that has the terminal, for an exit that cannot unwind (the plugin watchdog's).
    nonisolated(unsafe) private static weak var current: TerminalSession?
    private static let currentLock = NSLock()

    /// Gives the terminal back if a session has it, before the process ends at once.
    static func leaveCurrent() {
        currentLock.lock()
        let session = current
        currentLock.unlock()
        session?.leave()
    }

    init() {
        Self.currentLock.lock()
        Self.current = self
        Self.currentLock.unlock()
        Platform.onJobControl { [self] event in
            switch event {
            case .suspend: suspend()
            case .resume: resume()
            }
        }
    }

    /// Alternate screen, cursor hidden, screen cleared, key echo off.
    func enter() {
        lock.lock()
        defer { lock.unlock() }
        takeOver()
        state = .on
    }

    /// Writes a whole frame, unless the session has ended (a signal arrived mid-frame) or is suspended; the
    /// frame is kept to redraw after `fg`.
    func draw(_ bytes: [UInt8]) {
        lock.lock()
        defer { lock.unlock() }
        lastFrame = bytes
        // `fg` of a job that `bg` left running sends no SIGCONT: notice the terminal coming back here.
        if state == .suspended, Platform.isForeground() {
            takeOver()
            state = .on
        }
        if state == .on { Platform.write(Platform.standardOutput, bytes) }
    }

    /// Ends synchronized output, resets colours, shows the cursor, leaves the alternate screen, restores echo.
    func leave() {
        lock.lock()
        defer { lock.unlock() }
        if state == .on { handBack() }
        state = .ended
    }

    /// Ctrl-Z: restores the terminal as `leave` does, stops the process as Ctrl-Z would, and once continued in the
    /// foreground takes the screen back and redraws (see `resume`).
    func suspend() {
        lock.lock()
        if state == .on {
            handBack()
            state = .suspended
        }
        lock.unlock()
        let start = Platform.now()
        Platform.stopAsSuspended()
        lock.lock()
        stopped += Platform.now() - start
        lock.unlock()
        resume()
    }

    /// After `fg`: the alternate screen again with the last frame redrawn. Nothing while the process runs in the
    /// background (after `bg`); `draw` takes the screen back once it is in the foreground again.
    func resume() {
        lock.lock()
        defer { lock.unlock() }
        guard state == .suspended, Platform.isForeground() else { return }
        takeOver()
        Platform.write(Platform.standardOutput, lastFrame)
        state = .on
    }

    /// Seconds spent stopped so far, which the player's clock leaves out.
    var secondsStopped: Double {
        lock.lock()
        defer { lock.unlock() }
        return stopped
    }

    private func takeOver() {
        Platform.write(Platform.standardOutput, Array("\u{1b}[?1049h\u{1b}[?25l\u{1b}[2J".utf8))
        restoreEcho = Platform.disableEcho()
    }

    private func handBack() {
        Platform.write(Platform.standardOutput, Array("\u{1b}[?2026l\u{1b}[0m\u{1b}[?25h\u{1b}[?1049l".utf8))
        restoreEcho?()
        restoreEcho = nil
    }
}
