// Issue 34: a seeded fuzz of the sharing commands against hostile repositories — links out of the checkout,
// files over the input limit, odd file names, tags that read as options, a booby-trapped plugins folder. Every
// command ends (no hang), exits 0, 1 or 2 (no crash), prints no raw escape sequence, reads nothing outside the
// source, runs nothing the repository names, and leaves no scratch file and no link in Plugins/.
//
// Each case is made from its own seed (`seed + case number`), so a failure names the case that reproduces it.

import Foundation
import PaneKitTestSupport
import Testing

extension URL {
    /// Whether any file under this folder has `name`.
    fileprivate func contains(_ name: String) -> Bool {
        let walker = FileManager.default.enumerator(at: self, includingPropertiesForKeys: nil)
        while let url = walker?.nextObject() as? URL { if url.lastPathComponent == name { return true } }
        return false
    }
}

@Suite(.serialized) struct SharingFuzzTests {
    static let seed: UInt64 = 0x34_2026_1206
    /// 24 cases, in slices of 8.
    static let slices = 0..<3, slice = 8

    /// Plugin names, most of them hostile as file names.
    static let names = [
        "wobble", "Wobble", "-rf", "--help", "a b", "ünï", "x\u{1b}[2J", "x\ny", String(repeating: "n", count: 200), "index",
        "mm.parallax", ".hidden", "x.d", "panekit", "ok_2",
    ]

    /// What one file of the repository holds.
    enum Content: CaseIterable { case plugin, failing, notUTF8, huge, linkToSecret, linkToFolder, dangling, linkToDevice }

    /// One hostile case: the repository, the project's plugins folder and the command line.
    struct Case: CustomStringConvertible {
        var files: [(path: String, content: Content)] = []
        var pluginsLinkedOut = false
        var optionTags: [String] = []
        var ref: String?
        var sourceForm = 0
        var lockIsLink = false
        /// Whether the repository gets a second commit tagged v2 (a clean case, for update to move to).
        var secondTag = false
        var description: String {
            "files \(files.map { "\($0.path.debugDescription): \($0.content)" }), Plugins/ linked out \(pluginsLinkedOut), "
                + "option tags \(optionTags), ref \(ref ?? "none"), source form \(sourceForm), lock a link \(lockIsLink), "
                + "second tag \(secondTag)"
        }
    }

    static func makeCase(_ random: inout SplitMix64, marker: String) -> Case {
        var c = Case()
        let nested = random.below(2) == 0
        // A third of the cases are clean but odd (names that are legal yet unusual, option-like tags beside the
        // real ones), so that install, update and remove run too; the rest hold a hazard each command must refuse.
        if random.below(3) == 0 {
            let legal = ["wobble", "index", "ok_2", "panekit", "A.b-c_d"]
            for name in Set((0...random.below(2)).map { _ in legal[random.below(legal.count)] }).sorted() {
                c.files.append(((nested ? "Plugins/" : "") + name + ".lua", .plugin))
            }
            if random.below(2) == 0 { c.optionTags = ["--upload-pack=touch", "-x", "--output=pwned"] }
            c.ref = [nil, "v1", "main", "HEAD"][random.below(4)]
            c.sourceForm = random.below(3)
            c.secondTag = true
            return c
        }
        for _ in 0...random.below(3) {
            let name = names[random.below(names.count)]
            // Huge files are rare: each costs git a 65 MiB blob.
            var content = Content.allCases[random.below(Content.allCases.count)]
            if content == .huge, random.below(3) != 0 { content = .plugin }
            c.files.append(((nested ? "Plugins/" : "") + name + ".lua", content))
            if random.below(3) == 0 {
                let golden: [Content] = [.plugin, .linkToSecret, .dangling, .linkToDevice, .notUTF8]
                c.files.append(((nested ? "Plugins/" : "") + name + ".golden.json", golden[random.below(golden.count)]))
            }
        }
        c.pluginsLinkedOut = random.below(6) == 0
        // Tag names cannot hold spaces: these would make git write `pwned` or run `touch` if passed as options.
        if random.below(3) == 0 { c.optionTags = ["--upload-pack=touch", "-x", "--output=pwned", "--exec=touch"].shuffled(using: &random) }
        c.ref = [nil, "v1", "--upload-pack=touch \(marker)", "-x", "main", "HEAD", "no-such", "v1^{tree}"][random.below(8)]
        c.sourceForm = random.below(3)
        c.lockIsLink = random.below(8) == 0
        return c
    }

