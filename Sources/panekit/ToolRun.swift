// Running an external program (git, curl, luacheck, rsvg-convert, ffmpeg, pkg-config) with a time limit, and a
// memory limit where its input can make it run away; no terminal, its input and output in files.

import Foundation

/// What one run of an external program printed and returned.
struct ToolRun {
    /// The exit status (the signal's number when it was killed).
    var status: Int32
    /// Standard output's bytes.
    var output: Data
    /// The first `errorLimit` bytes of its standard error.
    var stderr: String
    /// Whether it was killed because it ran past its time limit.
    var timedOut: Bool
    /// Whether it was killed because its standard output grew past the limit it was given.
    var outputTooLarge = false

    /// Standard output as text.
    var stdout: String { String(decoding: output, as: UTF8.self) }

    /// The most bytes of a program's standard error read back: its messages, not a runaway log.
    static let errorLimit = 64 << 10

    /// The time limit of a converter (rsvg-convert, ffmpeg): `seconds`, unless PANEKIT_CONVERTER_SECONDS gives
    /// another (as the tests do).
    static func converterLimit(_ seconds: Double) -> Double {
        Platform.environment("PANEKIT_CONVERTER_SECONDS").flatMap(Double.init).flatMap { $0 > 0 ? $0 : nil } ?? seconds
    }

    /// The program and arguments that run `executable` with `arguments` under `memory` bytes of data (nil: as
    /// they are).
    static func limited(_ executable: String, _ arguments: [String], memory: Int?) -> (program: String, arguments: [String]) {
        guard let memory else { return (executable, arguments) }
        // A shell sets the limit on itself and becomes the program; where the system refuses the limit, the program
        // still runs, under its time limit.
        return ("/bin/sh", ["-c", "ulimit -d \(max(1, memory >> 10)) 2>/dev/null; exec \"$0\" \"$@\"", executable] + arguments)
    }

    /// The first `errorLimit` bytes of the file `path` as text (empty when it cannot be read).
    static func errorText(_ path: String) -> String {
        let bytes = FileHandle(forReadingAtPath: path).map { handle in
            defer { try? handle.close() }
            return (try? handle.read(upToCount: errorLimit)) ?? nil
        }
        return String(decoding: (bytes ?? nil) ?? Data(), as: UTF8.self)
    }

    /// Runs `executable` with `arguments` without waiting longer than `seconds`.
    ///
    /// The program runs in a process group of its own, killed whole at the time limit, and its output goes to
    /// temporary files, not pipes, so a child it leaves behind cannot hold the run open. An interrupt (Ctrl-C,
    /// SIGTERM) ends the group and removes the files before panekit exits. With `memory`, it runs under that limit
    /// on its data (`ulimit -d`, set by `/bin/sh` before it starts the program): an allocation past it fails inside
    /// the program, which then fails with its own message, instead of taking the machine's memory.
    /// - Parameters:
    ///   - environment: variables set on top of this process's environment.
    ///   - input: what it reads on standard input (nothing, /dev/null, by default).
    ///   - outputLimit: the most bytes of standard output kept; past it the program is ended.
    ///   - memory: the most bytes of data the program may hold, or nil for no limit.
    /// - Returns: nil when the program cannot be started.
    static func run(
        _ executable: String, _ arguments: [String], environment: [String: String] = [:], input: Data? = nil, seconds: Double,
        outputLimit: Int? = nil, memory: Int? = nil
    ) -> ToolRun? {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("panekit-run-\(UUID().uuidString)").path
        let files = [scratch + ".out", scratch + ".err", scratch + ".in"]
        for file in files { Interrupts.track(file: file) }
        defer {
            for file in files {
                Platform.unlink(file)
                Interrupts.untrack(file: file)
            }
        }
        if let input {
            guard FileManager.default.createFile(atPath: files[2], contents: input, attributes: [.posixPermissions: 0o600])
            else { return nil }
        }
        let (program, list) = limited(executable, arguments, memory: memory)
        let variables = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        // Noted under the handler's lock, so an interrupt between the start and the note cannot miss the group.
        let started = Interrupts.uninterrupted { () -> Int32? in
            guard
                let pid = Platform.spawnGroup(
                    program, list, environment: variables, input: input == nil ? "/dev/null" : files[2], output: files[0],
                    errors: files[1])
            else { return nil }
            Interrupts.track(process: pid, group: true)
            return pid
        }
        guard let pid = started else { return nil }
        let end = Platform.waitGroup(pid, seconds: seconds) {
            guard let outputLimit, case .success(let status) = Platform.fileStatus(files[0], followLinks: false) else { return false }
            return status.size > UInt64(outputLimit)
        }
        Interrupts.untrack(process: pid)
        return ToolRun(
            status: end.status, output: FileManager.default.contents(atPath: files[0]) ?? Data(), stderr: errorText(files[1]),
            timedOut: end.timedOut, outputTooLarge: end.stopped)
    }
}
