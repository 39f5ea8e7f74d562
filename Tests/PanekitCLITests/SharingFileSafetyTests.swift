// Issue 34, files outside the project: what add, install, update, test and docs read from a source or a clone,
// and what they write, never reach through a link, a FIFO or past the input limit.

import Foundation
import PaneKitTestSupport
import Testing

extension SharingFixture {
    /// A repository `name` with one commit tagged `v1`: `files` (path → text) and `links` (path → the link's target),
    /// links committed as links.
    func repository(_ name: String, files: [String: String], links: [String: String]) throws -> URL {
        let folder = root.appendingPathComponent(name)
        for (path, text) in files {
            let file = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: file, atomically: true, encoding: .utf8)
        }
        for (path, target) in links {
            let link = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: link.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: target)
        }
        try git(["init", "--quiet"], in: folder)
        try git(["add", "-A"], in: folder)
        try git(["commit", "--quiet", "-m", "one"], in: folder)
        try git(["tag", "v1"], in: folder)
        return folder
    }

    /// A file outside the project that a hostile source points at; the test checks it was neither read nor written.
    func secret(_ name: String = "secret.txt") throws -> URL {
        let file = root.appendingPathComponent(name)
        try "PRIVATE KEY 0123456789\n".write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    /// Writes `Plugins/NAME.lua` by hand (a plugin the lock does not know).
    func handWritten(_ name: String) throws {
        try FileManager.default.createDirectory(at: plugins, withIntermediateDirectories: true)
        try Self.plugin().write(to: plugins.appendingPathComponent("\(name).lua"), atomically: true, encoding: .utf8)
    }

    /// Whether any file under `folder` (not a link to one) holds the secret's text.
    func holdsSecret(_ folder: URL) -> Bool {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return false }
        for case let url as URL in walker where (try? FileManager.default.destinationOfSymbolicLink(atPath: url.path)) == nil {
            if (try? Data(contentsOf: url))?.range(of: Data("PRIVATE KEY".utf8)) != nil { return true }
        }
        return false
    }
}

/// Starts `python3 -c script`, a test server on 127.0.0.1 that prints its port first, and returns it with the port.
func startLocalServer(_ script: String) throws -> (server: Process, port: Int) {
    let server = Process()
    server.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    server.arguments = ["python3", "-c", script]
    let out = Pipe()
    server.standardOutput = out
    try server.run()
    let line = String(decoding: out.fileHandleForReading.availableData, as: UTF8.self)
    guard let port = Int(line.trimmingCharacters(in: .whitespacesAndNewlines)) else {
        server.terminate()
        throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "the server's port: \(line)"])
    }
    return (server, port)
}

/// `mkfifo`.
func makeFIFO(_ url: URL) throws {
    try #require(mkfifo(url.path, 0o644) == 0, "mkfifo \(url.path)")
}

@Suite(.serialized) struct SharingFileSafetyTests {
    static let hasGit = SharingCommandTests.hasGit

