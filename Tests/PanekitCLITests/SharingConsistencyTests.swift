// Issue 34, lost or inconsistent data: the plugins folder changed by one command at a time, whole or not at all;
// the lock checked against everything in the folder and against hand edits.

import Foundation
import PaneKitTestSupport
import Testing

/// Starts panekit in the fixture's project without waiting for it.
func startPanekit(_ fixture: SharingFixture, _ arguments: [String], environment: [String: String] = [:]) throws -> Process {
    let process = Process()
    process.executableURL = panekitBinary
    process.arguments = arguments
    process.currentDirectoryURL = fixture.project
    process.environment = ProcessInfo.processInfo.environment.merging(["PANEKIT_CACHE": fixture.cache.path]) { $1 }
        .merging(environment) { $1 }
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    return process
}

/// Waits for `process` at most `seconds`; kills it past that. Returns whether it ended on its own.
@discardableResult
func waitFor(_ process: Process, seconds: Double) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
    guard process.isRunning else { return true }
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    return false
}

@Suite(.serialized) struct SharingConsistencyTests {
    static let hasGit = SharingCommandTests.hasGit

    /// Item 7: two `add` at once keep both lock entries (three rounds; every round lost one before).
    @Test(.enabled(if: hasGit, "needs git")) func twoAddsAtOnceKeepBothEntries() throws {
        let fixture = try SharingFixture()
        for name in ["alpha", "beta"] {
            _ = try fixture.repository(name, commits: [("v1", ["\(name).lua": SharingFixture.plugin()])])
        }
        for round in 1...3 {
            let first = try startPanekit(fixture, ["add", "../alpha@v1"])
            let second = try startPanekit(fixture, ["add", "../beta@v1"])
            #expect(waitFor(first, seconds: 120) && waitFor(second, seconds: 120), "round \(round)")
            #expect(first.terminationStatus == 0 && second.terminationStatus == 0, "round \(round)")
            #expect(Set(try fixture.lockObject().keys) == ["alpha", "beta"], "round \(round)")
            #expect(try fixture.panekit(["install", "--check"]).status == 0, "round \(round)")
            for name in ["alpha", "beta"] { #expect(try fixture.panekit(["remove", name]).status == 0) }
        }
    }

    /// Item 7: a command that finds the folder locked waits, and past its limit fails saying why, changing nothing.
    @Test(.enabled(if: hasGit, "needs git")) func aLockedFolderMakesTheNextCommandWaitThenFail() throws {
        let fixture = try SharingFixture()
        _ = try fixture.repository("alpha", commits: [("v1", ["alpha.lua": SharingFixture.plugin()])])
        #expect(try fixture.panekit(["add", "../alpha@v1"]).status == 0)
        let fd = open(fixture.plugins.path, O_RDONLY | O_DIRECTORY)
        try #require(fd >= 0)
        defer { close(fd) }
        try #require(flock(fd, LOCK_EX) == 0)
        let before = try fixture.snapshot()
        let result = try runProgram(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["PANEKIT_CACHE=\(fixture.cache.path)", "PANEKIT_LOCK_SECONDS=1", panekitBinary.path, "remove", "alpha"],
            in: fixture.project, timeout: 60)
        #expect(result.status == 1)
        #expect(
            result.stderr.contains("Plugins is being changed by another panekit command (it holds the folder's lock); waited 1 seconds"),
            "\(result.stderr)")
        #expect(try fixture.snapshot() == before)
    }

