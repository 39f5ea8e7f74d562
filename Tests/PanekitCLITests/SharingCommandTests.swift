// panekit add, install, update and remove against git repositories made in the test (no network), and the lock.

import Foundation
import PaneKitTestSupport
import Testing

/// A scratch project with its own plugin cache, and helpers to make git repositories of plugins.
struct SharingFixture {
    let root: URL
    var project: URL { root.appendingPathComponent("project") }
    var plugins: URL { project.appendingPathComponent("Plugins") }
    var cache: URL { root.appendingPathComponent("cache") }
    var lock: URL { plugins.appendingPathComponent("panekit.lock") }

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("panekit-sharing-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("project"), withIntermediateDirectories: true)
    }

    /// A plugin's text.
    static func plugin(version: String = "1.0.0", scale: Double = 0.5, range: String? = nil) -> String {
        """
        return {
          version = "\(version)",
          description = "A test plugin that fades the pane",
        \(range.map { "  panekit = \"\($0)\",\n" } ?? "")  params = { scale = { default = \(scale), min = 0, max = 1, doc = "how far the pane fades" } },
          style = function(ctx) return { pane = { alpha = 1 - ctx.open * ctx.params.scale } } end,
        }

        """
    }

    /// Runs git in `folder`, with a fixed author so that the test needs no git configuration.
    @discardableResult
    func git(_ arguments: [String], in folder: URL) throws -> String {
        let result = try runProgram(
            URL(fileURLWithPath: "/usr/bin/env"),
            [
                "GIT_CONFIG_NOSYSTEM=1", "HOME=\(root.path)", "git", "-c", "user.name=Test", "-c", "user.email=test@example.com",
                "-c", "init.defaultBranch=main", "-c", "tag.gpgSign=false", "-c", "commit.gpgSign=false",
            ] + arguments,
            in: folder, timeout: 60)
        #expect(result.status == 0, "git \(arguments.joined(separator: " ")): \(result.stderr)")
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A repository `name` whose commits each write `files` and are tagged `tag`.
    func repository(_ name: String, commits: [(tag: String?, files: [String: String])]) throws -> URL {
        let folder = root.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try git(["init", "--quiet"], in: folder)
        for (i, commit) in commits.enumerated() {
            for (path, text) in commit.files {
                let file = folder.appendingPathComponent(path)
                try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                try text.write(to: file, atomically: true, encoding: .utf8)
            }
            try git(["add", "-A"], in: folder)
            try git(["commit", "--quiet", "-m", "commit \(i + 1)"], in: folder)
            if let tag = commit.tag { try git(["tag", tag], in: folder) }
        }
        return folder
    }

    /// Runs panekit in the project with this fixture's cache (or `cache`) and, when given, `path` as PATH.
    func panekit(_ arguments: [String], cache: URL? = nil, path: String? = nil) throws -> CommandResult {
        var environment = ["PANEKIT_CACHE=\((cache ?? self.cache).path)"]
        if let path { environment.append("PATH=\(path)") }
        return try runProgram(
            URL(fileURLWithPath: "/usr/bin/env"), environment + [panekitBinary.path] + arguments, in: project, timeout: 180)
    }

    func read(_ url: URL) throws -> String { try String(contentsOf: url, encoding: .utf8) }

    func lockObject() throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: lock)) as! [String: Any]
        return object["plugins"] as! [String: Any]
    }

    /// Every file under the project, with its bytes: what "changes nothing" compares.
    func snapshot() throws -> [String: Data] {
        var files: [String: Data] = [:]
        guard let walker = FileManager.default.enumerator(at: project, includingPropertiesForKeys: nil) else { return files }
        for case let url as URL in walker where !url.hasDirectoryPath {
            files[url.path] = try Data(contentsOf: url)
        }
        return files
    }

    /// `sha256sum FILE`'s digest.
    func sha256(_ url: URL) throws -> String {
        let result = try runProgram(URL(fileURLWithPath: "/usr/bin/env"), ["sha256sum", url.path], timeout: 30)
        return String(result.stdout.prefix(64))
    }
}