    /// Item 3: a golden file beside a `.lua` source that is a link (to a private key) is refused, not copied into
    /// Plugins/, the lock or the cache.
    @Test func aLinkedGoldenBesideALuaSourceIsRefused() throws {
        let fixture = try SharingFixture()
        let secret = try fixture.secret()
        let source = fixture.root.appendingPathComponent("src")
        try FileManager.default.createDirectory(at: source, withIntermediateDirectories: true)
        try SharingFixture.plugin().write(to: source.appendingPathComponent("drift.lua"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(
            atPath: source.appendingPathComponent("drift.golden.json").path, withDestinationPath: secret.path)
        let result = try fixture.panekit(["add", "../src/drift.lua"])
        #expect(result.status == 1, "\(result.stdout)")
        #expect(result.stderr.contains("drift.golden.json is a symbolic link; plugins must be regular files"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: fixture.plugins.path), "nothing is written")
        #expect(!fixture.holdsSecret(fixture.cache), "the cache holds no copy of the link's target")
    }

    /// Item 4: a repository whose Plugins/ folder is a link out of the checkout is refused.
    @Test(.enabled(if: hasGit, "needs git")) func aRepositoryWhosePluginsFolderIsALinkOutIsRefused() throws {
        let fixture = try SharingFixture()
        let outside = fixture.root.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try (SharingFixture.plugin() + "-- PRIVATE KEY\n").write(
            to: outside.appendingPathComponent("wobble.lua"), atomically: true, encoding: .utf8)
        _ = try fixture.repository("linked", files: ["README.md": "hi\n"], links: ["Plugins": outside.path])
        let result = try fixture.panekit(["add", "../linked@v1"])
        #expect(result.status == 1, "\(result.stdout)")
        #expect(result.stderr.contains("Plugins/wobble.lua is outside its folder"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: fixture.plugins.path))
        #expect(!fixture.holdsSecret(fixture.cache))
    }

    /// Item 5: `test --record` replaces a linked golden file instead of overwriting the link's target.
    @Test func recordingReplacesALinkedGoldenInsteadOfWritingThroughIt() throws {
        let fixture = try SharingFixture()
        let secret = try fixture.secret()
        try fixture.handWritten("wobble")
        let golden = fixture.plugins.appendingPathComponent("wobble.golden.json")
        try FileManager.default.createSymbolicLink(atPath: golden.path, withDestinationPath: secret.path)
        let result = try fixture.panekit(["test", "Plugins/wobble.lua", "--record"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try fixture.read(secret) == "PRIVATE KEY 0123456789\n", "the link's target is untouched")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: golden.path)) == nil, "the link was replaced")
        #expect(try fixture.read(golden).hasPrefix("{\"plugin\":\"wobble\""))
        #expect(try fixture.panekit(["test", "Plugins/wobble.lua"]).status == 0)
    }

    /// Item 6: a `.lua` URL is fetched over http(s) only: `file://` (and so `file:///dev/zero`) is refused at once.
    @Test func aLuaURLOtherThanHTTPIsRefused() throws {
        let fixture = try SharingFixture()
        let file = fixture.root.appendingPathComponent("drift.lua")
        try SharingFixture.plugin().write(to: file, atomically: true, encoding: .utf8)
        for url in ["file://\(file.path)", "file:///dev/zero?x.lua", "ftp://127.0.0.1/x.lua", "dict://127.0.0.1/x.lua"] {
            let result = try runProgram(
                URL(fileURLWithPath: "/usr/bin/env"),
                ["PANEKIT_CACHE=\(fixture.cache.path)", "PANEKIT_GIT_SECONDS=3", panekitBinary.path, "add", url], in: fixture.project,
                timeout: 30)
            #expect(!result.timedOut, "\(url)")
            #expect(result.status == 1, "\(url): \(result.stdout)")
            #expect(result.stderr.contains("is not one panekit fetches a .lua file with (http://, https://"), "\(url): \(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: fixture.plugins.path), "\(url)")
        }
    }

