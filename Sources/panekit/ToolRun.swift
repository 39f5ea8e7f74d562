// Running an external program (git, curl, luacheck, rsvg-convert, ffmpeg, pkg-config) with a time limit, and a
// memory limit where its input can make it run away; no terminal, its input and output in files.

import Foundation

/// What one run of an external program printed and returned.
struct ToolRun {
    /// The exit status (the signal's number when it was killed).
    var status: Int32
    /// Its standard output, whole.
    var output: Data
    /// The first `errorLimit` bytes of its standard error.
    var stderr: String
    /// Whether it was killed because it ran past its time limit.
    var timedOut: Bool

    /// Its standard output as text.
    var stdout: String { String(decoding: output, as: UTF8.self) }

    /// The most bytes of a program's standard error read back: its messages, not a runaway log.
    static let errorLimit = 64 << 10

    /// The time limit of a converter (rsvg-convert, ffmpeg): `seconds`, unless PANEKIT_CONVERTER_SECONDS gives
    /// another (as the tests do).
    static func converterLimit(_ seconds: Double) -> Double {
        Platform.environment("PANEKIT_CONVERTER_SECONDS").flatMap(Double.init).flatMap { $0 > 0 ? $0 : nil } ?? seconds
    }

    /// Runs `executable` with `arguments` without waiting longer than `seconds`.
    ///
    /// The program runs in a process group of its own, killed whole at the time limit, and its output goes to
    /// temporary files, not pipes, so a child it leaves behind cannot hold the run open. With `memory`, it runs
    /// under that limit on its data (`ulimit -d`, set by `/bin/sh` before it starts the program): an allocation
    /// past it fails inside the program, which then fails with its own message, instead of taking the machine's
    /// memory.
    /// - Parameters:
    ///   - environment: variables set on top of this process's environment.
    ///   - input: what it reads on standard input (nothing, /dev/null, by default).
    ///   - memory: the most bytes of data the program may hold, or nil for no limit.
    /// - Returns: nil when the program cannot be started.
    static func run(
        _ executable: String, _ arguments: [String], environment: [String: String] = [:], input: Data? = nil, seconds: Double,
        memory: Int? = nil
    ) -> ToolRun? {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("panekit-run-\(UUID().uuidString)").path
        defer {
            for suffix in [".in", ".out", ".err"] { try? FileManager.default.removeItem(atPath: scratch + suffix) }
        }
        if let input {
            guard FileManager.default.createFile(atPath: scratch + ".in", contents: input, attributes: [.posixPermissions: 0o600])
            else { return nil }
        }
        var program = executable, list = arguments
        if let memory {
            // A shell sets the limit on itself and becomes the program; where the system refuses the limit, the
            // program still runs, under its time limit.
            program = "/bin/sh"
            list = ["-c", "ulimit -d \(max(1, memory >> 10)) 2>/dev/null; exec \"$0\" \"$@\"", executable] + arguments
        }
        let variables = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        guard
            let pid = Platform.spawnGroup(
                program, list, environment: variables, input: input == nil ? "/dev/null" : scratch + ".in", output: scratch + ".out",
                errors: scratch + ".err")
        else { return nil }
        Running.shared.add(pid)
        let end = Platform.waitGroup(pid, seconds: seconds)
        Running.shared.remove(pid)
        let errors = FileHandle(forReadingAtPath: scratch + ".err").map { handle in
            defer { try? handle.close() }
            return (try? handle.read(upToCount: errorLimit)) ?? nil
        }
        return ToolRun(
            status: end.status, output: FileManager.default.contents(atPath: scratch + ".out") ?? Data(),
            stderr: String(decoding: (errors ?? nil) ?? Data(), as: UTF8.self), timedOut: end.timedOut)
    }
}

/// The process groups of the programs `ToolRun` is waiting for. A program runs in a group of its own, so the
/// terminal's Ctrl-C does not reach it: when this process exits (a Ctrl-C handler's exit included), each is ended.
private final class Running: @unchecked Sendable {
    static let shared: Running = {
        atexit { Running.shared.endAll() }
        return Running()
    }()

    private let lock = NSLock()
    private var groups: Set<Int32> = []

    func add(_ pid: Int32) {
        lock.lock()
        groups.insert(pid)
        lock.unlock()
    }

    func remove(_ pid: Int32) {
        lock.lock()
        groups.remove(pid)
        lock.unlock()
    }

    func endAll() {
        lock.lock()
        for pid in groups { Platform.endGroup(pid) }
        lock.unlock()
    }
}
