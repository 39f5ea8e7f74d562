// End-to-end runs of the built panekit binary: what --out may replace, standard input and output, plain-word
// file errors, and that new writes only inside the current folder.

import Foundation
import PaneKitTestSupport
import Testing

/// A scratch folder holding a copy of a gallery scenario, removed at the end.
private final class Scratch {
    let url: URL
    var path: String { url.path }

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("panekit-out-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: packageRoot.appendingPathComponent("Examples/drawer-slide.json"), to: url.appendingPathComponent("s.json"))
    }

    func file(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// Runs panekit in this folder; a limit so that a write that blocks (a FIFO opened for writing) fails the test.
    func run(_ arguments: [String], input: ProgramInput = .none) throws -> CommandResult {
        let result = try runPanekit(arguments, in: url, input: input, timeout: 60)
        #expect(!result.timedOut, "\(arguments) did not finish")
        return result
    }

    /// The names in the folder, to see that no temporary file is left behind.
    func names() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: path).sorted() }

    deinit { try? FileManager.default.removeItem(at: url) }
}

/// What `lstat` says a path is.
private func kind(_ path: String) -> mode_t? {
    var info = stat()
    return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : nil
}

/// Whether this process may make a character device in a temporary folder (root with CAP_MKNOD).
private let canMakeDevices: Bool = {
    guard getuid() == 0 else { return false }
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("panekit-mknod-\(getpid())").path
    defer { unlink(path) }
    return mknod(path, S_IFCHR | 0o644, dev_t(0x103)) == 0  // 1,3: the null device's numbers
}()