    /// Item 6: a `.lua` URL that streams more than 64 MiB is cut at the limit (a test server on 127.0.0.1 that sends
    /// at most 80 MiB, without a length).
    @Test(.timeLimit(.minutes(1))) func aLuaURLOverTheInputLimitIsCut() throws {
        let fixture = try SharingFixture()
        let (server, port) = try startLocalServer(
            "import socket\ns = socket.socket(); s.bind(('127.0.0.1', 0)); s.listen(4)\n"
                + "print(s.getsockname()[1], flush=True)\ns.settimeout(30)\nc, _ = s.accept()\nc.recv(4096)\n"
                + "c.sendall(b'HTTP/1.1 200 OK\\r\\nContent-Type: text/plain\\r\\nConnection: close\\r\\n\\r\\n')\n"
                + "chunk = b'-' * (1 << 20)\n"
                + "try:\n    for i in range(80):\n        c.sendall(chunk)\nexcept OSError: pass\nc.close()\n")
        defer { server.terminate() }
        let result = try fixture.panekit(["add", "http://127.0.0.1:\(port)/big.lua"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("the file is larger than the 64 MiB limit"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: fixture.plugins.path))
    }

    /// A project with one plugin added from a repository, with its golden file.
    private func added(_ fixture: SharingFixture) throws {
        _ = try fixture.repository(
            "stylers",
            files: ["Plugins/wobble.lua": SharingFixture.plugin(), "Plugins/wobble.golden.json": "{}\n"], links: [:])
        let add = try fixture.panekit(["add", "../stylers@v1"])
        try #require(add.status == 0, "\(add.stderr)")
    }

    /// Item 11: a FIFO as the lock or as a golden file is refused at once by every command that reads it.
    @Test(.enabled(if: hasGit, "needs git")) func aFIFOAsTheLockOrAGoldenIsRefusedWithoutBlocking() throws {
        let fixture = try SharingFixture()
        try added(fixture)
        let golden = fixture.plugins.appendingPathComponent("wobble.golden.json")
        try FileManager.default.removeItem(at: golden)
        try makeFIFO(golden)
        for arguments in [["install", "--check"], ["doctor"], ["test", "Plugins/wobble.lua"]] {
            let result = try runProgram(
                URL(fileURLWithPath: "/usr/bin/env"), ["PANEKIT_CACHE=\(fixture.cache.path)", panekitBinary.path] + arguments,
                in: fixture.project, timeout: 60)
            #expect(!result.timedOut, "\(arguments) returned")
            #expect(result.status == 1, "\(arguments)")
            #expect((result.stdout + result.stderr).contains("wobble.golden.json"), "\(arguments): \(result.stdout)\(result.stderr)")
            #expect((result.stdout + result.stderr).contains("a FIFO (named pipe)"), "\(arguments): \(result.stdout)\(result.stderr)")
        }
        try FileManager.default.removeItem(at: fixture.lock)
        try makeFIFO(fixture.lock)
        for arguments in [["install", "--check"], ["doctor"], ["remove", "wobble"], ["add", "../stylers@v1"], ["install"]] {
            let result = try runProgram(
                URL(fileURLWithPath: "/usr/bin/env"), ["PANEKIT_CACHE=\(fixture.cache.path)", panekitBinary.path] + arguments,
                in: fixture.project, timeout: 60)
            #expect(!result.timedOut, "\(arguments) returned")
            #expect(result.status == 1, "\(arguments)")
            #expect(
                (result.stdout + result.stderr).contains("Plugins/panekit.lock is a FIFO (named pipe), not a regular file"),
                "\(arguments): \(result.stdout)\(result.stderr)")
        }
    }

    /// Item 16: `install --check` says what a locked file is when it is not one: a link to a 3 GiB file, a file over
    /// the limit (both sparse, so they take no disk).
    @Test(.enabled(if: hasGit, "needs git")) func installCheckNamesALinkToAHugeFileAndAFileOverTheLimit() throws {
        let fixture = try SharingFixture()
        try added(fixture)
        let huge = fixture.root.appendingPathComponent("huge.bin")
        try #require(FileManager.default.createFile(atPath: huge.path, contents: nil))
        try #require(truncate(huge.path, 3 << 30) == 0)
        let plugin = fixture.plugins.appendingPathComponent("wobble.lua")
        try FileManager.default.removeItem(at: plugin)
        try FileManager.default.createSymbolicLink(atPath: plugin.path, withDestinationPath: huge.path)
        var check = try fixture.panekit(["install", "--check"])
        #expect(check.status == 1)
        #expect(
            check.stdout.contains("Plugins/wobble.lua: a symbolic link (to a regular file of 3 GiB), not the locked file"),
            "\(check.stdout)")
        try FileManager.default.removeItem(at: plugin)
        try #require(FileManager.default.createFile(atPath: plugin.path, contents: nil))
        try #require(truncate(plugin.path, 100 << 20) == 0)
        check = try fixture.panekit(["install", "--check"])
        #expect(check.status == 1)
        #expect(check.stdout.contains("Plugins/wobble.lua: 100 MiB, larger than the 64 MiB limit, not the locked file"), "\(check.stdout)")
    }
}
