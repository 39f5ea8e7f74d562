// The built panekit binary: render --format html and panekit studio end to end, Ctrl-C included.

import Foundation
import PaneKitTestSupport
import Testing

@Suite struct StudioCommandTests {
    @Test func htmlExportIsWholeAndByteIdentical() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "panekit-html-\(ProcessInfo.processInfo.processIdentifier)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let a = folder.appendingPathComponent("a.html").path, b = folder.appendingPathComponent("b.html").path
        for out in [a, b] {
            let result = try runPanekit(["render", "Examples/drawer-swinging-door.json", "--format", "html", "--out", out])
            #expect(result.status == 0, "\(result.stderr)")
        }
        let first = try Data(contentsOf: URL(fileURLWithPath: a)), second = try Data(contentsOf: URL(fileURLWithPath: b))
        #expect(first == second)
        let page = String(decoding: first, as: UTF8.self)
        #expect(page.hasPrefix("<!doctype html>") && page.hasSuffix("</html>\n"))
        #expect(page.contains("id=\"scrub\"") && page.contains("\"mode\":\"static\""))
        let bad = try runPanekit(["render", "Examples/drawer-slide.json", "--format", "html", "--compare", "mm.nope", "--out", a])
        #expect(bad.status == 1)
        #expect(bad.stderr.contains("--compare mm.nope: not a styler"))
    }

    @Test(.timeLimit(.minutes(1)))
    func studioPrintsItsURLServesTheRenderFramesAndStopsOnCtrlC() throws {
        let expected = try runPanekit(["render", "mm.parallax", "--format", "json"])
        #expect(expected.status == 0)
        let studio = try Studio(["mm.parallax"], in: packageRoot)
        defer { studio.end() }
        let reply = exchange(studio.port, Array("GET /frames.json HTTP/1.1\r\nHost: localhost\r\n\r\n".utf8))
        #expect(reply.hasPrefix("HTTP/1.1 200 OK"))
        let body = reply.range(of: "\r\n\r\n").map { String(reply[$0.upperBound...]) } ?? ""
        #expect(body == expected.stdout)
        #expect(studio.interrupt() == 0)
        #expect(studio.stderr.contains("studio: stopped"))
    }

    @Test(.timeLimit(.minutes(1)))
    func aPluginCallTheBudgetDoesNotEndFailsOnThePageAndTheStudioGoesOn() throws {
        // Comparing two long strings is one VM instruction each time: the instruction budget would allow about 20 s
        // of it. The studio gives a call half the CLI's backstop (1 s here), then the call fails like any other.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("panekit-slow-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try """
        local a = ('x'):rep(2e6)
        local b = ('x'):rep(2e6 - 1) .. 'x'
        return { style = function(ctx)
          while true do if a == b then end end
        end }
        """.write(to: folder.appendingPathComponent("slow.lua"), atomically: true, encoding: .utf8)
        let studio = try Studio(["slow.lua"], in: folder, environment: ["PANEKIT_PLUGIN_SECONDS": "1"])
        defer { studio.end() }
        let reply = exchange(studio.port, Array("GET /frames.json HTTP/1.1\r\nHost: localhost\r\n\r\n".utf8))
        #expect(reply.hasPrefix("HTTP/1.1 200 OK"))
        #expect(reply.contains("slow.lua:4: time limit exceeded: a call may run at most 0.5 seconds"), "\(reply.prefix(300))")
        #expect(studio.process.isRunning, "the studio ended")
        #expect(studio.interrupt() == 0)
    }

    @Test(.timeLimit(.minutes(1)), .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/fd")))
    func atTheDescriptorLimitTheStudioKeepsAcceptingOnceDescriptorsAreFree() throws {
        // Under `ulimit -n 40`, sixty idle connections use up the studio's descriptors: accept fails (EMFILE). It
        // used to end the accept loop and close the listener, and the studio refused everything for good while
        // saying "serving".
        let limit = 40
        let studio = try Studio(["mm.parallax"], in: packageRoot, descriptorLimit: limit)
        defer { studio.end() }
        let folder = "/proc/\(studio.process.processIdentifier)/fd"
        var clients: [OpenConnection] = []
        for _ in 0..<60 { if let client = OpenConnection(studio.port) { clients.append(client) } }
        var open = 0
        for _ in 0..<200 where open < limit {  // bounded: at most about 10 s
            open = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).count
            if open < limit { Thread.sleep(forTimeInterval: 0.05) }
        }
        #expect(open >= limit, "the studio never reached its descriptor limit (\(open) open)")
        for client in clients { client.hangUp() }
        var reply = ""
        for _ in 0..<100 where !reply.hasPrefix("HTTP/1.1 200 ") {
            reply = exchange(studio.port, Array("GET /frames.json HTTP/1.1\r\nHost: localhost:\(studio.port)\r\n\r\n".utf8), timeout: 5)
            if !reply.hasPrefix("HTTP/1.1 200 ") { Thread.sleep(forTimeInterval: 0.1) }
        }
        #expect(reply.hasPrefix("HTTP/1.1 200 OK") == true, "\(reply.prefix(100))")
        #expect(studio.interrupt() == 0)
    }

    @Test(.timeLimit(.minutes(2)))
    func atEveryDescriptorLimitTheStudioRefusesClearlyOrStopsOnCtrlC() throws {
        // Short of descriptors, the system's event queue that used to catch Ctrl-C either crashed the studio (it
        // could not make its eventfd) or could not watch the signals, and the studio served on, deaf to Ctrl-C.
        for limit in 4...10 {
            let studio = try Studio(["mm.parallax"], in: packageRoot, descriptorLimit: limit, mayEnd: true)
            defer { studio.end() }
            if studio.endedBeforeServing {
                let stderr = studio.stderr
                #expect(studio.process.terminationStatus == 1, "ulimit -n \(limit): \(stderr)")
                #expect(stderr.contains("descriptor"), "ulimit -n \(limit): \(stderr)")
            } else {
                #expect(studio.interrupt() == 0, "ulimit -n \(limit): still running or killed after Ctrl-C")
            }
        }
    }

    @Test func studioRefusesBadInput() throws {
        let unknown = try runPanekit(["studio", "mm.nope", "--port", "0"])
        #expect(unknown.status == 1)
        #expect(unknown.stderr.contains("mm.nope"))
        let port = try runPanekit(["studio", "mm.slide", "--port", "70000"])
        #expect(port.status == 2)
        let host = try runPanekit(["studio", "mm.slide", "--host", "example"])
        #expect(host.status == 1)
        #expect(host.stderr.contains("--host: expected an IPv4 address"))
    }
}

/// A `panekit studio` process on a free port, started and read up to the URL line it prints first.
private struct Studio {
    let process = Process()
    let port: UInt16
    /// Whether the process ended before printing its URL (only with `mayEnd`).
    let endedBeforeServing: Bool
    private let err = Pipe()

    /// Starts `panekit studio ARGUMENTS --port 0` in `folder` and reads its URL within 20 s; with
    /// `descriptorLimit`, under `ulimit -n` (the shell execs the studio, so the process is the studio).
    /// With `mayEnd`, a process that ends before printing its URL is no failure: `endedBeforeServing` says so.
    /// - Throws: when the process cannot start or prints no URL.
    init(
        _ arguments: [String], in folder: URL, environment: [String: String] = [:], descriptorLimit: Int? = nil,
        mayEnd: Bool = false
    ) throws {
        if let descriptorLimit {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments =
                ["-c", "ulimit -n \(descriptorLimit) && exec \"$0\" \"$@\"", panekitBinary.path, "studio"] + arguments + ["--port", "0"]
        } else {
            process.executableURL = panekitBinary
            process.arguments = ["studio"] + arguments + ["--port", "0"]
        }
        process.currentDirectoryURL = folder
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let out = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        var line = ""
        let deadline = Date().addingTimeInterval(20)
        while !line.contains("\n"), Date() < deadline, process.isRunning {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { Thread.sleep(forTimeInterval: 0.05) } else { line += String(decoding: chunk, as: UTF8.self) }
        }
        let match = line.firstMatch(of: /http:\/\/127\.0\.0\.1:(\d+)\//)
        while match == nil, mayEnd, process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        endedBeforeServing = match == nil && mayEnd && !process.isRunning
        if endedBeforeServing {
            port = 0
            return
        }
        port = try #require(match.flatMap { UInt16($0.1) }, "stdout: \(line)")
    }

    /// Sends SIGINT and waits up to 10 s; the exit status, or -1 if it is still running.
    func interrupt() -> Int32 {
        kill(process.processIdentifier, SIGINT)
        let stopBy = Date().addingTimeInterval(10)
        while process.isRunning, Date() < stopBy { Thread.sleep(forTimeInterval: 0.05) }
        return process.isRunning ? -1 : process.terminationStatus
    }

    /// What the process wrote to standard error (after it ended).
    var stderr: String { String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) }

    /// Ends a process a failed test left running.
    func end() { if process.isRunning { process.terminate() } }
}