    /// Writes the case's repository (one commit, tagged v1 and with the option-like tags) and returns its folder.
    static func build(_ c: Case, in fixture: SharingFixture, secret: URL, outside: URL) throws -> URL {
        let folder = fixture.root.appendingPathComponent("repo")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try "a repository of stylers\n".write(to: folder.appendingPathComponent("README.md"), atomically: true, encoding: .utf8)
        for (path, content) in c.files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? FileManager.default.removeItem(at: url)
            switch content {
            case .plugin: try Data(SharingFixture.plugin().utf8).write(to: url)
            case .failing: try Data("return { style = 1 }\n".utf8).write(to: url)
            case .notUTF8: try Data([0x72, 0x65, 0x74, 0xE9, 0xFF, 0x0A]).write(to: url)
            case .huge:
                try #require(FileManager.default.createFile(atPath: url.path, contents: nil))
                try #require(truncate(url.path, (64 << 20) + 4096) == 0)
            case .linkToSecret: try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: secret.path)
            case .linkToFolder: try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: outside.path)
            case .dangling: try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: "/nonexistent/panekit")
            case .linkToDevice: try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: "/dev/zero")
            }
        }
        if c.pluginsLinkedOut {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent("Plugins"))
            try FileManager.default.createSymbolicLink(
                atPath: folder.appendingPathComponent("Plugins").path, withDestinationPath: outside.path)
        }
        try fixture.git(["init", "--quiet"], in: folder)
        try fixture.git(["add", "-A"], in: folder)
        try fixture.git(["commit", "--quiet", "--allow-empty", "-m", "one"], in: folder)
        try fixture.git(["tag", "v1"], in: folder)
        for tag in c.optionTags { try fixture.git(["update-ref", "refs/tags/\(tag)", "HEAD"], in: folder) }
        if c.secondTag, let first = c.files.first {
            try Data(SharingFixture.plugin(version: "2.0.0", scale: 0.25).utf8).write(to: folder.appendingPathComponent(first.path))
            try fixture.git(["commit", "--quiet", "-am", "two"], in: folder)
            try fixture.git(["tag", "v2"], in: folder)
        }
        return folder
    }

    @Test(.enabled(if: SharingCommandTests.hasGit, "needs git"), .timeLimit(.minutes(10)), arguments: slices)
    func hostileRepositoriesNeverCrashHangOrLeak(slice: Int) throws {
        for number in slice * Self.slice..<(slice + 1) * Self.slice {
            var random = SplitMix64(seed: Self.seed &+ UInt64(number))
            let fixture = try SharingFixture()
            defer { try? FileManager.default.removeItem(at: fixture.root) }
            let marker = fixture.root.appendingPathComponent("ran").path
            let c = Self.makeCase(&random, marker: marker)
            let label = "case \(number): \(c)"
            let secret = try fixture.secret()
            let outside = fixture.root.appendingPathComponent("outside")
            try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
            try Data((SharingFixture.plugin() + "-- PRIVATE KEY\n").utf8).write(to: outside.appendingPathComponent("wobble.lua"))
            let repo = try Self.build(c, in: fixture, secret: secret, outside: outside)
            if c.lockIsLink {
                try FileManager.default.createDirectory(at: fixture.plugins, withIntermediateDirectories: true)
                try FileManager.default.createSymbolicLink(atPath: fixture.lock.path, withDestinationPath: secret.path)
            }
            let temporary = fixture.root.appendingPathComponent("tmp")
            try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
            let source = ["../repo", repo.path, "file://\(repo.path)"][c.sourceForm] + (c.ref.map { "@\($0)" } ?? "")

            func run(_ arguments: [String]) throws -> CommandResult {
                let result = try runProgram(
                    URL(fileURLWithPath: "/usr/bin/env"),
                    [
                        "PANEKIT_CACHE=\(fixture.cache.path)", "TMPDIR=\(temporary.path)", "PANEKIT_GIT_SECONDS=30",
                        "PANEKIT_LOCK_SECONDS=10", panekitBinary.path,
                    ] + arguments, in: fixture.project, timeout: 180)
                let said = result.stdout + result.stderr
                #expect(!result.timedOut, "\(label): \(arguments) ended")
                #expect([0, 1, 2].contains(result.status), "\(label): \(arguments) exited \(result.status): \(said)")
                #expect(!["Fatal error", "Swift runtime failure", "Stack dump"].contains { said.contains($0) }, "\(label): \(said)")
                #expect(!said.contains("\u{1b}"), "\(label): \(arguments) printed a raw escape: \(said.debugDescription)")
                #expect(!said.contains("PRIVATE KEY"), "\(label): \(arguments) printed the secret")
                #expect(
                    !fixture.holdsSecret(fixture.plugins) && !fixture.holdsSecret(fixture.cache), "\(label): \(arguments) copied the secret"
                )
                #expect(
                    !FileManager.default.fileExists(atPath: marker) && !fixture.root.contains("pwned"),
                    "\(label): \(arguments) ran a command the repository named")
                #expect(
                    try FileManager.default.contentsOfDirectory(atPath: temporary.path) == [], "\(label): \(arguments) left scratch files")
                for name in (try? FileManager.default.contentsOfDirectory(atPath: fixture.plugins.path)) ?? [] {
                    let path = fixture.plugins.appendingPathComponent(name).path
                    let isLink = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) != nil
                    #expect(
                        !isLink || (c.lockIsLink && name == "panekit.lock"), "\(label): \(arguments) left a link \(name.debugDescription)")
                    #expect(!name.hasPrefix(".panekit-staging-"), "\(label): \(arguments) left \(name)")
                }
                return result
            }

            let added = try run(["add", source])
            guard added.status == 0 else { continue }
            #expect(try run(["install", "--check"]).status == 0, "\(label): the lock add wrote matches")
            #expect(try run(["install"]).status == 0, "\(label)")
            _ = try run(["update"])
            #expect(try run(["install", "--check"]).status == 0, "\(label): the lock update left matches")
            let name = try #require(try fixture.lockObject().keys.sorted().first, "\(label)")
            #expect(try run(["remove", name]).status == 0, "\(label)")
        }
    }
}
