// End-to-end runs of the built panekit binary: parallel renders, output folders, the player piped and under a pty.

import Foundation
import PaneKitTestSupport
import XCTest

final class RenderPlayCommandTests: XCTestCase {
    static let root = packageRoot

    /// The panekit binary built beside the tests (the test target depends on it, so it is always there).
    private func binary() throws -> URL { panekitBinary }

    /// Runs a program in the package root; its exit status, standard output and standard error.
    @discardableResult
    private func run(_ executable: URL, _ arguments: [String], input: ((FileHandle, StreamedOutput) -> Void)? = nil) throws
        -> (status: Int32, out: Data, err: String)
    {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = Self.root
        let out = Pipe(), err = Pipe(), inPipe = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = inPipe
        let streamed = StreamedOutput()
        // Standard output is read as it comes, so that the input can wait for what the program has written.
        let reader = Thread {
            while true {
                let chunk = out.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                streamed.append(chunk)
            }
            streamed.close()
        }
        try process.run()
        reader.start()
        input?(inPipe.fileHandleForWriting, streamed)
        try? inPipe.fileHandleForWriting.close()
        // A program that outlives its input by a minute has hung: end it, so that the test fails instead of waiting.
        let pid = process.processIdentifier
        DispatchQueue.global().asyncAfter(deadline: .now() + 60) { if process.isRunning { kill(pid, SIGKILL) } }
        let errors = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, streamed.waitForEnd(), errors)
    }

    /// A program's standard output as it arrives; `wait(for:)` blocks until some text appears or the output ends.
    final class StreamedOutput: @unchecked Sendable {
        private let condition = NSCondition()
        private var data = Data()
        private var ended = false

        func append(_ chunk: Data) {
            condition.lock()
            data.append(chunk)
            condition.broadcast()
            condition.unlock()
        }

        func close() {
            condition.lock()
            ended = true
            condition.broadcast()
            condition.unlock()
        }

        /// Whether `text` appeared within `seconds`.
        func wait(for text: String, seconds: Double) -> Bool {
            let deadline = Date().addingTimeInterval(seconds)
            condition.lock()
            defer { condition.unlock() }
            while data.range(of: Data(text.utf8)) == nil {
                if ended || !condition.wait(until: deadline) { return data.range(of: Data(text.utf8)) != nil }
            }
            return true
        }

        /// All the output, once it has ended.
        func waitForEnd() -> Data {
            condition.lock()
            defer { condition.unlock() }
            while !ended { condition.wait() }
            return data
        }
    }

    private let three = ["Examples/drawer-slide.json", "Examples/drawer-swinging-door.json", "Examples/drawer-above-scrim.json"]

    func testParallelRenderOfThreeScenariosEqualsThreeSingleRenders() throws {
        let panekit = try binary()
        for format in ["ascii", "json"] {
            let together = try run(panekit, ["render"] + three + ["--format", format, "--jobs", "3"])
            XCTAssertEqual(together.status, 0, together.err)
            var singles = Data()
            for path in three {
                let single = try run(panekit, ["render", path, "--format", format, "--jobs", "1"])
                XCTAssertEqual(single.status, 0, single.err)
                singles.append(single.out)
            }
            XCTAssertEqual(together.out, singles, "\(format): parallel output differs from single runs")
            XCTAssertGreaterThan(together.out.count, 1000)
        }
        // Folders: each file of the parallel run equals the file of a single run.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("panekit-render-\(getpid())")
        defer { try? FileManager.default.removeItem(at: folder) }
        for format in ["cast", "sheet", "animated-svg"] {
            let parallel = folder.appendingPathComponent("\(format)-parallel/").path + "/"
            XCTAssertEqual(try run(panekit, ["render"] + three + ["--format", format, "--out", parallel, "--jobs", "3"]).status, 0)
            for path in three {
                let stem = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
                let ext = format == "cast" ? "cast" : "svg"
                let single = folder.appendingPathComponent("\(format)-\(stem).\(ext)").path
                XCTAssertEqual(try run(panekit, ["render", path, "--format", format, "--out", single]).status, 0)
                XCTAssertEqual(
                    FileManager.default.contents(atPath: single), FileManager.default.contents(atPath: "\(parallel)\(stem).\(ext)"),
                    "\(format) \(stem)")
            }
        }
    }

    func testPerFrameFormatsWriteAFolderAndBadUseIsAUsageError() throws {
        let panekit = try binary()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("panekit-frames-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let svg = try run(panekit, ["render", "Examples/drawer-slide.json", "--format", "svg", "--frames", "3..5", "--out", folder])
        XCTAssertEqual(svg.status, 0, svg.err)
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: folder).sorted(),
            ["drawer-slide-0003.svg", "drawer-slide-0004.svg", "drawer-slide-0005.svg"])
        let several = try run(panekit, ["render", "Examples/drawer-slide.json", "--format", "svg"])
        XCTAssertEqual(several.status, 2, "many SVG frames cannot go to standard output")
        XCTAssertTrue(several.err.contains("--out FOLDER"), several.err)
        XCTAssertEqual(try run(panekit, ["render", "Examples/drawer-slide.json", "--format", "gif"]).status, 2)
        let missing = try run(panekit, ["render", "Examples/no-such.json", "--format", "ascii"])
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.err.contains("Examples/no-such.json: no such file"), missing.err)
    }

    func testPNGFramesGoThroughRsvgConvert() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/rsvg-convert") else {
            throw XCTSkip("rsvg-convert is not installed (Scripts/ensure-deps.sh --tests installs it)")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("panekit-png-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let png = try run(try binary(), ["render", "Examples/drawer-slide.json", "--format", "png", "--frames", "6..7", "--out", folder])
        XCTAssertEqual(png.status, 0, png.err)
        let data = try XCTUnwrap(FileManager.default.contents(atPath: "\(folder)/drawer-slide-0006.png"))
        XCTAssertEqual(Array(data.prefix(4)), [0x89, 0x50, 0x4e, 0x47])
    }

    func testPlayerWithStdoutPipedPrintsFramesWithoutEscapes() throws {
        let played = try run(try binary(), ["play", "Examples/drawer-slide.json"])
        XCTAssertEqual(played.status, 0, played.err)
        XCTAssertFalse(played.out.contains(0x1b), "escape codes in piped output")
        let text = String(decoding: played.out, as: UTF8.self)
        XCTAssertTrue(text.hasPrefix("frame 0  t=0s  closed  left=1\n+----"))
        XCTAssertEqual(text.components(separatedBy: "\nframe ").count, 49, "every frame once")
    }

    /// `script` gives the player a pseudo-terminal; its output is what the terminal received.
    private func underPseudoTerminal(_ command: String, input: ((FileHandle, StreamedOutput) -> Void)? = nil) throws -> (Int32, String) {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/script") else { throw XCTSkip("no script(1) for a pseudo-terminal") }
        let result = try run(URL(fileURLWithPath: "/usr/bin/script"), ["-qfec", command, "/dev/null"], input: input)
        return (result.status, String(decoding: result.out, as: UTF8.self))
    }

    func testPlayerUnderAPseudoTerminalRestoresTheTerminal() throws {
        let panekit = try binary().path
        let (status, screen) = try underPseudoTerminal("\(panekit) play Examples/drawer-slide.json --fps 120 --grid 40x12")
        XCTAssertEqual(status, 0)
        XCTAssertTrue(screen.hasPrefix("\u{1b}[?1049h\u{1b}[?25l"), "alternate screen and hidden cursor first")
        XCTAssertTrue(screen.contains("\u{1b}[?2026h\u{1b}[H"), "synchronized output")
        XCTAssertTrue(screen.hasSuffix("\u{1b}[?2026l\u{1b}[0m\u{1b}[?25h\u{1b}[?1049l"), "restored at the end")
    }

    func testPlayerRestoresTheTerminalOnControlC() throws {
        let panekit = try binary().path
        let (status, screen) = try underPseudoTerminal("\(panekit) play Examples/drawer-slide.json --loop --grid 40x12") { stdin, screen in
            // Once a frame is on the screen (bounded), Ctrl-C through the terminal's line discipline: SIGINT. Then
            // stdin stays open until the player has restored the terminal, so that its end is no hang-up first.
            // The player ignores SIGINT until its handler is ready (a moment after the first frame on a busy
            // machine), so Ctrl-C is typed again every half second until the terminal is restored.
            XCTAssertTrue(screen.wait(for: "frame ", seconds: 60), "no frame on the screen")
            var restored = false
            for _ in 0..<120 where !restored {
                stdin.write(Data([0x03]))
                restored = screen.wait(for: "\u{1b}[?1049l", seconds: 0.5)
            }
            XCTAssertTrue(restored, "the terminal was not restored")
        }
        XCTAssertEqual(status, 130, "SIGINT's exit status")
        XCTAssertTrue(screen.contains("frame "), "it played before the interrupt")
        XCTAssertTrue(screen.hasSuffix("\u{1b}[?2026l\u{1b}[0m\u{1b}[?25h\u{1b}[?1049l"), "restored after Ctrl-C")
    }
}