@Suite struct OutputSafetyTests {
    @Test func aFIFOAsOutputIsRefusedWithoutBlocking() throws {
        let scratch = try Scratch()
        let fifo = scratch.file("pipe")
        try #require(mkfifo(fifo, 0o644) == 0)
        for format in ["sheet", "json"] {
            let result = try scratch.run(["render", "s.json", "--format", format, "--out", "pipe"])
            #expect(result.status == 1)
            #expect(
                result.stderr == "panekit render: cannot write pipe: it is a FIFO (named pipe); panekit writes only "
                    + "regular files (use --out - to write to standard output)\n")
            #expect(kind(fifo) == S_IFIFO, "the FIFO is still there")
        }
        let plot = try scratch.run(["plot", "mm.slide", "--out", "pipe"])
        #expect(plot.status == 1 && plot.stderr.contains("cannot write pipe: it is a FIFO"), "\(plot.stderr)")
        #expect(try scratch.names() == ["pipe", "s.json"], "no temporary file is left")
    }

    @Test func aSocketAsOutputIsRefusedAndKept() throws {
        let scratch = try Scratch()
        // A Unix socket bound to a name in the folder, made by python3 (which Scripts/ensure-deps.sh --tests installs).
        let made = try runProgram(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["python3", "-c", "import socket; socket.socket(socket.AF_UNIX).bind('socket')"], in: scratch.url, timeout: 30)
        try #require(made.status == 0, "\(made.stderr)")
        try #require(kind(scratch.file("socket")) == S_IFSOCK)
        let result = try scratch.run(["render", "s.json", "--format", "sheet", "--out", "socket"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("cannot write socket: it is a socket; panekit writes only regular files"), "\(result.stderr)")
        #expect(kind(scratch.file("socket")) == S_IFSOCK, "the socket is still there")
    }

    @Test(.enabled(if: canMakeDevices, "needs root with CAP_MKNOD to make a device node in a temporary folder"))
    func aCharacterDeviceAsOutputIsRefusedAndKept() throws {
        let scratch = try Scratch()
        let device = scratch.file("device")
        try #require(mknod(device, S_IFCHR | 0o644, dev_t(0x103)) == 0)
        let result = try scratch.run(["render", "s.json", "--format", "sheet", "--out", "device"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("cannot write device: it is a character device; panekit writes only regular files"))
        #expect(kind(device) == S_IFCHR, "the device node is still there")
        let folder = try scratch.run(["render", "s.json", "--format", "svg", "--out", "device/frames/"])
        #expect(folder.status == 1)
        #expect(folder.stderr.contains("device exists and is a character device, not a folder"), "\(folder.stderr)")
    }

    @Test func aSymbolicLinkToAFileReplacesTheFileAndStaysALink() throws {
        let scratch = try Scratch()
        try FileManager.default.createDirectory(atPath: scratch.file("real"), withIntermediateDirectories: false)
        try Data("old".utf8).write(to: scratch.url.appendingPathComponent("real/sheet.svg"))
        try #require(chmod(scratch.file("real/sheet.svg"), 0o600) == 0)
        try FileManager.default.createSymbolicLink(atPath: scratch.file("link.svg"), withDestinationPath: "real/sheet.svg")
        let result = try scratch.run(["render", "s.json", "--format", "sheet", "--out", "link.svg"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(kind(scratch.file("link.svg")) == S_IFLNK, "the link is still a link")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: scratch.file("link.svg")) == "real/sheet.svg")
        let written = try String(contentsOfFile: scratch.file("real/sheet.svg"), encoding: .utf8)
        #expect(written.hasPrefix("<?xml"), "the file it points to got the sheet")
        let attributes = try FileManager.default.attributesOfItem(atPath: scratch.file("real/sheet.svg"))
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600, "the replaced file keeps its mode")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.file("real")) == ["sheet.svg"])
        #expect(try scratch.names() == ["link.svg", "real", "s.json"], "no temporary file is left")
    }

    @Test func aDanglingLinkOrALinkToAFIFOIsRefusedAndKept() throws {
        let scratch = try Scratch()
        try FileManager.default.createSymbolicLink(atPath: scratch.file("dangling.svg"), withDestinationPath: "missing.svg")
        let dangling = try scratch.run(["render", "s.json", "--format", "sheet", "--out", "dangling.svg"])
        #expect(dangling.status == 1)
        #expect(dangling.stderr.contains("cannot write dangling.svg: it is a symbolic link to a missing file"))
        #expect(kind(scratch.file("dangling.svg")) == S_IFLNK)
        #expect(kind(scratch.file("missing.svg")) == nil)
        try #require(mkfifo(scratch.file("pipe"), 0o644) == 0)
        try FileManager.default.createSymbolicLink(atPath: scratch.file("to-pipe"), withDestinationPath: "pipe")
        let pipe = try scratch.run(["render", "s.json", "--out", "to-pipe"])
        #expect(pipe.status == 1)
        #expect(pipe.stderr.contains("cannot write to-pipe: it is a symbolic link to a FIFO (named pipe)"), "\(pipe.stderr)")
        #expect(kind(scratch.file("to-pipe")) == S_IFLNK && kind(scratch.file("pipe")) == S_IFIFO)
    }

    @Test func anOutputThatIsAnInputIsRefusedHoweverItIsSpelt() throws {
        let scratch = try Scratch()
        let original = try Data(contentsOf: scratch.url.appendingPathComponent("s.json"))
        try #require(link(scratch.file("s.json"), scratch.file("hard.json")) == 0)
        try FileManager.default.createSymbolicLink(atPath: scratch.file("soft.json"), withDestinationPath: "s.json")
        try FileManager.default.createDirectory(atPath: scratch.file("sub"), withIntermediateDirectories: false)
        for out in ["s.json", "./s.json", "sub/../s.json", scratch.file("s.json"), "hard.json", "soft.json"] {
            let result = try scratch.run(["render", "s.json", "--out", out])
            #expect(result.status == 1, "\(out)")
            #expect(result.stderr.contains("cannot write \(out): it is an input of this run"), "\(out): \(result.stderr)")
        }
        // Standard input redirected from the file is an input too.
        let viaStdin = try scratch.run(["render", "-", "--out", "s.json"], input: .file(scratch.url.appendingPathComponent("s.json")))
        #expect(viaStdin.status == 1)
        #expect(viaStdin.stderr.contains("cannot write s.json: it is an input of this run (<stdin>)"), "\(viaStdin.stderr)")
        // A plugin of the folder in use is an input as well.
        try FileManager.default.createDirectory(atPath: scratch.file("Plugins"), withIntermediateDirectories: false)
        try Data("return { style = function(ctx) return {} end }\n".utf8).write(to: scratch.url.appendingPathComponent("Plugins/p.lua"))
        let plot = try scratch.run(["plot", "mm.slide", "--out", "Plugins/p.lua"])
        #expect(plot.status == 1 && plot.stderr.contains("it is an input of this run"), "\(plot.stderr)")
        #expect(try Data(contentsOf: scratch.url.appendingPathComponent("s.json")) == original, "the input is unchanged")
        #expect(try scratch.names() == ["Plugins", "hard.json", "s.json", "soft.json", "sub"])
    }

    @Test func fileSystemErrorsArePlainWordsWithThePath() throws {
        let scratch = try Scratch()
        let missing = try scratch.run(["render", "s.json", "--out", "no/such/x.jsonl"])
        #expect(missing.status == 1)
        #expect(missing.stderr == "panekit render: cannot write no/such/x.jsonl: no such folder no/such\n")
        let notFolder = try scratch.run(["plot", "mm.slide", "--out", "s.json/x.svg"])
        #expect(notFolder.status == 1)
        #expect(notFolder.stderr.hasPrefix("panekit plot: cannot write s.json/x.svg: "), "\(notFolder.stderr)")
        let folder = try scratch.run(["render", "."])
        #expect(folder.status == 1)
        #expect(folder.stderr == "panekit render: cannot read .: it is a folder\n")
        let absent = try scratch.run(["render", "absent.json"])
        #expect(absent.stderr == "panekit render: cannot read absent.json: no such file\n")
        for result in [missing, notFolder, folder, absent] {
            #expect(!result.stderr.contains("Error Domain") && !result.stderr.contains("NSCocoa") && !result.stderr.contains("error 5"))
        }
        #expect(try scratch.names() == ["s.json"])
    }

    @Test func renderReadsStandardInputAndWritesStandardOutput() throws {
        let scratch = try Scratch()
        let scenario = ProgramInput.bytes(try Data(contentsOf: scratch.url.appendingPathComponent("s.json")))
        for format in ["json", "ascii", "cast", "sheet", "animated-svg"] {
            let byName = try scratch.run(["render", "s.json", "--format", format])
            #expect(byName.status == 0, "\(byName.stderr)")
            let piped = try scratch.run(["render", "-", "--format", format, "--out", "-"], input: scenario)
            #expect(piped.status == 0, "\(format): \(piped.stderr)")
            #expect(piped.stdout == byName.stdout, "\(format): render - --out - equals render FILE")
        }
        let oneFrame = try scratch.run(["render", "-", "--format", "svg", "--frames", "4..4", "--out", "-"], input: scenario)
        #expect(oneFrame.status == 0 && oneFrame.stdout.hasPrefix("<?xml"), "\(oneFrame.stderr)")
        let toFolder = try scratch.run(["render", "-", "--format", "json", "--out", "out/"], input: scenario)
        #expect(toFolder.status == 0, "\(toFolder.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.file("out")) == ["stdin.jsonl"])
        let plot = try scratch.run(["plot", "mm.slide", "--out", "-"])
        let plotted = try scratch.run(["plot", "mm.slide"])
        #expect(plot.status == 0 && plot.stdout == plotted.stdout)
        let broken = try scratch.run(["render", "-"], input: .bytes(Data("{\"size\": [1,".utf8)))
        #expect(broken.status == 1)
        #expect(broken.stderr.contains("<stdin>:1:"), "\(broken.stderr)")
    }

    @Test(arguments: [
        (["render", "-", "-"], "- (standard input) can be given only once"),
        (["render", "-", "--watch"], "--watch cannot watch standard input"),
        (["render", "-", "--format", "png", "--out", "-"], "--format png writes files, not standard output"),
        (["render", "-", "--format", "svg", "--out", "-"], "has 49 frames and standard output holds one"),
        (["render", "-", "--format", "svg", "--frames", "1..2"], "has 2 frames and standard output holds one"),
    ])
    func standardStreamsAreRefusedWhereTheyCannotApply(arguments: [String], message: String) throws {
        let scratch = try Scratch()
        let result = try scratch.run(arguments, input: .file(scratch.url.appendingPathComponent("s.json")))
        #expect(result.status == 2, "\(arguments)")
        #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        #expect(result.stdout.isEmpty)
    }
}

