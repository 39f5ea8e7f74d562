// End-to-end: numbers at the edge of a double, flags bounded as the scenario's keys, images that declare too many
// pixels, and what a gif's or a CSS file's messages and comments may carry.

import Foundation
import PaneKitTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct BoundsCommandTests {
    func folder(_ files: [String: String]) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("panekit-bounds-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for (name, text) in files {
            let file = url.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: file, atomically: true, encoding: .utf8)
        }
        return url
    }

    /// A plugin whose every number is finite but whose pane's translation spans ±1.7e308.
    static let spanning = """
        return {
          name = "span",
          version = "1.0.0",
          description = "A channel spanning every double",
          style = function(ctx)
            local a = panekit.clamp(ctx.open, 0, 1)
            return { pane = { translate = { (a * 2 - 1) * 1.7e308, 0 } } }
          end,
        }
        """

    @Test func plotAndDocsOfAChannelSpanningEveryDoubleDrawItClamped() throws {
        let dir = try folder(["Plugins/span.lua": Self.spanning])
        let plot = try runPanekit(["plot", "span", "--out", "span.svg"], in: dir, timeout: 120)
        #expect(plot.status == 0, "\(plot.stderr)")
        #expect(!plot.stderr.contains("Fatal error") && !plot.stderr.contains("Backtrace"), "\(plot.stderr)")
        let svg = (try? String(contentsOf: dir.appendingPathComponent("span.svg"), encoding: .utf8)) ?? ""
        #expect(svg.contains("values beyond ±1e300 drawn at ±1e300"))
        #expect(!svg.lowercased().contains("nan"))

        let docs = try runPanekit(["docs", "Plugins", "--out", "site"], in: dir, timeout: 300)
        #expect(docs.status == 0, "\(docs.stderr)")
        #expect(!docs.stderr.contains("Backtrace"), "\(docs.stderr)")
        // The preview's curves carry the clamped values and the note the page shows.
        let preview = (try? String(contentsOf: dir.appendingPathComponent("site/span.preview.html"), encoding: .utf8)) ?? ""
        #expect(preview.contains("\"clamped\":\"values beyond ±1e300 drawn at ±1e300\""))
    }

    @Test func stepsWhoseProductOverflowsFailEveryToolAtTheirLine() throws {
        let dir = try folder([
            "Plugins/over.lua": """
            return {
              style = function(ctx)
                return { pane = { ops = { { "scale", 1e200 }, { "scale", 1e200 } } } }
              end,
            }
            """
        ])
        let message = "over.lua:3: pane.ops: expected steps whose product is finite, got inf at pane.transform.m11"
        for arguments in [["check", "Plugins/over.lua"], ["sample", "over"], ["bake", "over", "--out", "over.bake.json"]] {
            let result = try runPanekit(arguments, in: dir, timeout: 120)
            #expect(result.status == 1, "\(arguments): \(result.stdout)\(result.stderr)")
            #expect((result.stdout + result.stderr).contains(message), "\(arguments): \(result.stdout)\(result.stderr)")
        }
    }

    @Test func numericFlagsAreBoundedAsTheScenarioKeysAre() throws {
        let dir = try folder([
            "s.json": #"{ "size": [375, 667], "duration": 0.1, "container": { "type": "drawer", "left": { "width": 280 } } }"#
        ])
        let cases: [(arguments: [String], message: String)] = [
            (
                ["render", "s.json", "--size", "1e19x100", "--format", "lottie"],
                "render: --size: expected WxH with numbers > 0 and ≤ 1000000000 such as 375x667, got \"1e19x100\""
            ),
            (["render", "s.json", "--size", "1e308x1e308"], "render: --size: expected WxH with numbers > 0 and ≤ 1000000000"),
            (
                ["bake", "mm.parallax", "--size", "100x1e19", "--format", "lottie", "--out", "b.json"],
                "bake: --size: expected WxH with numbers > 0 and ≤ 1000000000"
            ),
            (["sample", "mm.parallax", "--reveal", "1e300"], "sample: --reveal: expected a width > 0 and ≤ 1000000000, got \"1e300\""),
            (["render", "s.json", "--fps", "1e-9"], "render: --fps: expected a number > 0 and ≤ 1000 (at least 0.001), got \"1e-9\""),
            (["play", "s.json", "--fps", "1e-9"], "play: --fps: expected a number > 0 and ≤ 1000 (at least 0.001)"),
            (["studio", "s.json", "--fps", "0.0001"], "studio: --fps: expected a number > 0 and ≤ 1000 (at least 0.001)"),
        ]
        for (arguments, message) in cases {
            let result = try runPanekit(arguments, in: dir, timeout: 60)
            #expect(result.status == 2, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
        // The same bound in the file.
        let slow = try folder([
            "slow.json": #"{ "size": [375, 667], "fps": 1e-9, "container": { "type": "drawer", "left": { "width": 280 } } }"#
        ])
        let result = try runPanekit(["render", "slow.json"], in: slow, timeout: 60)
        #expect(result.status == 1)
        #expect(result.stderr.contains("slow.json: fps: expected a number > 0 and ≤ 1000 (at least 0.001), got 1e-09"), "\(result.stderr)")
    }

    /// A PNG of `width` × `height` one-bit pixels, all zero: a few hundred KB at most, whatever it declares.
    static func blankPNG(width: Int, height: Int) -> Data {
        var data = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        func chunk(_ type: String, _ body: [UInt8]) {
            let typed = Array(type.utf8) + body
            data.append(contentsOf: withUnsafeBytes(of: UInt32(body.count).bigEndian, Array.init))
            data.append(contentsOf: typed)
            data.append(contentsOf: withUnsafeBytes(of: crc32(typed).bigEndian, Array.init))
        }
        var header = withUnsafeBytes(of: UInt32(width).bigEndian, Array.init) + withUnsafeBytes(of: UInt32(height).bigEndian, Array.init)
        header += [1, 0, 0, 0, 0]
        chunk("IHDR", header)
        chunk("IEND", [])
        return data
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    @Test func anImageDeclaringTooManyPixelsIsAScenarioErrorAtItsPlace() throws {
        let dir = try folder([
            "s.json": """
            { "size": [375, 667], "duration": 0.1, "container": { "type": "drawer", "left": { "width": 280 } },
              "appearance": { "pane": { "image": "huge.png" }, "drawer.left": { "image": "fine.png" } } }
            """
        ])
        try Self.blankPNG(width: 30_000, height: 30_000).write(to: dir.appendingPathComponent("huge.png"))
        try Self.blankPNG(width: 4096, height: 4096).write(to: dir.appendingPathComponent("fine.png"))
        let result = try runPanekit(["render", "s.json", "--format", "svg", "--out", "out"], in: dir, timeout: 60)
        #expect(result.status == 1)
        #expect(
            result.stderr.contains(
                "s.json: appearance.pane.image: expected an image of at most 16777216 pixels (4096 × 4096), got \"huge.png\" of 30000 × 30000"
            ), "\(result.stderr)")
        // 4096 × 4096 is within the bound.
        #expect(!result.stderr.contains("appearance.drawer.left"), "\(result.stderr)")
    }

    static let hasConverters = ["ffmpeg", "rsvg-convert"].allSatisfy { tool in
        (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").contains {
            FileManager.default.isExecutableFile(atPath: "\($0)/\(tool)")
        }
    }

    @Test(.enabled(if: hasConverters)) func aFailingVideoNamesTheFrameNotATemporaryFile() throws {
        // Wider than the 32,767 pixels rsvg-convert draws, and showing an image (so rsvg-convert draws the frames):
        // every frame fails.
        let dir = try folder([
            "s.json": """
            { "size": [40000, 40], "duration": 0.05, "fps": 20, "container": { "type": "drawer", "left": { "width": 30 } },
              "appearance": { "pane": { "image": "fine.png" } } }
            """
        ])
        try Self.blankPNG(width: 4, height: 4).write(to: dir.appendingPathComponent("fine.png"))
        for format in ["gif", "mp4"] {
            let result = try runPanekit(["render", "s.json", "--format", format, "--out", "s.\(format)"], in: dir, timeout: 120)
            #expect(result.status == 1, "\(result.stderr)")
            #expect(result.stderr.contains("s.\(format): frame 0: rsvg-convert failed: "), "\(result.stderr)")
            #expect(!result.stderr.contains(FileManager.default.temporaryDirectory.path + "/panekit-"), "\(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("s.\(format)").path))
        }
    }

    /// Runs panekit in `dir` with `tools` (name → shell script) first on PATH and `environment` set.
    func withTools(_ tools: [String: String], _ arguments: [String], in dir: URL, environment: [String] = []) throws
        -> CommandResult
    {
        let bin = dir.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        for (name, script) in tools {
            let file = bin.appendingPathComponent(name)
            try ("#!/bin/sh\n" + script + "\n").write(to: file, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file.path)
        }
        let path = "PATH=\(bin.path):/usr/bin:/bin"
        return try runProgram(
            URL(fileURLWithPath: "/usr/bin/env"), [path] + environment + [panekitBinary.path] + arguments, in: dir, timeout: 60)
    }

    static let tiny = #"{ "size": [60, 40], "duration": 0.05, "fps": 20, "container": { "type": "drawer", "left": { "width": 30 } } }"#

    @Test func convertersRunUnderAMemoryLimit() throws {
        let dir = try folder(["s.json": Self.tiny])
        // Each stand-in tells the limit it runs under, then fails.
        let tell = #"echo "data limit $(ulimit -d)" >&2; exit 3"#
        let png = try withTools(["rsvg-convert": tell], ["render", "s.json", "--format", "png", "--out", "frames"], in: dir)
        #expect(png.status == 1)
        #expect(png.stderr.contains("rsvg-convert failed: data limit 2097152"), "\(png.stderr)")

        let drawn = "cat > /dev/null; printf 'not a png'"
        let mp4 = try withTools(
            ["rsvg-convert": drawn, "ffmpeg": tell], ["render", "s.json", "--format", "mp4", "--out", "s.mp4"], in: dir)
        #expect(mp4.status == 1)
        #expect(mp4.stderr.contains("s.mp4: ffmpeg failed: data limit 8388608"), "\(mp4.stderr)")
    }

    @Test func convertersRunUnderATimeLimit() throws {
        let dir = try folder(["s.json": Self.tiny])
        let stuck = "exec sleep 120"
        let png = try withTools(
            ["rsvg-convert": stuck], ["render", "s.json", "--format", "png", "--out", "frames"], in: dir,
            environment: ["PANEKIT_CONVERTER_SECONDS=1"])
        #expect(!png.timedOut && png.status == 1)
        #expect(png.stderr.contains("rsvg-convert ran for more than 1 seconds and was stopped"), "\(png.stderr)")

        let gif = try withTools(
            ["rsvg-convert": "cat > /dev/null; printf 'not a png'", "ffmpeg": stuck],
            ["render", "s.json", "--format", "gif", "--out", "s.gif"], in: dir, environment: ["PANEKIT_CONVERTER_SECONDS=1"])
        #expect(!gif.timedOut && gif.status == 1)
        #expect(gif.stderr.contains("s.gif: ffmpeg ran for more than 1 seconds and was stopped"), "\(gif.stderr)")
    }

    @Test func aConverterRunningAtCtrlCEndsWithPanekit() throws {
        let dir = try folder(["s.json": Self.tiny])
        let bin = dir.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        // A converter in a process group of its own gets no Ctrl-C from the terminal, and this one ignores it.
        let converter = bin.appendingPathComponent("rsvg-convert")
        try "#!/bin/sh\ntrap '' INT TERM\necho $$ > \"\(dir.path)/converter.pid\"\nexec sleep 100\n".write(
            to: converter, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: converter.path)
        let process = Process()
        process.executableURL = panekitBinary
        process.arguments = ["render", "s.json", "--format", "png", "--out", "frames"]
        process.currentDirectoryURL = dir
        process.environment = ["PATH": bin.path + ":/usr/bin:/bin"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        let pidFile = dir.appendingPathComponent("converter.pid")
        let deadline = Date().addingTimeInterval(30)
        while !FileManager.default.fileExists(atPath: pidFile.path) && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        let text = (try? String(contentsOf: pidFile, encoding: .utf8)) ?? ""
        let pid = try #require(Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)), "the converter started")
        defer { kill(pid, SIGKILL) }
        while process.isRunning && Date() < deadline {
            process.interrupt()
            Thread.sleep(forTimeInterval: 0.2)
        }
        try #require(!process.isRunning, "panekit ended after Ctrl-C")
        #expect(process.terminationStatus == 130)
        // Ended: gone, or a zombie no one reaps (its parent, panekit, has exited).
        let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
        let state = stat.split(separator: ")").last?.split(separator: " ").first.map(String.init)
        #expect(kill(pid, 0) != 0 || state == "Z", "the converter \(pid) still runs (\(state ?? "?"))")
    }

    @Test func controlCharactersOfAScenarioNameStayOutOfTheCSSComment() throws {
        let dir = try folder([
            "s.json": #"""
            { "name": "a\u0000b\u001b[2Jc*/d", "size": [60, 40], "duration": 0.05, "fps": 20,
              "container": { "type": "drawer", "left": { "width": 30 } } }
            """#
        ])
        let result = try runPanekit(["render", "s.json", "--format", "css", "--html", "--out", "s.css"], in: dir, timeout: 60)
        #expect(result.status == 0, "\(result.stderr)")
        let css = try Data(contentsOf: dir.appendingPathComponent("s.css"))
        #expect(!css.contains(0) && !css.contains(0x1B))
        #expect(String(decoding: css, as: UTF8.self).hasPrefix("/* a?b?[2Jc* /d: "))
        let page = try Data(contentsOf: dir.appendingPathComponent("s.html"))
        #expect(!page.contains(0) && !page.contains(0x1B))
    }
}
