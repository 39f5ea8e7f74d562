// The only file (with Platform+Pipes.swift) that talks to the C library: terminals, signals, the environment, clocks
// and executables.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif
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

    /// What a path names, as `lstat` or `stat` sees it.
    struct FileStatus: Equatable {
        enum Kind: Equatable { case regular, folder, symbolicLink, characterDevice, blockDevice, fifo, socket, other }
        var kind: Kind
        var device: UInt64
        var inode: UInt64
        var permissions: UInt32
        /// The size in bytes (of a regular file).
        var size: UInt64 = 0
    }

    /// The status of `path`, or the `errno` of the failure.
    /// - Parameter followLinks: `stat` (the link's target) when true, `lstat` (the link itself) when false.
    static func fileStatus(_ path: String, followLinks: Bool) -> Result<FileStatus, FileError> {
        var info = stat()
        let result = followLinks ? stat(path, &info) : lstat(path, &info)
        return result == 0 ? .success(status(info)) : .failure(FileError(errno))
    }

    /// The status of an open file descriptor.
    static func fileStatus(descriptor: Int32) -> Result<FileStatus, FileError> {
        var info = stat()
        return fstat(descriptor, &info) == 0 ? .success(status(info)) : .failure(FileError(errno))
    }

    private static func status(_ info: stat) -> FileStatus {
        let kinds: [(mode_t, FileStatus.Kind)] = [
            (S_IFREG, .regular), (S_IFDIR, .folder), (S_IFLNK, .symbolicLink), (S_IFCHR, .characterDevice),
            (S_IFBLK, .blockDevice), (S_IFIFO, .fifo), (S_IFSOCK, .socket),
        ]
        let type = info.st_mode & S_IFMT
        return FileStatus(
            kind: kinds.first { $0.0 == type }?.1 ?? .other, device: UInt64(info.st_dev), inode: UInt64(info.st_ino),
            permissions: UInt32(info.st_mode & 0o7777), size: UInt64(max(0, info.st_size)))
    }

    /// An `errno` value from a file-system call, with its meaning in plain words.
    struct FileError: Error, Equatable {
        var code: Int32
        init(_ code: Int32) { self.code = code }

        var isNoSuchFile: Bool { code == ENOENT }
        var isExists: Bool { code == EEXIST }
        /// A part of the path is not a folder.
        var isNotFolder: Bool { code == ENOTDIR }
        /// A symbolic link where none may be followed (or too many of them).
        var isLink: Bool { code == ELOOP }
        /// Past a size limit (`readAll`'s).
        var isTooLarge: Bool { code == EFBIG }

        /// The error in plain words, without the path: "permission denied", "no space left on the device".
        var words: String {
            switch code {
            case ENOENT: return "no such file"
            case EFBIG, EOVERFLOW: return "the file is too large"
            case EACCES, EPERM: return "permission denied"
            case EISDIR: return "it is a folder"
            case ENOTDIR: return "a part of the path is not a folder"
            case EEXIST: return "it already exists"
            case ENOSPC: return "no space left on the device"
            case EDQUOT: return "the disk quota is used up"
            case EROFS: return "the file system is read-only"
            case ENAMETOOLONG: return "the name is too long"
            case ELOOP: return "too many levels of symbolic links"
            case EBUSY, ETXTBSY: return "the file is busy"
            case EIO: return "an input/output error"
            default: return String(cString: strerror(code)).lowercased()
            }
        }
    }

    /// The absolute path of `path` with every symbolic link resolved.
    static func realPath(_ path: String) -> Result<String, FileError> {
        guard let resolved = realpath(path, nil) else { return .failure(FileError(errno)) }
        defer { free(resolved) }
        return .success(String(cString: resolved))
    }

    /// Creates a new file that must not exist yet, open for writing, with `permissions` less the umask.
    static func createExclusively(_ path: String, permissions: UInt32 = 0o666) -> Result<Int32, FileError> {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode_t(permissions))
        return fd >= 0 ? .success(fd) : .failure(FileError(errno))
    }

    /// Opens a file for reading.
    static func openForReading(_ path: String) -> Result<Int32, FileError> {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        return fd >= 0 ? .success(fd) : .failure(FileError(errno))
    }

    /// Opens a file for reading without following a symbolic link at its last component (`ELOOP` then) and
    /// without waiting for a writer (a FIFO opens at once), so its kind can be checked before it is read.
    static func openWithoutFollowing(_ path: String) -> Result<Int32, FileError> {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        return fd >= 0 ? .success(fd) : .failure(FileError(errno))
    }

    /// Writes all of `bytes` to `fd`, retrying short and interrupted writes.
    static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> FileError? {
        var offset = 0
        while offset < bytes.count {
            let n = systemWrite(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                return FileError(errno)
            }
            offset += n
        }
        return nil
    }

    /// Reads `fd` to its end.
    /// - Returns: the bytes, or `EFBIG` ("the file is too large") past `limit` bytes.
    static func readAll(_ fd: Int32, limit: Int) -> Result<[UInt8], FileError> {
        var result: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress!, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                return .failure(FileError(errno))
            }
            if n == 0 { return .success(result) }
            if result.count + n > limit { return .failure(FileError(EFBIG)) }
            result.append(contentsOf: chunk[0..<n])
        }
    }

    /// Closes `fd`; the error matters for a file just written (a full disk may only show here).
    @discardableResult
    static func close(_ fd: Int32) -> FileError? { systemClose(fd) == 0 ? nil : FileError(errno) }

    /// Sets a file's permission bits.
    static func setPermissions(_ fd: Int32, _ permissions: UInt32) -> FileError? {
        fchmod(fd, mode_t(permissions)) == 0 ? nil : FileError(errno)
    }

    /// Renames `from` onto `to`, atomically replacing what `to` names (never writing through it).
    @discardableResult
    static func rename(_ from: String, onto to: String) -> FileError? {
        systemRename(from, to) == 0 ? nil : FileError(errno)
    }

    /// Removes a name (never a folder).
    @discardableResult
    static func unlink(_ path: String) -> FileError? { systemUnlink(path) == 0 ? nil : FileError(errno) }

    /// Creates one folder (its parent must exist).
    static func makeFolder(_ path: String) -> FileError? { mkdir(path, 0o777) == 0 ? nil : FileError(errno) }

    /// The process id, for temporary names.
    static var processID: Int32 { getpid() }

    /// The file that defines the loaded symbol `name` (a shared library, or this executable when it is built in),
    /// and the symbol's address; nil when nothing loaded defines it.
    static func loadedSymbol(_ name: String) -> (file: String, address: UnsafeMutableRawPointer)? {
        guard let handle = dlopen(nil, RTLD_NOW), let address = dlsym(handle, name) else { return nil }
        #if canImport(Darwin)
            var info = Dl_info()
            guard dladdr(address, &info) != 0, let file = info.dli_fname else { return nil }
            return (String(cString: file), address)
        #else
            // glibc's dladdr needs _GNU_SOURCE: the mapping that holds the address names the file instead.
            let at = UInt(bitPattern: address)
            guard let handle = FileHandle(forReadingAtPath: "/proc/self/maps") else { return nil }
            defer { try? handle.close() }
            let maps = String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
            for line in maps.split(separator: "\n") {
                let fields = line.split(separator: " ", omittingEmptySubsequences: true)
                let bounds = fields.first?.split(separator: "-") ?? []
                guard fields.count >= 6, bounds.count == 2, let low = UInt(bounds[0], radix: 16), let high = UInt(bounds[1], radix: 16),
                    low <= at, at < high
                else { continue }
                return (fields[5...].joined(separator: " "), address)
            }
            return nil
        #endif
    }

    /// Starts `executable` in a process group of its own (so that it and every child it starts can be ended
    /// together), standard input from the file `input` (/dev/null by default), standard output and error into the
    /// files `output` and `errors`.
    /// - Returns: its process id, or nil when it cannot be started.
    static func spawnGroup(
        _ executable: String, _ arguments: [String], environment: [String: String], input: String = "/dev/null", output: String,
        errors: String
    ) -> Int32? {
        posixSpawn(executable, arguments, environment: environment) { actions, attributes in
            posix_spawn_file_actions_addopen(&actions, 0, input, O_RDONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            posix_spawn_file_actions_addopen(&actions, 2, errors, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        }
    }

    #if canImport(Darwin)
        typealias SpawnActions = posix_spawn_file_actions_t?
        typealias SpawnAttributes = posix_spawnattr_t?
    #else
        typealias SpawnActions = posix_spawn_file_actions_t
        typealias SpawnAttributes = posix_spawnattr_t
    #endif

    /// Starts `executable` with `arguments` through posix_spawn, `prepare` adding its standard input, output and
    /// error, with `environment` (nil: this process's), in a process group of its own, with the default action for
    /// the signals this process may ignore and none of this process's other descriptors.
    /// - Returns: its process id, or nil when it cannot be started.
    static func posixSpawn(
        _ executable: String, _ arguments: [String], environment: [String: String]?,
        prepare: (inout SpawnActions, inout SpawnAttributes) -> Void
    ) -> Int32? {
        #if canImport(Darwin)
            var actions: SpawnActions = nil
            var attributes: SpawnAttributes = nil
        #else
            var actions = SpawnActions()
            var attributes = SpawnAttributes()
        #endif
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        prepare(&actions, &attributes)
        // Signals this process ignores while it cleans up on Ctrl-C are the child's defaults again.
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for number in [SIGINT, SIGTERM, SIGHUP, SIGPIPE] { sigaddset(&defaults, number) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        // Nothing else of this process's goes to the program: a descriptor it inherited (the end of a socket its own
        // parent watches for this process's exit) would outlive this process in a program left running.
        #if canImport(Darwin)
            posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_CLOEXEC_DEFAULT))
        #else
            // glibc's closefrom action is not visible to Swift: each open descriptor is closed by name (one that
            // is closed meanwhile is no error in the child).
            let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
            for fd in open.compactMap(Int32.init) where fd > 2 { posix_spawn_file_actions_addclose(&actions, fd) }
            posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF))
        #endif
        posix_spawnattr_setpgroup(&attributes, 0)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { $0.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil] }
        defer {
            for p in argv { free(p) }
            for p in envp ?? [] { free(p) }
        }
        var pid: pid_t = 0
        let status =
            envp.map { envp in posix_spawn(&pid, executable, &actions, &attributes, argv, envp) }
            ?? posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
        return status == 0 ? pid : nil
    }

    /// Waits for the process `pid` started by `spawnGroup` to exit, at most `seconds`, or until `stop` (asked
    /// every 5 ms) says it should end; then kills its whole process group.
    /// - Returns: its exit status (128 + the signal's number when a signal ended it), whether it timed out and
    ///   whether `stop` ended it.
    static func waitGroup(
        _ pid: Int32, seconds: Double, stop: () -> Bool = { false }
    ) -> (status: Int32, timedOut: Bool, stopped: Bool) {
        let deadline = Date().addingTimeInterval(seconds)
        var status: Int32 = 0
        var timedOut = false
        var stopped = false
        while true {
            let done = waitpid(pid, &status, WNOHANG)
            if done == pid { break }
            if done < 0 && errno != EINTR { return (1, false, false) }
            timedOut = Date() >= deadline
            stopped = !timedOut && stop()
            if timedOut || stopped {
                kill(-pid, SIGKILL)
                while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
                break
            }
            usleep(5_000)
        }
        if !timedOut && !stopped { kill(-pid, SIGKILL) }  // a child it left behind holds nothing of ours
        let signal = status & 0x7f
        return (signal == 0 ? (status >> 8) & 0xff : 128 + signal, timedOut, stopped)
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

    /// Runs `handler` on a thread of its own on Ctrl-C, SIGTERM and SIGHUP instead of the default exit.
    ///
    /// The pipe and the thread are made here, before anything else can use up the descriptors: the system's event
    /// queue, which used to watch these signals, made its descriptors later and, when none was left, crashed or
    /// never saw a signal again.
    /// - Returns: false when no pipe could be made (the descriptors are used up); the signals then keep their
    ///   default action, so Ctrl-C still ends the process.
    @discardableResult
    static func onInterrupt(_ handler: @escaping @Sendable (Int32) -> Void) -> Bool {
        relaySignals([SIGINT, SIGTERM, SIGHUP], through: &interrupts, to: handler)
    }

    /// Why no descriptor could be made just now, with the process's limit on them (`ulimit -n`).
    static func descriptorShortage() -> String {
        let reason = String(cString: strerror(errno))
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return reason }
        return "\(reason) (the limit on open file descriptors, ulimit -n, is \(limit.rlim_cur))"
    }

    /// What job control asks of a program that has taken over the terminal.
    enum JobControl { case suspend, resume }

    /// Calls `handler` on a thread of its own for Ctrl-Z (SIGTSTP: `.suspend`) and for `fg` or `bg` (SIGCONT:
    /// `.resume`).
    static func onJobControl(_ handler: @escaping @Sendable (JobControl) -> Void) {
        _ = relaySignals([SIGTSTP, SIGCONT], through: &jobControl) { handler($0 == SIGTSTP ? .suspend : .resume) }
    }

    /// Catches `numbers` with a handler that only writes the signal's number down a new pipe (`ends`), and starts
    /// a thread that reads it and calls `handler`: the handler runs outside any signal context, whichever thread
    /// the signal interrupted.
    ///
    /// The signals are unblocked on the calling thread (and so on the threads it starts later), since a parent may
    /// have left them blocked: a process started from a thread that blocks them inherits its mask.
    /// - Returns: false, catching nothing, when no pipe could be made.
    private static func relaySignals(
        _ numbers: [Int32], through ends: inout (read: Int32, write: Int32),
        to handler: @escaping @Sendable (Int32) -> Void
    ) -> Bool {
        var made: [Int32] = [0, 0]
        guard pipe(&made) == 0 else { return false }
        _ = fcntl(made[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(made[1], F_SETFD, FD_CLOEXEC)
        ends = (made[0], made[1])
        let reading = made[0]
        var signals = sigset_t()
        sigemptyset(&signals)
        for number in numbers {
            catchSignal(number)
            sigaddset(&signals, number)
        }
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
        let thread = Thread {
            while true {
                var byte: UInt8 = 0
                let n = systemRead(reading, &byte, 1)
                if n < 0 && errno == EINTR { continue }
                guard n == 1 else { return }
                handler(Int32(byte))
            }
        }
        thread.start()
        return true
    }

    /// Stops the process as Ctrl-Z does, with SIGTSTP's default action (so the shell reports an ordinary stopped
    /// job), and returns once it is continued. Call it from the `onJobControl` handler.
    ///
    /// Where the kernel will not stop the process (an orphaned process group, where a shell without job control
    /// started it) it goes on after a fifth of a second, as if `fg` had been typed.
    static func stopAsSuspended() {
        signal(SIGTSTP, SIG_DFL)
        kill(getpid(), SIGTSTP)
        // Wait for SIGCONT's byte; any other byte (a second Ctrl-Z meanwhile) is dropped.
        var reader = pollfd(fd: jobControl.read, events: Int16(POLLIN), revents: 0)
        while poll(&reader, 1, 200) > 0 {
            var byte: UInt8 = 0
            if systemRead(jobControl.read, &byte, 1) == 1, Int32(byte) != SIGTSTP { break }
        }
        catchSignal(SIGTSTP)
    }

    /// Whether this process's group owns the terminal of standard output (false after `bg`).
    static func isForeground() -> Bool { tcgetpgrp(STDOUT_FILENO) == getpgrp() }

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

/// The pipes from the signal handlers to their threads: job control's (SIGTSTP, SIGCONT) and the interrupts'.
nonisolated(unsafe) private var jobControl: (read: Int32, write: Int32) = (-1, -1)
nonisolated(unsafe) private var interrupts: (read: Int32, write: Int32) = (-1, -1)

/// Installs `relaySignal` as the handler of `number`, restarting interrupted system calls.
private func catchSignal(_ number: Int32) {
    var action = sigaction()
    #if canImport(Darwin)
        action.__sigaction_u.__sa_handler = relaySignal
    #else
        action.__sigaction_handler.sa_handler = relaySignal
    #endif
    action.sa_flags = SA_RESTART
    sigemptyset(&action.sa_mask)
    sigaction(number, &action, nil)
}

/// The signal handler: the signal's number, one byte, down its group's pipe (async-signal-safe), errno kept.
private func relaySignal(_ number: Int32) {
    let saved = errno
    var byte = UInt8(truncatingIfNeeded: number)
    _ = systemWrite(number == SIGTSTP || number == SIGCONT ? jobControl.write : interrupts.write, &byte, 1)
    errno = saved
}

#if canImport(Darwin)
    private let (systemWrite, systemRead, systemClose) = (Darwin.write, Darwin.read, Darwin.close)
    private let (systemRename, systemUnlink) = (Darwin.rename, Darwin.unlink)
#elseif canImport(Musl)
    private let (systemWrite, systemRead, systemClose) = (Musl.write, Musl.read, Musl.close)
    private let (systemRename, systemUnlink) = (Musl.rename, Musl.unlink)
#else
    private let (systemWrite, systemRead, systemClose) = (Glibc.write, Glibc.read, Glibc.close)
    private let (systemRename, systemUnlink) = (Glibc.rename, Glibc.unlink)
#endif
