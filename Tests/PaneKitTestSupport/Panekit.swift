// Running the built panekit binary from tests, as a user would.

import Foundation
import PaneKit

/// What one run of the panekit binary printed and returned.
public struct CommandResult: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String
    /// Whether the run was ended because it passed its time limit (then `status` is the signal's).
    public var timedOut = false
}

/// The folder of the package (the one holding Package.swift).
public let packageRoot: URL = {
    var url = URL(fileURLWithPath: #filePath)
    while url.path != "/" {
        url.deleteLastPathComponent()
        if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
    }
    fatalError("cannot find Package.swift above \(#filePath)")
}()

/// The panekit binary built beside the running tests.
public let panekitBinary: URL = {
    let candidates = [
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
        Bundle.main.bundleURL,
        Bundle.main.bundleURL.deletingLastPathComponent(),
        packageRoot.appendingPathComponent(".build/debug"),
    ]
    for folder in candidates {
        let binary = folder.appendingPathComponent("panekit")
        if FileManager.default.isExecutableFile(atPath: binary.path) { return binary }
    }
    fatalError("cannot find the panekit binary; run the tests with swift test")
}()

/// What a program run by a test reads on standard input.
public enum ProgramInput: Sendable {
    /// Nothing: /dev/null.
    case none
    /// These bytes, through a pipe.
    case bytes(Data)
    /// This file, opened for reading (as the shell's `< FILE` does).
    case file(URL)
}

/// Runs panekit with `arguments` in `directory` (default: the package root).
/// - Parameters:
///   - input: what the program reads on standard input (default: nothing).
///   - timeout: seconds after which the program is killed and the result says `timedOut`, so that a test of
///     something that could hang fails instead (default: no limit).
public func runPanekit(
    _ arguments: [String], in directory: URL = packageRoot, input: ProgramInput = .none, timeout: Double? = nil
) throws -> CommandResult {
    try runProgram(panekitBinary, arguments, in: directory, input: input, timeout: timeout)
}

/// Runs any program as `runPanekit` runs panekit.
public func runProgram(
    _ executable: URL, _ arguments: [String], in directory: URL = packageRoot, input: ProgramInput = .none,
    timeout: Double? = nil
) throws -> CommandResult {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = directory
    let out = Pipe(), err = Pipe(), stdin = Pipe()
    process.standardOutput = out
    process.standardError = err
    switch input {
    case .none: process.standardInput = FileHandle.nullDevice
    case .bytes: process.standardInput = stdin
    case .file(let url): process.standardInput = try FileHandle(forReadingFrom: url)
    }
    try process.run()
    let group = DispatchGroup()
    if case .bytes(let bytes) = input {
        // A thread of its own with SIGPIPE blocked: a program that exits without reading its input gives the
        // write an error instead of ending the tests (ignoring SIGPIPE instead would pass to the programs run).
        group.enter()
        Thread {
            var pipeSignal = sigset_t()
            sigemptyset(&pipeSignal)
            sigaddset(&pipeSignal, SIGPIPE)
            pthread_sigmask(SIG_BLOCK, &pipeSignal, nil)
            try? stdin.fileHandleForWriting.write(contentsOf: bytes)
            try? stdin.fileHandleForWriting.close()
            group.leave()
        }.start()
    }
    let expired = Expiry()
    if let timeout {
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout) {
            guard process.isRunning else { return }
            expired.set()
            kill(process.processIdentifier, SIGKILL)
        }
    }
    // Read both pipes while the process runs so a large output cannot block it.
    nonisolated(unsafe) var outData = Data(), errData = Data()
    group.enter()
    DispatchQueue.global().async {
        outData = out.fileHandleForReading.readDataToEndOfFile()
        group.leave()
    }
    errData = err.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    return CommandResult(
        status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
        stderr: String(decoding: errData, as: UTF8.self), timedOut: expired.isSet)
}

/// A flag set from another thread.
private final class Expiry: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    func set() { lock.withLock { value = true } }
    var isSet: Bool { lock.withLock { value } }
}

/// How `--behavior` refusals name the families that take one, from the registry: `the sheet, navigation or pager
/// containers` (a test never lists them by hand).
public var behaviorFamiliesPhrase: String {
    let names = ContainerRegistry.descriptors.filter { !$0.behaviors.isEmpty }.map(\.kind.rawValue)
    guard let last = names.last else { return "" }
    return "the " + (names.count == 1 ? last + " container" : names.dropLast().joined(separator: ", ") + " or " + last + " containers")
}

/// The families `--behaviors` compares, as its refusal lists them: `"sheet" or "navigation" or "pager"`, from the
/// registry.
public var behaviorFamiliesChoice: String {
    ContainerRegistry.descriptors.filter { !$0.behaviors.isEmpty }.map { "\"\($0.kind.rawValue)\"" }.joined(separator: " or ")
}
