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
    struct SpawnError: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs `path` with `arguments`, its standard output and error sent to /dev/null, and waits for it.
    /// - Throws: `SpawnError` when the process cannot start or does not exit normally.
    static func runSilently(_ path: String, _ arguments: [String]) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        var pid = pid_t()
        let status = posix_spawn(&pid, path, &actions, nil, argv, environ)
        guard status == 0 else { throw SpawnError(description: "cannot start \(path): error \(status)") }
        var exit: Int32 = 0
        while waitpid(pid, &exit, 0) == -1, errno == EINTR {}
        guard exit & 0x7f == 0 else { throw SpawnError(description: "\(path) \(arguments.joined(separator: " ")) was killed") }
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