@Suite struct InterruptedOutputTests {
    /// A stand-in for rsvg-convert that starts its output and then waits until panekit is gone.
    static let slowConverter = """
        #!/bin/sh
        echo partial
        exec >/dev/null 2>&1
        while kill -0 "$PPID" 2>/dev/null; do sleep 0.1; done

        """

    @Test func controlCRemovesTheTemporaryFileAndLeavesTheTarget() throws {
        let scratch = try Scratch()
        try FileManager.default.createDirectory(atPath: scratch.file("bin"), withIntermediateDirectories: false)
        try Data(Self.slowConverter.utf8).write(to: scratch.url.appendingPathComponent("bin/rsvg-convert"))
        try #require(chmod(scratch.file("bin/rsvg-convert"), 0o755) == 0)
        try Data("old".utf8).write(to: scratch.url.appendingPathComponent("frame.png"))
        let process = Process()
        process.executableURL = panekitBinary
        process.arguments = ["render", "s.json", "--format", "png", "--frames", "3..3", "--out", "frame.png"]
        process.currentDirectoryURL = scratch.url
        process.environment = ["PATH": scratch.file("bin") + ":/usr/bin:/bin"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        // Wait (at most 60 s) until the temporary PNG exists, then press Ctrl-C.
        let deadline = Date().addingTimeInterval(60)
        func temporaries() -> [String] { ((try? scratch.names()) ?? []).filter { $0.hasSuffix(".tmp") } }
        while temporaries().isEmpty && process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        try #require(temporaries().count == 1, "the temporary file appeared: \((try? scratch.names()) ?? [])")
        // The handler is armed asynchronously, after SIGINT is set to be ignored (before the temporary file is
        // made): Ctrl-C again every 0.2 s until panekit ends (at most 15 s); the converter waits anyway.
        let stopBy = Date().addingTimeInterval(15)
        while process.isRunning && Date() < stopBy {
            process.interrupt()
            let next = Date().addingTimeInterval(0.2)
            while process.isRunning && Date() < next { Thread.sleep(forTimeInterval: 0.02) }
        }
        try #require(!process.isRunning, "panekit ended after Ctrl-C")
        #expect(process.terminationReason == .exit && process.terminationStatus == 130)
        let left = try scratch.names()
        #expect(left == ["bin", "frame.png", "s.json"], "no temporary file is left: \(left)")
        #expect(try String(contentsOfFile: scratch.file("frame.png"), encoding: .utf8) == "old", "the target is untouched")
    }
}
