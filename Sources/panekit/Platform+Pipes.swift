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

    /// Starts `executable` in a process group of its own, its standard input the descriptor `input`, its standard
    /// output /dev/null and its standard error the file `errors`.
    /// - Returns: its process id, or nil when it cannot be started.
    static func spawnGroup(_ executable: String, _ arguments: [String], input: Int32, errors: String) -> Int32? {
        posixSpawn(executable, arguments, environment: nil) { actions, _ in
            posix_spawn_file_actions_adddup2(&actions, input, 0)
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 2, errors, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        }
    }

    /// Makes a write to a pipe whose reader has gone fail with EPIPE instead of ending this process.
    static func ignoreBrokenPipes() { signal(SIGPIPE, SIG_IGN) }
}
