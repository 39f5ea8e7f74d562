// Running the built panekit binary from tests, as a user would.

import Foundation

/// What one run of the panekit binary printed and returned.
public struct CommandResult: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String
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

/// Runs panekit with `arguments` in `directory` (default: the package root), feeding it no input.
public func runPanekit(_ arguments: [String], in directory: URL = packageRoot) throws -> CommandResult {
    let process = Process()
    process.executableURL = panekitBinary
    process.arguments = arguments
    process.currentDirectoryURL = directory
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    try process.run()
    // Read both pipes while the process runs so a large output cannot block it.
    let group = DispatchGroup()
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
        stderr: String(decoding: errData, as: UTF8.self))
}
