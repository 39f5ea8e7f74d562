// The only file that talks to the C library: terminals, signals, the environment, clocks and executables.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Foundation

enum Platform {
    /// Replaces this process with the executable at `path`, run with `arguments` (its output and exit status
    /// become this command's).
    /// - Returns: only when the executable cannot be started, with the reason.
    static func replaceProcess(with path: String, _ arguments: [String]) -> String {
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        execv(path, argv)
        let reason = String(cString: strerror(errno))
        for p in argv { free(p) }
        return reason
    }

    /// Writes `message` to standard error and ends the process with `status` at once, from any thread (no
    /// handlers run, so a thread still inside a plugin call cannot interfere).
    static func abandon(_ message: String, status: Int32) -> Never {
        FileHandle.standardError.write(Data(message.utf8))
        _exit(status)
    }

    /// The path of the running executable, symbolic links resolved.
    static var executablePath: String {
        (Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])).resolvingSymlinksInPath().path
    }

    /// Whether the file descriptor is a terminal.
    static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

    static let standardOutput: Int32 = STDOUT_FILENO
    static let standardError: Int32 = STDERR_FILENO
    static let standardInput: Int32 = STDIN_FILENO

    /// The terminal's size in cells, when standard output is a terminal that reports one.
    static func terminalSize() -> (columns: Int, rows: Int)? {
        var size = winsize()
        #if canImport(Darwin)
        let result = ioctl(STDOUT_FILENO, TIOCGWINSZ, &size)
        #else
        let result = ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size)
        #endif
        guard result == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
        return (Int(size.ws_col), Int(size.ws_row))
    }

    /// An environment variable.
    static func environment(_ name: String) -> String? {
        guard let value = getenv(name) else { return nil }
        return String(cString: value)
    }

    /// The number of cores to run jobs on.
    static var coreCount: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

    /// Seconds on a monotonic clock (for pacing and progress only; never written to output).
    static func now() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }

    /// Sleeps for `seconds` (nothing when not positive).
    static func sleep(_ seconds: Double) {
        guard seconds > 0 else { return }
        var t = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - seconds.rounded(.down)) * 1e9))
        _ = nanosleep(&t, nil)
    }

    /// Writes all of `bytes` to a file descriptor, retrying short writes.
    static func write(_ fd: Int32, _ bytes: [UInt8]) {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = systemWrite(fd, raw.baseAddress! + offset, raw.count - offset)
                if n <= 0 {
                    if n < 0 && errno == EINTR { continue }
                    return
                }
                offset += n
            }
        }
    }

    /// Renames `from` to `to`, atomically replacing any file at `to` (POSIX rename; Foundation's replaceItemAt
    /// fails on Linux when the destination exists).
    /// - Returns: the error text, or nil on success.
    static func rename(_ from: String, to: String) -> String? {
        systemRename(from, to) == 0 ? nil : String(cString: strerror(errno))
    }

    /// The full path of an executable found on `PATH`.
    static func findExecutable(_ name: String) -> String? {
        let path = environment("PATH") ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") where !folder.isEmpty {
            let candidate = "\(folder)/\(name)"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }

    nonisolated(unsafe) private static var signalSources: [any DispatchSourceSignal] = []

    /// Runs `handler` (on a background queue) on Ctrl-C, SIGTERM and SIGHUP instead of the default exit.
    static func onInterrupt(_ handler: @escaping @Sendable (Int32) -> Void) {
        for number in [SIGINT, SIGTERM, SIGHUP] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { handler(number) }
            source.resume()
            signalSources.append(source)
        }
    }

    /// Turns off the echo of typed keys on the terminal of standard input (signals keep working).
    /// - Returns: the function that restores the previous settings, or nil when stdin is not a terminal.
    static func disableEcho() -> (@Sendable () -> Void)? {
        guard isatty(STDIN_FILENO) == 1 else { return nil }
        var saved = termios()
        guard tcgetattr(STDIN_FILENO, &saved) == 0 else { return nil }
        var quiet = saved
        quiet.c_lflag &= ~tcflag_t(ECHO)
        guard tcsetattr(STDIN_FILENO, TCSANOW, &quiet) == 0 else { return nil }
        let restore = saved
        return {
            var settings = restore
            _ = tcsetattr(STDIN_FILENO, TCSANOW, &settings)
        }
    }

    /// Ends the process at once with `code`.
    static func exitNow(_ code: Int32) -> Never { exit(code) }
}

#if canImport(Darwin)
private let systemWrite = Darwin.write
private let systemRename = Darwin.rename
#elseif canImport(Musl)
private let systemWrite = Musl.write
private let systemRename = Musl.rename
#else
private let systemWrite = Glibc.write
private let systemRename = Glibc.rename
#endif
