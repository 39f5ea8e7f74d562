// Running an external program (git, luacheck, pkg-config) with a time limit, no terminal and its output in files.

import Foundation

/// What one run of an external program printed and returned.
struct ToolRun {
    /// The exit status (the signal's number when it was killed).
    var status: Int32
    var stdout: String
    var stderr: String
    /// Whether it was killed because it ran past its time limit.
    var timedOut: Bool

    /// Runs `executable` with `arguments`, standard input closed, without waiting longer than `seconds`.
    ///
    /// The program runs in a process group of its own, killed whole at the time limit, and its output goes to
    /// temporary files, not pipes, so a child it leaves behind cannot hold the run open.
    /// - Parameters:
    ///   - environment: variables set on top of this process's environment.
    /// - Returns: nil when the program cannot be started.
    static func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:], seconds: Double) -> ToolRun? {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("panekit-run-\(UUID().uuidString)").path
        defer {
            try? FileManager.default.removeItem(atPath: scratch + ".out")
            try? FileManager.default.removeItem(atPath: scratch + ".err")
        }
        let variables = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        guard
            let pid = Platform.spawnGroup(executable, arguments, environment: variables, output: scratch + ".out", errors: scratch + ".err")
        else { return nil }
        let end = Platform.waitGroup(pid, seconds: seconds)
        let read = { (path: String) in String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self) }
        return ToolRun(status: end.status, stdout: read(scratch + ".out"), stderr: read(scratch + ".err"), timedOut: end.timedOut)
    }
}
