// End-to-end runs of the built panekit binary: -h on every command, unknown options, and the names new accepts.

import Foundation
import PaneKitTestSupport
import Testing

/// The commands `panekit --help` lists, so that a command added later is covered too.
private let listedCommands: [String] = {
    guard let help = try? runPanekit(["--help"]).stdout else { return [] }
    let lines = help.split(separator: "\n").drop { !$0.hasPrefix("commands:") }.dropFirst()
    return lines.prefix { $0.hasPrefix("  ") }.compactMap { $0.split(separator: " ").first.map(String.init) }
}()

/// An empty scratch folder, removed at the end.
private final class Folder {
    let url: URL
    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("panekit-usage-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url.appendingPathComponent("a/b"), withIntermediateDirectories: true)
    }
    /// Every file under the folder, as relative paths.
    func files() -> [String] {
        (FileManager.default.enumerator(atPath: url.path)?.allObjects as? [String] ?? []).sorted()
    }
    deinit { try? FileManager.default.removeItem(at: url) }
}

@Suite struct HelpAndUsageTests {
    @Test func everyCommandIsListed() {
        for command in ["render", "play", "sample", "plot", "stylers", "check", "new", "test", "bench"] {
            #expect(listedCommands.contains(command), "\(command) in panekit --help")
        }
    }

    @Test(arguments: listedCommands)
    func dashHIsHelpOnEveryCommand(command: String) throws {
        let folder = try Folder()
        let long = try runPanekit([command, "--help"], in: folder.url, timeout: 60)
        #expect(long.status == 0, "\(long.stderr)")
        #expect(long.stdout.hasPrefix("usage: panekit"))  // `bench` may print panekit-bench's usage
        for arguments in [[command, "-h"], ["help", command]] {
            let short = try runPanekit(arguments, in: folder.url, timeout: 60)
            #expect(short.status == 0, "\(arguments): \(short.stderr)")
            #expect(short.stdout == long.stdout, "\(arguments) prints the same help as --help")
        }
        #expect(folder.files() == ["a", "a/b"], "help writes nothing (new -h once made a plugin called -h)")
    }

    @Test(arguments: listedCommands)
    func anUnknownOptionIsAUsageErrorOnEveryCommand(command: String) throws {
        let folder = try Folder()
        for option in ["--no-such-flag", "-z", "-help"] {
            let result = try runPanekit([command, option, "x"], in: folder.url, timeout: 60)
            #expect(result.status == 2, "\(command) \(option): \(result.stderr)")
            // `panekit bench` runs panekit-bench, whose messages start with its own name.
            let said = ["panekit \(command)", "panekit-\(command)"].contains { result.stderr.hasPrefix("\($0): unknown option \(option)") }
            #expect(said, "\(command) \(option): \(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
        #expect(folder.files() == ["a", "a/b"])
    }

    @Test(arguments: [
        (["render", "x.json", "-fromat", "json"], "unknown option -fromat; did you mean \"--format\"?"),
        (["render", "x.json", "--colour", "never"], "unknown option --colour; did you mean \"--color\"?"),
        (["render", "x.json", "-o", "out.svg"], "unknown option -o; did you mean \"--out\"?"),
        (["new", "-x"], "unknown option -x"),
        (["new", "--force", "wobble"], "unknown option --force"),
    ])
    func unknownOptionsSuggestTheNearestFlag(arguments: [String], message: String) throws {
        let folder = try Folder()
        let result = try runPanekit(arguments, in: folder.url, timeout: 60)
        #expect(result.status == 2)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(folder.files() == ["a", "a/b"])
    }

    @Test func aFileNamedLikeAnOptionGoesAfterDoubleDash() throws {
        let folder = try Folder()
        try FileManager.default.copyItem(
            at: packageRoot.appendingPathComponent("Examples/drawer-slide.json"), to: folder.url.appendingPathComponent("-s.json"))
        let result = try runPanekit(["render", "--frames", "0..0", "--", "-s.json"], in: folder.url, timeout: 60)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("{\"frame\":0"))
    }

    @Test(arguments: [
        ("../../x", "leaves the current folder"),
        ("../x.lua", "leaves the current folder"),
        ("ok/../../x.lua", "leaves the current folder"),
        ("/tmp/panekit-new-absolute.lua", "leaves the current folder"),
        ("sub/wobble", "must end in .lua"),
        ("..", "is not a plugin name"),
        (".hidden", "is not a plugin name"),
        ("sub/-h.lua", "is not a plugin name"),
        ("bad name", "is not a plugin name"),
        ("émoi", "is not a plugin name"),
        ("-", "is not a plugin name"),
    ])
    func newRefusesNamesThatAreNotPluginNamesOrLeaveTheFolder(name: String, message: String) throws {
        let folder = try Folder()
        let inner = folder.url.appendingPathComponent("a/b")
        let result = try runPanekit(["new", "--", name], in: inner, timeout: 60)
        #expect(result.status == 1, "\(name): \(result.stderr)")
        #expect(result.stderr.contains(message), "\(name): \(result.stderr)")
        #expect(folder.files() == ["a", "a/b"], "\(name): nothing written")
        #expect(!FileManager.default.fileExists(atPath: "/tmp/panekit-new-absolute.lua"))
    }

    @Test func newWritesANamedPathInsideTheFolderOnce() throws {
        let folder = try Folder()
        let made = try runPanekit(["new", "a/b/my.zoom_2.lua"], in: folder.url, timeout: 60)
        #expect(made.status == 0, "\(made.stderr)")
        #expect(folder.files() == ["a", "a/b", "a/b/my.zoom_2.lua", "a/b/panekit.d.lua"])
        let again = try runPanekit(["new", "a/b/my.zoom_2.lua"], in: folder.url, timeout: 60)
        #expect(again.status == 1)
        #expect(again.stderr == "panekit new: a/b/my.zoom_2.lua already exists; choose another name or remove the file\n")
        // A dangling link where the plugin would go is never followed or replaced.
        try FileManager.default.createSymbolicLink(
            atPath: folder.url.appendingPathComponent("a/trap.lua").path, withDestinationPath: "b/created-through-link.lua")
        let trap = try runPanekit(["new", "a/trap.lua"], in: folder.url, timeout: 60)
        #expect(
            trap.status == 1 && trap.stderr.contains("cannot write a/trap.lua: it is a symbolic link to a missing file"),
            "\(trap.stderr)")
        #expect(folder.files() == ["a", "a/b", "a/b/my.zoom_2.lua", "a/b/panekit.d.lua", "a/trap.lua"])
    }
}
