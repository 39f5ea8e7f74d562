// Issue 34, item 8: Ctrl-C or SIGTERM ends what panekit started (git, ffmpeg) and removes its scratch files; the
// folder it was changing is left as it was.

import Foundation
import PaneKitTestSupport
import Testing

/// A program that notes its process id in `$PANEKIT_TEST_MARK/NAME.pid` and then waits, long, ignoring that
/// panekit is gone (as a git fetch over a slow network does).
private func hangingProgram(_ name: String) -> String {
    """
    #!/bin/sh
    echo $$ > "$PANEKIT_TEST_MARK/\(name).pid"
    exec sleep 300

    """
}

/// A stand-in for rsvg-convert that reads its SVG and writes a few bytes at once.
private let quickConverter = """
    #!/bin/sh
    cat >/dev/null
    printf 'png'

    """

/// Whether the process `pid` is gone (or a zombie nobody has reaped yet).
private func isGone(_ pid: Int32) -> Bool {
    guard kill(pid, 0) == 0 else { return true }
    let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
    return stat.split(separator: ")").last?.split(separator: " ").first == "Z"
}

@Suite(.serialized) struct InterruptCleanupTests {
    /// A fixture with a bin folder first on PATH and its own TMPDIR, to see what panekit leaves there.
    private func setUp(_ programs: [String: String]) throws -> (SharingFixture, bin: URL, temporary: URL, mark: URL) {
        let fixture = try SharingFixture()
        let bin = fixture.root.appendingPathComponent("bin"), temporary = fixture.root.appendingPathComponent("tmp")
        let mark = fixture.root.appendingPathComponent("mark")
        for folder in [bin, temporary, mark] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        for (name, script) in programs {
            let file = bin.appendingPathComponent(name)
            try Data(script.utf8).write(to: file)
            try #require(chmod(file.path, 0o755) == 0)
        }
        return (fixture, bin, temporary, mark)
    }

