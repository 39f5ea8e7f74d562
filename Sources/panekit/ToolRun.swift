// Running an external program (git, curl, luacheck, pkg-config) with a time limit, no terminal and its output in files.

import Foundation

/// What one run of an external program printed and returned.
struct ToolRun {
    /// The exit status (the signal's number when it was killed).
    var status: Int32
    /// Standard output's bytes.
    var output: Data
    var stderr: String
    /// Whether it was killed because it ran past its time limit.
    var timedOut: Bool
    /// Whether it was killed because its standard output grew past the limit it was given.
    var outputTooLarge = false

    /// Standard output as text.
    var stdout: String { String(decoding: output, as: UTF8.self) }

    /// Runs `executable` with `arguments`, standard input closed, without waiting longer than `seconds`.
    ///
    /// The program runs in a process group of its own, killed whole at the time limit, and its output goes to
    /// temporary files, not pipes, so a child it leaves behind cannot hold the run open. An interrupt (Ctrl-C,
    /// SIGTERM) ends the group and removes the files before panekit exits.
    /// - Parameters:
    ///   - environment: variables set on top of this process's environment.
    ///   - outputLimit: the most bytes of standard output kept; past it the program is ended.
    /// - Returns: nil when the program cannot be started.
    static func run(
        _ executable: String, _ arguments: [String], environment: [String: String] = [:], seconds: Double,
        outputLimit: Int? = nil
    ) -> ToolRun? {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("panekit-run-\(UUID().uuidString)").path
        let files = [scratch + ".out", scratch + ".err"]
        for file in files { Interrupts.track(file: file) }
        defer {
            for file in files {
                Platform.unlink(file)
                Interrupts.untrack(file: file)
            }
        }
        let variables = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        // Noted under the handler's lock, so an interrupt between the start and the note cannot miss the group.
        let started = Interrupts.uninterrupted { () -> Int32? in
            guard let pid = Platform.spawnGroup(executable, arguments, environment: variables, output: files[0], errors: files[1])
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
        let read = { (path: String) in FileManager.default.contents(atPath: path) ?? Data() }
        return ToolRun(
            status: end.status, output: read(files[0]), stderr: String(decoding: read(files[1]), as: UTF8.self), timedOut: end.timedOut,
            outputTooLarge: end.stopped)
    }
}
