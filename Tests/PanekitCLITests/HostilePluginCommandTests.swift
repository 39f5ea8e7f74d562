// The CLI with hostile plugins: an unrelated one never delays a run, a runaway call ends the run within seconds,
// and the shipped binary carries no allocator of its own.

import Foundation
import PaneKitTestSupport
import Testing

/// Runs the built panekit in `folder` with `environment` added; nil when it has not finished within `seconds`
/// (it is killed then), so a hang fails the test instead of the suite.
private func runPanekit(
    _ arguments: [String], in folder: URL, environment: [String: String] = [:], within seconds: Double
) throws -> Run? {
    let process = Process()
    process.executableURL = panekitBinary
    process.arguments = arguments
    process.currentDirectoryURL = folder
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let out = FileManager.default.temporaryDirectory.appendingPathComponent("panekit-out-\(UUID().uuidString)")
    let err = out.appendingPathExtension("err")
    _ = FileManager.default.createFile(atPath: out.path, contents: nil)
    _ = FileManager.default.createFile(atPath: err.path, contents: nil)
    defer {
        try? FileManager.default.removeItem(at: out)
        try? FileManager.default.removeItem(at: err)
    }
    process.standardOutput = try FileHandle(forWritingTo: out)
    process.standardError = try FileHandle(forWritingTo: err)
    process.standardInput = FileHandle.nullDevice
    let done = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in done.signal() }
    try process.run()
    guard done.wait(timeout: .now() + seconds) == .success else {
        process.terminate()
        return nil
    }
    return Run(
        status: process.terminationStatus, stdout: try String(contentsOf: out, encoding: .utf8),
        stderr: try String(contentsOf: err, encoding: .utf8))
}

/// What a run printed and returned.
private struct Run {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// A scratch folder with `Plugins/NAME.lua` files.
private func folder(with plugins: [String: String]) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("panekit-hostile-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url.appendingPathComponent("Plugins"), withIntermediateDirectories: true)
    for (name, text) in plugins {
        try text.write(to: url.appendingPathComponent("Plugins/\(name).lua"), atomically: true, encoding: .utf8)
    }
    return url
}

/// A plugin whose load runs for minutes although each instruction counts: comparing two long strings is one VM
/// instruction that the budget cannot see into.
private let slowAtLoad = """
    print("slow.lua was loaded")
    local a, b = ("a"):rep(1.5e6), ("a"):rep(1.5e6)
    for i = 1, 1e6 do local _ = a == b end
    return { style = function() return {} end }
    """

@Suite struct HostilePluginCommandTests {
    @Test func anUnrelatedPluginIsNeverLoaded() throws {
        let dir = try folder(with: ["slow": slowAtLoad])
        defer { try? FileManager.default.removeItem(at: dir) }
        let scenario = packageRoot.appendingPathComponent("Examples/drawer-slide.json").path
        let result = try #require(try runPanekit(["render", scenario, "--format", "json"], in: dir, within: 20), "render hung")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stderr.contains("slow.lua was loaded"), "\(result.stderr)")
        #expect(!result.stdout.isEmpty)
    }

    @Test func aRunawayCallEndsTheRunNamingThePlugin() throws {
        let dir = try folder(with: ["slow": slowAtLoad])
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try #require(
            try runPanekit(["check", "Plugins/slow.lua"], in: dir, environment: ["PANEKIT_PLUGIN_SECONDS": "1"], within: 30),
            "check hung")
        #expect(result.status == 1)
        #expect(result.stderr.contains("slow.lua: a plugin call ran for more than 1 seconds; stopped"), "\(result.stderr)")
    }

    @Test func stylersListsAHostilePluginAsFailing() throws {
        let dir = try folder(with: [
            "loop": "for w in ('a'):rep(2e5):gmatch('a-b') do end\nreturn {}",
            "handler": "xpcall(error, function() while true do end end)\nreturn { description = 'x', style = function() return {} end }",
        ])
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try #require(try runPanekit(["stylers"], in: dir, within: 20), "stylers hung")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("loop.lua:1: instruction limit exceeded"), "\(result.stdout)")
        #expect(result.stdout.contains("handler.lua:1: instruction limit exceeded"), "\(result.stdout)")
    }

    #if os(Linux)
        /// The allocation counter interposes glibc's malloc; only panekit-bench and the tests may link it.
        @Test func theShippedBinaryDefinesNoMalloc() throws {
            let nm = ["/usr/bin/nm", "/bin/nm"].first { FileManager.default.isExecutableFile(atPath: $0) }
            let tool = try #require(nm, "nm is needed (binutils)")
            let process = Process()
            process.executableURL = URL(fileURLWithPath: tool)
            process.arguments = ["-D", panekitBinary.path]
            let pipe = Pipe()
            process.standardOutput = pipe
            try process.run()
            let symbols = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            let defined = symbols.split(separator: "\n").filter { line in
                let fields = line.split(separator: " ")
                return fields.count == 3 && fields[1] != "U"
                    && ["malloc", "free", "calloc", "realloc"].contains(fields[2].split(separator: "@").first ?? "")
            }
            #expect(defined.isEmpty, "\(defined)")
            #expect(symbols.contains("malloc"))
        }
    #endif

    @Test func benchNeedsPanekitBenchBesideIt() throws {
        let dir = try folder(with: [:])
        defer { try? FileManager.default.removeItem(at: dir) }
        let copy = dir.appendingPathComponent("panekit")
        try FileManager.default.copyItem(at: panekitBinary, to: copy)
        let process = Process()
        process.executableURL = copy
        process.arguments = ["bench", "--json"]
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 1)
        #expect(message.contains("cannot run \(dir.resolvingSymlinksInPath().path)/panekit-bench"), "\(message)")
        #expect(message.contains("swift build -c release --product panekit-bench"))
    }
}