    /// Starts panekit, waits until `program` has started, sends `signal` until panekit ends, and returns panekit's
    /// exit status and the program's process id.
    private func interrupt(
        _ arguments: [String], at program: String, with signal: Int32, in setup: (SharingFixture, bin: URL, temporary: URL, mark: URL)
    ) throws -> (status: Int32, pid: Int32) {
        let process = try startPanekit(
            setup.0, arguments,
            environment: [
                "PATH": setup.bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
                "TMPDIR": setup.temporary.path, "PANEKIT_TEST_MARK": setup.mark.path,
            ])
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        let pidFile = setup.mark.appendingPathComponent("\(program).pid")
        let deadline = Date().addingTimeInterval(60)
        while !FileManager.default.fileExists(atPath: pidFile.path) && process.isRunning && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.02)
        }
        Thread.sleep(forTimeInterval: 0.1)
        let pid = try #require(
            Int32((try? String(contentsOf: pidFile, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""))
        // Sent again every 0.2 s for at most 15 s, in case the handler is not armed yet.
        let stopBy = Date().addingTimeInterval(15)
        while process.isRunning && Date() < stopBy {
            kill(process.processIdentifier, signal)
            let next = Date().addingTimeInterval(0.2)
            while process.isRunning && Date() < next { Thread.sleep(forTimeInterval: 0.02) }
        }
        try #require(!process.isRunning, "panekit ended")
        defer { kill(pid, SIGKILL) }
        // The program is ended with panekit (allow a moment for the reaper).
        let gone = Date().addingTimeInterval(5)
        while !isGone(pid) && Date() < gone { Thread.sleep(forTimeInterval: 0.05) }
        #expect(isGone(pid), "\(program) (\(pid)) ended with panekit")
        return (process.terminationStatus, pid)
    }

    @Test(.enabled(if: SharingCommandTests.hasGit, "needs git"), arguments: [SIGINT, SIGTERM])
    func anInterruptedAddEndsGitAndLeavesNothing(signal: Int32) throws {
        // git clone hangs; every other git command is the real one.
        let realGit = try #require(
            (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map { "\($0)/git" }
                .first { FileManager.default.isExecutableFile(atPath: $0) })
        let git = """
            #!/bin/sh
            if [ "$1" = clone ]; then
              echo $$ > "$PANEKIT_TEST_MARK/git.pid"
              exec sleep 300
            fi
            exec \(realGit) "$@"

            """
        let setup = try setUp(["git": git])
        _ = try setup.0.repository("stylers", commits: [("v1", ["wobble.lua": SharingFixture.plugin()])])
        let ended = try interrupt(["add", "../stylers@v1"], at: "git", with: signal, in: setup)
        #expect(ended.status == 128 + signal)
        #expect(try FileManager.default.contentsOfDirectory(atPath: setup.temporary.path) == [], "no scratch clone or file is left")
        #expect(!FileManager.default.fileExists(atPath: setup.0.plugins.path), "Plugins/ is as before")
    }

    @Test(arguments: ["gif", "mp4"])
    func anInterruptedVideoEndsFfmpegAndRemovesItsFrames(format: String) throws {
        let setup = try setUp(["rsvg-convert": quickConverter, "ffmpeg": hangingProgram("ffmpeg")])
        try FileManager.default.copyItem(
            at: packageRoot.appendingPathComponent("Examples/drawer-slide.json"), to: setup.0.project.appendingPathComponent("s.json"))
        let ended = try interrupt(
            ["render", "s.json", "--format", format, "--frames", "0..3", "--out", "out.\(format)"], at: "ffmpeg", with: SIGTERM, in: setup)
        #expect(ended.status == 128 + SIGTERM)
        #expect(try FileManager.default.contentsOfDirectory(atPath: setup.temporary.path) == [], "the frame folder is removed")
        #expect(!FileManager.default.fileExists(atPath: setup.0.project.appendingPathComponent("out.\(format)").path))
    }

    /// SIGTERM or SIGKILL at seeded random times during `add`: once the next command has put back what a killed one
    /// left (`install` does), Plugins/ is exactly as before the add or exactly as after it.
    @Test(.enabled(if: SharingCommandTests.hasGit, "needs git"), .timeLimit(.minutes(5)))
    func anAddKilledAtAnyTimeLeavesBeforeOrAfter() throws {
        let fixture = try SharingFixture()
        for name in ["alpha", "beta"] {
            _ = try fixture.repository(name, commits: [("v1", ["\(name).lua": SharingFixture.plugin()])])
        }
        try #require(try fixture.panekit(["add", "../alpha@v1"]).status == 0)
        let before = try fixture.snapshot()
        let start = Date()
        try #require(try fixture.panekit(["add", "../beta@v1"]).status == 0)
        let duration = Date().timeIntervalSince(start)
        let after = try fixture.snapshot()
        try #require(try fixture.panekit(["remove", "beta"]).status == 0)
        var random = SplitMix64(seed: 0x34_0008)
        var outcomes: [String: Int] = [:]
        for round in 0..<12 {
            let signal = round % 2 == 0 ? SIGTERM : SIGKILL
            let process = try startPanekit(fixture, ["add", "../beta@v1"])
            Thread.sleep(forTimeInterval: random.unit() * duration * 1.2)
            kill(process.processIdentifier, signal)
            #expect(waitFor(process, seconds: 60), "round \(round): add ended")
            let install = try fixture.panekit(["install"])
            #expect(install.status == 0, "round \(round): \(install.stderr)")
            let now = try fixture.snapshot()
            #expect(now == before || now == after, "round \(round): \(now.keys.sorted())")
            outcomes[now == after ? "after" : "before", default: 0] += 1
            if now == after { try #require(try fixture.panekit(["remove", "beta"]).status == 0) }
        }
        #expect(outcomes.values.reduce(0, +) == 12, "\(outcomes)")
    }
}