    /// Item 8: a change an interrupted command left half made (the lock and a plugin moved aside into a staging
    /// folder) is reported by `install --check` and put back by the next command that changes the folder.
    @Test(.enabled(if: hasGit, "needs git")) func aStaleStagingFolderIsReportedThenPutBack() throws {
        let fixture = try SharingFixture()
        _ = try fixture.repository("alpha", commits: [("v1", ["alpha.lua": SharingFixture.plugin()])])
        #expect(try fixture.panekit(["add", "../alpha@v1"]).status == 0)
        let before = try fixture.snapshot()
        // What `remove alpha` left when Ctrl-C came between moving the old files aside and the new lock in.
        let stage = fixture.plugins.appendingPathComponent(".panekit-staging-0D8C2B5E-1111-4222-8333-944455556666")
        try FileManager.default.createDirectory(at: stage.appendingPathComponent("aside"), withIntermediateDirectories: true)
        try "{\"lockfileVersion\": 1, \"plugins\": {}}\n".write(
            to: stage.appendingPathComponent("panekit.lock"), atomically: true, encoding: .utf8)
        for name in ["panekit.lock", "alpha.lua"] {
            try FileManager.default.moveItem(
                at: fixture.plugins.appendingPathComponent(name), to: stage.appendingPathComponent("aside/\(name)"))
        }
        let check = try fixture.panekit(["install", "--check"])
        #expect(check.status == 1)
        #expect(check.stderr.contains("Plugins/panekit.lock: no such file; Plugins/\(stage.lastPathComponent)"), "\(check.stderr)")
        #expect(check.stderr.contains("left half made; panekit install puts Plugins back as it was"), "\(check.stderr)")
        let install = try fixture.panekit(["install"])
        #expect(install.status == 0, "\(install.stderr)")
        #expect(install.stdout.contains("undid the change an interrupted panekit command left half made"), "\(install.stdout)")
        #expect(try fixture.snapshot() == before, "Plugins/ is as it was before the interrupted command")
        #expect(!FileManager.default.fileExists(atPath: stage.path))
        #expect(try fixture.panekit(["install", "--check"]).status == 0)
    }

    /// Item 10: `install --check` names a plugin and a golden file the lock does not list.
    @Test(.enabled(if: hasGit, "needs git")) func installCheckNamesEveryFileTheLockDoesNotList() throws {
        let fixture = try SharingFixture()
        _ = try fixture.repository("alpha", commits: [("v1", ["alpha.lua": SharingFixture.plugin()])])
        #expect(try fixture.panekit(["add", "../alpha@v1"]).status == 0)
        try fixture.handWritten("x")
        try "{}\n".write(to: fixture.plugins.appendingPathComponent("alpha.golden.json"), atomically: true, encoding: .utf8)
        let check = try fixture.panekit(["install", "--check"])
        #expect(check.status == 1)
        #expect(check.stdout.contains("Plugins/alpha.golden.json: not in the lock"), "\(check.stdout)")
        #expect(check.stdout.contains("Plugins/x.lua: not in the lock"), "\(check.stdout)")
        #expect(check.stderr.contains("2 files differ from Plugins/panekit.lock"), "\(check.stderr)")
    }

    /// Rewrites one field of the lock file's entry `name` as a hand edit would (nil removes it).
    private func edit(_ fixture: SharingFixture, _ name: String, _ key: String, to value: String?) throws {
        var top = try JSONSerialization.jsonObject(with: Data(contentsOf: fixture.lock)) as! [String: Any]
        var plugins = top["plugins"] as! [String: Any]
        var entry = plugins[name] as! [String: Any]
        entry[key] = value
        plugins[name] = entry
        top["plugins"] = plugins
        try JSONSerialization.data(withJSONObject: top, options: [.prettyPrinted, .sortedKeys]).write(to: fixture.lock)
    }

