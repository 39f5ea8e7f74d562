// The CLI's platform layer: the only file that reaches below Foundation (process spawning, and later
// terminals and signals), with the Glibc / Darwin ladder.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
}
