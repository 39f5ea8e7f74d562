// A process fed through a pipe, for the video encoder: with Platform.swift, the only files that talk to the C
// library.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension Platform {
    /// A new pipe's reading and writing ends, both closed in programs this process starts (unless given to one
    /// as its standard input or output).
    static func makePipe() -> (read: Int32, write: Int32)? {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return nil }
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        #if os(Linux)
            // A frame of pixels is a megabyte: a wider pipe lets the workers run ahead of the encoder.
            _ = fcntl(ends[1], 1031 /* F_SETPIPE_SZ */, 1 << 20)
        #endif
        return (ends[0], ends[1])
    }

    /// Starts `executable` with `arguments`, its standard input the descriptor `input` (or /dev/null), its standard
    /// output `output` (or /dev/null) and its standard error the file `errors`.
    /// - Returns: its process id, or nil when it cannot be started.
    static func spawn(_ executable: String, _ arguments: [String], input: Int32?, output: Int32?, errors: String) -> Int32? {
        posixSpawn(executable, arguments, environment: nil) { actions, attributes in
            // The program gets SIGPIPE's default back (this process may ignore it, see `ignoreBrokenPipes`).
            var defaults = sigset_t()
            sigemptyset(&defaults)
            sigaddset(&defaults, SIGPIPE)
            posix_spawnattr_setsigdefault(&attributes, &defaults)
            posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF))
            if let input {
                posix_spawn_file_actions_adddup2(&actions, input, 0)
            } else {
                posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            }
            if let output {
                posix_spawn_file_actions_adddup2(&actions, output, 1)
            } else {
                posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            }
            posix_spawn_file_actions_addopen(&actions, 2, errors, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        }
    }

    /// Waits for the process `pid` to end.
    /// - Returns: its exit status, or 128 + the signal's number when a signal ended it.
    static func wait(_ pid: Int32) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            if errno != EINTR { return 1 }
        }
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : 128 + signal
    }

    /// Makes a write to a pipe whose reader has gone fail with EPIPE instead of ending this process.
    static func ignoreBrokenPipes() { signal(SIGPIPE, SIG_IGN) }
}