    /// Item 10: a lock whose source was pointed at another repository by hand is reported by `install --check`,
    /// and neither `install` nor `update` takes that repository's code.
    @Test(.enabled(if: hasGit, "needs git")) func aHandEditedSourceIsReportedNotFollowed() throws {
        let fixture = try SharingFixture()
        _ = try fixture.repository("alpha", commits: [("v1", ["alpha.lua": SharingFixture.plugin(version: "1.0.0")])])
        _ = try fixture.repository("evil", commits: [("v9", ["alpha.lua": SharingFixture.plugin(version: "9.0.0", scale: 0.9)])])
        #expect(try fixture.panekit(["add", "../alpha@v1"]).status == 0)
        try edit(fixture, "alpha", "source", to: "../evil")
        let before = try fixture.snapshot()
        let check = try fixture.panekit(["install", "--check"])
        #expect(check.status == 1)
        #expect(
            check.stdout.contains("Plugins/panekit.lock: plugins.alpha was changed after panekit add wrote it"), "\(check.stdout)")
        #expect(check.stdout.contains("source ../evil@v1"), "\(check.stdout)")
        for arguments in [["update"], ["update", "alpha"], ["install"]] {
            let result = try fixture.panekit(arguments)
            #expect(result.status == 1, "\(arguments)")
            #expect(result.stderr.contains("panekit does not follow a lock entry changed by hand"), "\(arguments): \(result.stderr)")
            #expect(try fixture.snapshot() == before, "\(arguments) changed nothing")
        }
    }

    /// Item 10: an entry without a digest (a lock written before digests, or by hand) is reported by
    /// `install --check`; `install` still puts back exactly the files its hashes name, with a warning, and `update`
    /// refuses it until `add` seals it again.
    @Test(.enabled(if: hasGit, "needs git")) func anEntryWithoutADigestIsReportedInstalledAndNotUpdated() throws {
        let fixture = try SharingFixture()
        _ = try fixture.repository("alpha", commits: [("v1", ["alpha.lua": SharingFixture.plugin()])])
        #expect(try fixture.panekit(["add", "../alpha@v1"]).status == 0)
        try edit(fixture, "alpha", "digest", to: nil)
        let check = try fixture.panekit(["install", "--check"])
        #expect(check.status == 1)
        #expect(check.stdout.contains("plugins.alpha has no digest"), "\(check.stdout)")
        try FileManager.default.removeItem(at: fixture.plugins.appendingPathComponent("alpha.lua"))
        let install = try fixture.panekit(["install"])
        #expect(install.status == 0, "\(install.stderr)")
        #expect(install.stderr.contains("install: warning: Plugins/panekit.lock: plugins.alpha has no digest"), "\(install.stderr)")
        #expect(FileManager.default.fileExists(atPath: fixture.plugins.appendingPathComponent("alpha.lua").path))
        let update = try fixture.panekit(["update"])
        #expect(update.status == 1)
        #expect(update.stderr.contains("panekit does not follow a lock entry changed by hand"), "\(update.stderr)")
        #expect(try fixture.panekit(["add", "../alpha@v1"]).status == 0)
        #expect(try fixture.panekit(["install", "--check"]).status == 0, "add sealed it again")
    }

    /// Item 10: a source git refuses (a remote helper that runs a command) is an error naming it, never "offline"
    /// with the cached copy; an escape sequence in the lock never reaches the terminal raw.
    @Test(.enabled(if: hasGit, "needs git")) func aRefusedSourceAndEscapeSequencesInTheLock() throws {
        let fixture = try SharingFixture()
        _ = try fixture.repository("alpha", commits: [("v1", ["alpha.lua": SharingFixture.plugin()])])
        #expect(try fixture.panekit(["add", "../alpha@v1"]).status == 0)
        let marker = fixture.root.appendingPathComponent("ran")
        let helper = "ext::sh -c touch% \(marker.path)"
        try FileManager.default.removeItem(at: fixture.plugins.appendingPathComponent("alpha.lua"))
        try edit(fixture, "alpha", "source", to: helper)
        let before = try fixture.snapshot()
        var result = try fixture.panekit(["install"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("ext::sh -c touch%"), "\(result.stderr)")
        #expect(!result.stdout.contains("offline") && !result.stderr.contains("offline"), "\(result.stdout)")
        #expect(try fixture.snapshot() == before)
        result = try fixture.panekit(["add", helper + "@v1"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("refused: TRANSPORT::ADDRESS names one of git's remote helpers (ext::)"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: marker.path), "no command ran")

        try edit(fixture, "alpha", "version", to: "1.0.0\u{1b}[2J\u{1b}]0;owned\u{07}")
        for arguments in [["install", "--check"], ["remove", "alpha"], ["doctor"]] {
            result = try fixture.panekit(arguments)
            #expect(!(result.stdout + result.stderr).contains("\u{1b}"), "\(arguments): no raw escape")
            #expect((result.stdout + result.stderr).contains("\\27[2J"), "\(arguments): \(result.stdout)\(result.stderr)")
        }
    }
}