@Suite(.serialized) struct SharingCommandTests {
    static let hasGit =
        FileManager.default.isExecutableFile(atPath: "/usr/bin/git")
        || (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").contains {
            FileManager.default.isExecutableFile(atPath: "\($0)/git")
        }

    private func twoTags(_ fixture: SharingFixture, name: String = "stylers") throws -> URL {
        try fixture.repository(
            name,
            commits: [
                ("v1.0.0", ["Plugins/wobble.lua": SharingFixture.plugin(version: "1.0.0", scale: 0.5, range: ">=1.0")]),
                ("v1.1.0", ["Plugins/wobble.lua": SharingFixture.plugin(version: "1.1.0", scale: 0.25, range: "^1.0")]),
            ])
    }

    @Test(.enabled(if: hasGit, "needs git")) func addAtATagLocksTheCommitAndTheHashes() throws {
        let fixture = try SharingFixture()
        let repo = try twoTags(fixture)
        let result = try fixture.panekit(["add", "../stylers@v1.0.0"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("added wobble 1.0.0"), "\(result.stdout)")
        let installed = fixture.plugins.appendingPathComponent("wobble.lua")
        #expect(try fixture.read(installed) == SharingFixture.plugin(version: "1.0.0", scale: 0.5, range: ">=1.0"))
        let entry = try #require(try fixture.lockObject()["wobble"] as? [String: Any])
        #expect(entry["commit"] as? String == (try fixture.git(["rev-parse", "v1.0.0^{commit}"], in: repo)))
        #expect(entry["ref"] as? String == "v1.0.0")
        #expect(entry["source"] as? String == "../stylers")
        #expect(entry["path"] as? String == "Plugins/wobble.lua")
        #expect(entry["version"] as? String == "1.0.0")
        #expect(entry["panekit"] as? String == ">=1.0")
        #expect(entry["files"] as? [String: String] == ["wobble.lua": try fixture.sha256(installed)])
        // The lock is deterministic: adding the same again writes the same bytes.
        let first = try Data(contentsOf: fixture.lock)
        #expect(try fixture.panekit(["add", "../stylers@v1.0.0"]).status == 0)
        #expect(try Data(contentsOf: fixture.lock) == first)
    }

    @Test(.enabled(if: hasGit, "needs git")) func aRefIsATagABranchOrACommitAndNoneMeansTheNewestTag() throws {
        let fixture = try SharingFixture()
        let repo = try twoTags(fixture)
        let v1 = try fixture.git(["rev-parse", "v1.0.0^{commit}"], in: repo)
        let head = try fixture.git(["rev-parse", "HEAD"], in: repo)
        let cases: [(String, String, String)] = [
            ("../stylers", "v1.1.0", head), ("../stylers@main", "main", head), ("../stylers@\(v1)", v1, v1),
        ]
        for (source, ref, commit) in cases {
            let result = try fixture.panekit(["add", source])
            #expect(result.status == 0, "\(source): \(result.stderr)")
            let entry = try #require(try fixture.lockObject()["wobble"] as? [String: Any])
            #expect(entry["ref"] as? String == ref, "\(source)")
            #expect(entry["commit"] as? String == commit, "\(source)")
        }
        let unknown = try fixture.panekit(["remove", "nothing"])
        #expect(unknown.status == 1)
        #expect(unknown.stderr == "panekit remove: Plugins/panekit.lock has no plugin \"nothing\"; it lists wobble\n")
    }

    @Test(.enabled(if: hasGit, "needs git")) func installPutsBackTheLockedFilesAndCheckNamesEachDifference() throws {
        let fixture = try SharingFixture()
        _ = try twoTags(fixture)
        #expect(try fixture.panekit(["add", "../stylers@v1.0.0"]).status == 0)
        let installed = fixture.plugins.appendingPathComponent("wobble.lua")
        let original = try fixture.read(installed)
        #expect(try fixture.panekit(["install", "--check"]).status == 0)

        try "-- changed\n".appendLine(to: installed)
        var check = try fixture.panekit(["install", "--check"])
        #expect(check.status == 1)
        #expect(check.stdout.contains("Plugins/wobble.lua: differs from the lock"), "\(check.stdout)")
        #expect(check.stderr.contains("1 file differs from Plugins/panekit.lock"), "\(check.stderr)")

        try FileManager.default.removeItem(at: installed)
        check = try fixture.panekit(["install", "--check"])
        #expect(check.status == 1)
        #expect(check.stdout.contains("Plugins/wobble.lua: missing"), "\(check.stdout)")

        let install = try fixture.panekit(["install"])
        #expect(install.status == 0, "\(install.stderr)")
        #expect(try fixture.read(installed) == original)
        #expect(try fixture.panekit(["install", "--check"]).status == 0)
    }

    @Test(.enabled(if: hasGit, "needs git")) func aWrongSha256WritesNothing() throws {
        let fixture = try SharingFixture()
        _ = try twoTags(fixture)
        let result = try fixture.panekit(["add", "../stylers@v1.0.0", "--sha256", String(repeating: "ab", count: 32)])
        #expect(result.status == 1)
        #expect(result.stderr.contains("does not match --sha256"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: fixture.plugins.path), "nothing is written, not even the folder")
        // The right hash (the plugin file's) is accepted.
        let right = try fixture.panekit([
            "add", "../stylers@v1.0.0", "--sha256", "\(SHA(SharingFixture.plugin(version: "1.0.0", scale: 0.5, range: ">=1.0")))",
        ])
        #expect(right.status == 0, "\(right.stderr)")
    }

    @Test(.enabled(if: hasGit, "needs git")) func updateMovesToTheNewestTagAndRewritesTheLock() throws {
        let fixture = try SharingFixture()
        let repo = try twoTags(fixture)
        #expect(try fixture.panekit(["add", "../stylers@v1.0.0"]).status == 0)
        let result = try fixture.panekit(["update", "wobble"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("updated wobble 1.0.0 → 1.1.0"), "\(result.stdout)")
        let entry = try #require(try fixture.lockObject()["wobble"] as? [String: Any])
        #expect(entry["ref"] as? String == "v1.1.0")
        #expect(entry["commit"] as? String == (try fixture.git(["rev-parse", "v1.1.0^{commit}"], in: repo)))
        #expect(entry["version"] as? String == "1.1.0")
        #expect(try fixture.read(fixture.plugins.appendingPathComponent("wobble.lua")).contains("default = 0.25"))
        #expect(try fixture.panekit(["install", "--check"]).status == 0)
        let again = try fixture.panekit(["update"])
        #expect(again.stdout.contains("is at the newest tag v1.1.0"), "\(again.stdout)")
        // remove deletes the files and the entry.
        let removed = try fixture.panekit(["remove", "wobble"])
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(!FileManager.default.fileExists(atPath: fixture.plugins.appendingPathComponent("wobble.lua").path))
        #expect(try fixture.lockObject().isEmpty)
    }

    @Test(.enabled(if: hasGit, "needs git")) func nameClashesAreRefusedWithBothNames() throws {
        let fixture = try SharingFixture()
        _ = try fixture.repository("builtin-name", commits: [("v1", ["mm.parallax.lua": SharingFixture.plugin()])])
        var result = try fixture.panekit(["add", "../builtin-name@v1"])
        #expect(result.status == 1)
        #expect(
            result.stderr.contains("the plugin \"mm.parallax\" (mm.parallax.lua) takes the name of the built-in styler \"mm.parallax\""),
            "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: fixture.plugins.path))

        // An installed plugin of another name case, written by hand.
        try FileManager.default.createDirectory(at: fixture.plugins, withIntermediateDirectories: true)
        try SharingFixture.plugin().write(to: fixture.plugins.appendingPathComponent("Wobble.lua"), atomically: true, encoding: .utf8)
        _ = try twoTags(fixture)
        let before = try fixture.snapshot()
        result = try fixture.panekit(["add", "../stylers@v1.0.0"])
        #expect(result.status == 1)
        #expect(
            result.stderr.contains("the plugin \"wobble\" (Plugins/wobble.lua) clashes with the installed plugin \"Wobble\""),
            "\(result.stderr)")
        #expect(try fixture.snapshot() == before)

        // The same name from another source.
        try FileManager.default.removeItem(at: fixture.plugins.appendingPathComponent("Wobble.lua"))
        #expect(try fixture.panekit(["add", "../stylers@v1.0.0"]).status == 0)
        _ = try fixture.repository("other", commits: [("v2.0.0", ["wobble.lua": SharingFixture.plugin(version: "2.0.0")])])
        result = try fixture.panekit(["add", "../other@v2.0.0"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("\"wobble\" (wobble.lua) clashes with the installed plugin \"wobble\""), "\(result.stderr)")
        #expect(result.stderr.contains("installed from ../stylers@v1.0.0"), "\(result.stderr)")
    }

    @Test(.enabled(if: hasGit, "needs git")) func anUnreachableSourceInstallsFromTheCacheOnly() throws {
        let fixture = try SharingFixture()
        let repo = try twoTags(fixture)
        #expect(try fixture.panekit(["add", "../stylers@v1.0.0"]).status == 0)
        try FileManager.default.moveItem(at: repo, to: fixture.root.appendingPathComponent("moved-away"))
        let installed = fixture.plugins.appendingPathComponent("wobble.lua")
        try FileManager.default.removeItem(at: installed)

        let empty = fixture.root.appendingPathComponent("empty-cache")
        let before = try fixture.snapshot()
        let without = try fixture.panekit(["install"], cache: empty)
        #expect(without.status == 1)
        #expect(without.stderr.contains("../stylers: cannot fetch the repository"), "\(without.stderr)")
        #expect(without.stderr.contains("has no copy of wobble.lua"), "\(without.stderr)")
        #expect(try fixture.snapshot() == before, "nothing changed")

        let with = try fixture.panekit(["install"])
        #expect(with.status == 0, "\(with.stderr)")
        #expect(with.stdout.contains("offline: ../stylers is unreachable; from the cache \(fixture.cache.path)"), "\(with.stdout)")
        #expect(try fixture.panekit(["install", "--check"]).status == 0)
    }

    @Test(.enabled(if: hasGit, "needs git")) func badInputGetsAClearErrorAndChangesNothing() throws {
        let fixture = try SharingFixture()
        _ = try fixture.repository("empty", commits: [("v1", ["README.md": "no plugin here\n"])])
        var result = try fixture.panekit(["add", "../empty@v1"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("../empty@v1: no plugin found"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: fixture.plugins.path))

        _ = try twoTags(fixture)
        result = try fixture.panekit(["add", "../stylers@v9.9.9"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("no tag, branch or commit \"v9.9.9\" (its tags: v1.1.0, v1.0.0)"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: fixture.plugins.path))

        _ = try fixture.repository("broken", commits: [("v1", ["broken.lua": "return { style = 1 }\n"])])
        result = try fixture.panekit(["add", "../broken@v1"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("broken.lua fails panekit check"), "\(result.stderr)")

        _ = try fixture.repository("future", commits: [("v1", ["future.lua": SharingFixture.plugin(version: "3.0.0", range: ">=2.0")])])
        result = try fixture.panekit(["add", "../future@v1"])
        #expect(result.status == 1)
        #expect(
            result.stderr.contains("future 3.0.0 needs styler API \">=2.0\", and this PaneKit provides styler API 1.3.0"),
            "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: fixture.plugins.path))

        try FileManager.default.createDirectory(at: fixture.plugins, withIntermediateDirectories: true)
        try "{\"lockfileVersion\": 1, \"plugins\": {".write(to: fixture.lock, atomically: true, encoding: .utf8)
        let before = try fixture.snapshot()
        for arguments in [["install"], ["install", "--check"], ["add", "../stylers@v1.0.0"], ["update"], ["remove", "wobble"]] {
            result = try fixture.panekit(arguments)
            #expect(result.status == 1, "\(arguments)")
            #expect(result.stderr.contains("Plugins/panekit.lock: not a lock file: expected JSON"), "\(arguments): \(result.stderr)")
            #expect(try fixture.snapshot() == before, "\(arguments) changed nothing")
        }
        try "{\"lockfileVersion\": 1, \"plugins\": {\"wobble\": {\"source\": \"x\"}}}".write(
            to: fixture.lock, atomically: true, encoding: .utf8)
        result = try fixture.panekit(["install"])
        #expect(result.stderr.contains("Plugins/panekit.lock: plugins.wobble.files: expected an object"), "\(result.stderr)")
    }

    /// A server on 127.0.0.1 that accepts and never answers: git is stopped at its time limit, and asks nothing.
    @Test(.enabled(if: hasGit, "needs git"), .timeLimit(.minutes(1))) func aSilentSourceIsStoppedAtTheGitTimeLimit() throws {
        let fixture = try SharingFixture()
        let (server, port) = try startLocalServer(
            "import socket, sys, time\ns = socket.socket(); s.bind(('127.0.0.1', 0)); s.listen(8)\n"
                + "print(s.getsockname()[1], flush=True)\nconns = []\nend = time.time() + 40\n"
                + "while time.time() < end:\n    s.settimeout(1)\n    try: conns.append(s.accept())\n    except OSError: pass\n")
        defer { server.terminate() }
        let result = try runProgram(
            URL(fileURLWithPath: "/usr/bin/env"),
            [
                "PANEKIT_CACHE=\(fixture.cache.path)", "PANEKIT_GIT_SECONDS=2", panekitBinary.path, "add",
                "http://127.0.0.1:\(port)/stylers.git@v1",
            ],
            in: fixture.project, timeout: 30)
        #expect(!result.timedOut)
        #expect(result.status == 1)
        #expect(result.stderr.contains("git clone ran for more than 2 seconds and was stopped"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: fixture.plugins.path))
    }

    @Test func aLuaFileSourceIsLockedByItsHash() throws {
        let fixture = try SharingFixture()
        let file = fixture.root.appendingPathComponent("drift.lua")
        try SharingFixture.plugin(version: "0.3.0").write(to: file, atomically: true, encoding: .utf8)
        let result = try fixture.panekit(["add", "../drift.lua"])
        #expect(result.status == 0, "\(result.stderr)")
        let entry = try #require(try fixture.lockObject()["drift"] as? [String: Any])
        #expect(entry["commit"] == nil && entry["ref"] == nil)
        #expect(entry["files"] as? [String: String] == ["drift.lua": try fixture.sha256(file)])
        try "-- edited upstream\n".appendLine(to: file)
        let install = try fixture.panekit(["install"])
        #expect(install.status == 1)
        #expect(install.stderr.contains("the source changed since it was locked"), "\(install.stderr)")
    }
}

/// The SHA-256 of text, computed by sha256sum.
func SHA(_ text: String) -> String {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("panekit-sha-\(UUID().uuidString)")
    try? text.write(to: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: file) }
    let result = try? runProgram(URL(fileURLWithPath: "/usr/bin/env"), ["sha256sum", file.path], timeout: 30)
    return String((result?.stdout ?? "").prefix(64))
}

extension String {
    /// Appends this text to the file at `url`.
    func appendLine(to url: URL) throws {
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(utf8))
    }
}
