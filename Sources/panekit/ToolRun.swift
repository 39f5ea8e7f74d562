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
    /// The output goes to temporary files, not pipes, so a child the program leaves behind cannot hold the run open.
    /// - Parameters:
    ///   - environment: variables set on top of this process's environment.
    ///   - directory: the working folder (default: the current one).
    /// - Returns: nil when the program cannot be started.
    static func run(
        _ executable: String, _ arguments: [String], environment: [String: String] = [:], directory: String? = nil,
        seconds: Double
    ) -> ToolRun? {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("panekit-run-\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: scratch.path + ".out", contents: nil),
            FileManager.default.createFile(atPath: scratch.path + ".err", contents: nil),
            let out = FileHandle(forWritingAtPath: scratch.path + ".out"),
            let err = FileHandle(forWritingAtPath: scratch.path + ".err")
        else { return nil }
        defer {
            try? FileManager.default.removeItem(atPath: scratch.path + ".out")
            try? FileManager.default.removeItem(atPath: scratch.path + ".err")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = out
        process.standardError = err
        let done = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in done.signal() }
        do {
            try process.run()
        } catch {
            return nil
        }
        try? out.close()
        try? err.close()
        var timedOut = false
        if done.wait(timeout: .now() + seconds) == .timedOut {
            timedOut = true
            kill(process.processIdentifier, SIGKILL)
            done.wait()
        }
        let read = { (path: String) in String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self) }
        return ToolRun(
            status: process.terminationStatus, stdout: read(scratch.path + ".out"), stderr: read(scratch.path + ".err"),
            timedOut: timedOut)
    }
}
