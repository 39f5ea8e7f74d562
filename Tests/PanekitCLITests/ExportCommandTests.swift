// End-to-end runs of bake and the exports: baked scenarios, CSS keyframes, the HTML player in Chromium, Lottie,
// GIF and MP4.

import Foundation
import PaneKitTestSupport
import Testing

@Suite struct ExportCommandTests {
    /// What one run printed and returned.
    struct Ran {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// A fresh temporary folder.
    func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("panekit-export-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Runs `executable` with `arguments` (and `environment` over this process's), with a 120 s timeout.
    func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) throws -> Ran {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = packageRoot
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let timer = DispatchWorkItem { process.terminate() }
        DispatchQueue.global().asyncAfter(deadline: .now() + 120, execute: timer)
        nonisolated(unsafe) var outData = Data()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            outData = out.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        timer.cancel()
        return Ran(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }

    func panekit(_ arguments: [String], environment: [String: String] = [:]) throws -> Ran {
        try run(panekitBinary.path, arguments, environment: environment)
    }

    /// Chromium, where installed (Debian: chromium).
    static let chromium = which("chromium") ?? which("chromium-browser") ?? which("google-chrome")

    /// ffprobe, where it is installed beside ffmpeg (Debian: ffmpeg).
    static let ffprobe = which("ffmpeg") == nil ? nil : which("ffprobe")

    /// Whether python3 imports the lottie package (pip: lottie).
    static let pythonLottie: Bool = {
        guard let python = which("python3") else { return false }
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: python)
        probe.arguments = ["-c", "import lottie"]
        probe.standardOutput = FileHandle.nullDevice
        probe.standardError = FileHandle.nullDevice
        guard (try? probe.run()) != nil else { return false }
        probe.waitUntilExit()
        return probe.terminationStatus == 0
    }()

    static func which(_ tool: String) -> String? {
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":") {
            let path = "\(dir)/\(tool)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    /// The JSON frames of a render, one object a line.
    func frames(_ arguments: [String]) throws -> [[String: Any]] {
        let result = try panekit(["render"] + arguments + ["--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        return try result.stdout.split(separator: "\n").map {
            try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    static func nodes(_ frame: [String: Any]) -> [[String: Any]] { frame["nodes"] as? [[String: Any]] ?? [] }

    // MARK: - Bake

    @Test func aScenarioWithBakeFilesRendersTheLiveFramesWithinTheBound() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let zoom = try panekit([
            "bake", "Plugins/zoom-out.lua", "--param", "scale=0.7", "--param", "offset=30", "--reveal", "260",
            "--direction", "left", "--out", dir.appendingPathComponent("zoom-out.bake.json").path,
        ])
        #expect(zoom.status == 0, "\(zoom.stderr)")
        #expect(zoom.stdout.contains(" bytes, ") && zoom.stdout.contains(" samples ") && zoom.stdout.contains("largest difference"))
        let airbnb = try panekit([
            "bake", "Plugins/airbnb.lua", "--param", "tilt=15", "--reveal", "260", "--direction", "right",
            "--out", dir.appendingPathComponent("airbnb.bake.json").path,
        ])
        #expect(airbnb.status == 0, "\(airbnb.stderr)")
        let live = "Examples/lua-zoom-out-and-airbnb.json"
        var scenario = try String(contentsOf: packageRoot.appendingPathComponent(live), encoding: .utf8)
        scenario = scenario.replacingOccurrences(
            of: "{ \"name\": \"zoom-out\", \"params\": { \"scale\": 0.7, \"offset\": 30 } }", with: "\"zoom-out.bake.json\"")
        scenario = scenario.replacingOccurrences(of: "{ \"name\": \"airbnb\", \"params\": { \"tilt\": 15 } }", with: "\"airbnb.bake.json\"")
        #expect(scenario.contains("airbnb.bake.json") && scenario.contains("zoom-out.bake.json"))
        let baked = dir.appendingPathComponent("baked.json")
        try scenario.write(to: baked, atomically: true, encoding: .utf8)
        let a = try frames([live]), b = try frames([baked.path])
        #expect(a.count == b.count && a.count > 30)
        for (x, y) in zip(a, b) {
            let (nx, ny) = (Self.nodes(x), Self.nodes(y))
            #expect(nx.map { $0["role"] as! String } == ny.map { $0["role"] as! String })
            for (p, q) in zip(nx, ny) {
                let (cp, cq) = (p["corners"] as! [[Double]], q["corners"] as! [[Double]])
                for (u, v) in zip(cp, cq) { #expect(hypot(u[0] - v[0], u[1] - v[1]) <= 0.25, "frame \(x["frame"]!) \(p["role"]!)") }
                #expect(abs((p["alpha"] as! Double) - (q["alpha"] as! Double)) <= 0.005)
            }
        }
        // The same table at another size is refused with the geometry it was baked for.
        let other = try panekit(["render", baked.path, "--size", "320x568", "--strict"])
        #expect(other.status == 1)
        #expect(other.stderr.contains("baked from zoom-out for a drawer container of 375x667"), "\(other.stderr)")
    }

    @Test func bakeRefusesAStylerThatReadsTheTime() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let plugin = dir.appendingPathComponent("wobble.lua")
        try "return { style = function(ctx) return { pane = { translate = { ctx.open * 100 + math.sin(ctx.time) * 5, 0 } } } end }"
            .write(to: plugin, atomically: true, encoding: .utf8)
        let out = dir.appendingPathComponent("wobble.bake.json")
        let result = try panekit(["bake", plugin.path, "--out", out.path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("wobble reads ctx.time"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.path))
        let usage = try panekit(["bake", "mm.slide", "--out", dir.appendingPathComponent("x.json").path])
        #expect(usage.status == 2 && usage.stderr.contains("ending in .bake.json"))
    }

    // MARK: - CSS

    /// `(percent, declarations)` of each keyframe of `@keyframes name` in `css`.
    static func keyframes(_ css: String, _ name: String) -> [(Double, [String: String])] {
        guard let start = css.range(of: "@keyframes \(name) {\n") else { return [] }
        var result: [(Double, [String: String])] = []
        for line in css[start.upperBound...].split(separator: "\n") {
            if line.hasPrefix("}") { break }
            let parts = line.trimmingCharacters(in: .whitespaces).split(separator: "{", maxSplits: 1)
            guard parts.count == 2, let percent = Double(parts[0].dropLast(2)) else { continue }
            var declarations: [String: String] = [:]
            for item in parts[1].dropLast().split(separator: ";") {
                let kv = item.split(separator: ":", maxSplits: 1)
                if kv.count == 2 { declarations[kv[0].trimmingCharacters(in: .whitespaces)] = kv[1].trimmingCharacters(in: .whitespaces) }
            }
            result.append((percent, declarations))
        }
        return result
    }

    @Test func cssKeyframesEqualTheJSONFrames() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let scenario = "Examples/drawer-swinging-door.json"
        let css = dir.appendingPathComponent("door.css")
        let result = try panekit(["render", scenario, "--format", "css", "--html", "--out", css.path])
        #expect(result.status == 0, "\(result.stderr)")
        let text = try String(contentsOf: css, encoding: .utf8)
        let page = try String(contentsOf: dir.appendingPathComponent("door.html"), encoding: .utf8)
        #expect(page.contains("href=\"door.css\"") && !page.contains("<script"))
        let json = try frames([scenario])
        let fps = 30.0, duration = Double(json.count) / fps
        let written = text.components(separatedBy: "animation-duration: ")[1].prefix { $0 != "s" }
        #expect(abs(Double(written)! - duration) <= 1e-6)
        for role in ["pane", "drawer.left", "drawer.right"] {
            let name = "panekit-" + role.replacingOccurrences(of: ".", with: "-")
            #expect(page.contains("class=\"panekit-node \(name)\""))
            let keys = Self.keyframes(text, name)
            #expect(keys.count == json.count + 1, "\(name)")
            for (i, frame) in json.enumerated() {
                let (percent, d) = keys[i]
                #expect(abs(percent / 100 * duration - (frame["time"] as! Double)) <= 1e-6, "\(name) \(i)")
                guard let node = Self.nodes(frame).first(where: { $0["role"] as? String == role }) else {
                    #expect(d["visibility"] == "hidden")
                    continue
                }
                let matrix = d["transform"]!.dropFirst("matrix3d(".count).dropLast().split(separator: ",").map {
                    Double($0.trimmingCharacters(in: .whitespaces))!
                }
                let expected = node["transform"] as! [Double]
                #expect(matrix.count == 16)
                for (m, e) in zip(matrix, expected) { #expect(abs(m - e) <= 1e-6, "\(name) frame \(i)") }
                // A hidden node is transparent as well as hidden, so it cannot flash in the interval before it shows.
                let hidden = node["hidden"] as! Bool
                #expect(abs(Double(d["opacity"]!)! - (hidden ? 0 : node["alpha"] as! Double)) <= 1e-6, "\(name) \(i)")
                #expect(d["visibility"] == (hidden ? "hidden" : "visible"), "\(name) \(i)")
                let f = node["frame"] as! [Double]
                #expect(d["left"] == "\(Self.css(f[0]))px" && d["width"] == "\(Self.css(f[2]))px", "\(d)")
            }
        }
    }

    static func css(_ x: Double) -> String { x == x.rounded() ? String(Int(x)) : String(x) }

    /// Where Chromium is installed: a screenshot of the HTML player paused at frame 10's time shows the pane's
    /// left edge where that frame puts it.
    @Test(.enabled(if: ExportCommandTests.chromium != nil, "needs Chromium (Scripts/ensure-deps.sh --tests installs it)"))
    func theHTMLPlayerInChromiumShowsThePaneWhereTheFrameSays() throws {
        let chromium = try #require(Self.chromium)
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let scenario = "Examples/drawer-slide.json"
        let css = dir.appendingPathComponent("slide.css")
        #expect(try panekit(["render", scenario, "--format", "css", "--html", "--out", css.path]).status == 0)
        let json = try frames([scenario])
        let index = 10
        let time = json[index]["time"] as! Double
        let pane = try #require(Self.nodes(json[index]).first { $0["role"] as? String == "pane" })
        let edge = (pane["corners"] as! [[Double]])[0][0]
        #expect(edge > 20 && edge < 260, "pick a frame where the pane has moved: \(edge)")
        // The generated page, paused at that time (a user would do this with the browser's animation tools).
        var page = try String(contentsOf: dir.appendingPathComponent("slide.html"), encoding: .utf8)
        page = page.replacingOccurrences(
            of: "<style>body { margin: 0; padding: 16px;",
            with:
                "<style>.panekit-node { animation-play-state: paused !important; animation-delay: -\(time)s !important; } body { margin: 0; padding: 0;"
        )
        let paused = dir.appendingPathComponent("paused.html")
        try page.write(to: paused, atomically: true, encoding: .utf8)
        let shot = dir.appendingPathComponent("shot.png")
        let result = try run(
            chromium,
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--window-size=375,667",
                "--screenshot=\(shot.path)", paused.absoluteString,
            ])
        #expect(result.status == 0, "\(result.stderr)")
        // The first column of the middle row that has the pane's colour (#f4f5f7).
        let decoded = try run("/usr/bin/env", ["python3", "-c", PNGPixels.script, shot.path])
        let picture = try #require(PNGPixels.parse(decoded.stdout), "\(decoded.stderr)")
        let row = (picture.height / 2) * picture.width * 3
        let column = try #require(
            (0..<picture.width).first { x in
                abs(Int(picture.rgb[row + 3 * x]) - 0xf4) <= 2 && abs(Int(picture.rgb[row + 3 * x + 2]) - 0xf7) <= 2
            }, "no pane colour in the middle row")
        let seen = Double(column)
        #expect(abs(seen - edge) <= 2, "screenshot \(seen), frame \(edge)")
    }

    // MARK: - Lottie

    @Test(.enabled(if: ExportCommandTests.pythonLottie, "needs the Python lottie package (Scripts/ensure-deps.sh --tests installs it)"))
    func lottieParsesWithThePythonPackageAndMatchesTheFrames() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let scenario = "Examples/drawer-slide.json"
        let file = dir.appendingPathComponent("slide.json")
        #expect(try panekit(["render", scenario, "--format", "lottie", "--out", file.path]).status == 0)
        let json = try frames([scenario])
        // The frame nearest the middle where the pane moves (a held value would pass at rest too).
        func paneX(_ i: Int) -> Double { (Self.nodes(json[i]).first { $0["role"] as? String == "pane" }!["frame"] as! [Double])[0] }
        let half = json.count / 2
        let moving: [Int] = (1..<json.count).filter { paneX($0) != paneX($0 - 1) }
        let nearest: Int? = moving.min { (a: Int, b: Int) -> Bool in abs(a - half) < abs(b - half) }
        let middle = try #require(nearest)
        let pane = try #require(Self.nodes(json[middle]).first { $0["role"] as? String == "pane" })
        let corners = pane["corners"] as! [[Double]]
        let script = """
            import json, sys
            from lottie.objects import Animation
            from lottie.exporters.svg import export_svg
            a = Animation.load(json.load(open(sys.argv[1])))
            pane = next(l for l in a.layers if l.name == 'pane')
            path = pane.shapes[0].shapes[0].shape.get_value(int(sys.argv[2]))
            export_svg(a, sys.argv[3], int(sys.argv[2]))
            print(len(a.layers), a.frame_rate, a.in_point, a.out_point, a.width, a.height,
                  json.dumps([[v[0], v[1]] for v in path.vertices], separators=(',', ':')), sorted(l.name for l in a.layers))
            """
        let svg = dir.appendingPathComponent("middle.svg")
        let result = try run("/usr/bin/env", ["python3", "-c", script, file.path, String(middle), svg.path])
        #expect(result.status == 0, "\(result.stderr)")
        let fields = result.stdout.split(separator: " ", maxSplits: 7).map(String.init)
        let roles = Set(json.flatMap { Self.nodes($0).map { $0["role"] as! String } })
        // One layer per role, and a content layer above each role whose appearance has a wireframe (with the null
        // layer that places it).
        let names = fields[7].trimmingCharacters(in: .whitespacesAndNewlines).dropFirst().dropLast().split(separator: ", ").map {
            String($0.dropFirst().dropLast())
        }
        #expect(
            Int(fields[0]) == names.count && Set(names.filter { !$0.hasSuffix(" content") && !$0.hasSuffix(" content place") }) == roles,
            "\(names)")
        #expect(names.filter { $0.hasSuffix(" content") }.allSatisfy { roles.contains(String($0.dropLast(8))) }, "\(names)")
        #expect(Double(fields[1]) == 30 && Double(fields[2]) == 0 && Double(fields[3]) == Double(json.count))
        #expect(Double(fields[4]) == 375 && Double(fields[5]) == 667)
        // The layer's path is the node's projected quad at that frame.
        let vertices = try #require(JSONSerialization.jsonObject(with: Data(fields[6].utf8)) as? [[Double]])
        #expect(vertices.count == 4)
        for (v, c) in zip(vertices, corners) { #expect(abs(v[0] - c[0]) <= 1e-6 && abs(v[1] - c[1]) <= 1e-6, "\(vertices) \(corners)") }
        #expect(fields[7].contains("'pane'") && fields[7].contains("'drawer.left'"))
        #expect(FileManager.default.fileExists(atPath: svg.path))
    }

    // MARK: - GIF and MP4

    @Test func gifAndMP4WithoutFFmpegSayHowToInstallIt() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        // Without ffmpeg on the PATH: an error that says how to install it, and no file.
        let missing = try panekit(
            ["render", "Examples/drawer-slide.json", "--format", "gif", "--out", dir.appendingPathComponent("x.gif").path],
            environment: ["PATH": "/nonexistent"])
        #expect(missing.status == 1)
        #expect(
            missing.stderr.contains("needs ffmpeg, which is not installed") && missing.stderr.contains("apt-get install ffmpeg"),
            "\(missing.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }

    /// `--out -` asks for standard output, which a video cannot go to: a usage error, not a crash.
    @Test(.enabled(if: ExportCommandTests.ffprobe != nil, "needs ffmpeg and ffprobe (Scripts/ensure-deps.sh --tests installs them)"))
    func gifAndMP4ToStandardOutputAreAUsageError() throws {
        for format in ["gif", "mp4"] {
            let ran = try panekit(["render", "Examples/drawer-slide.json", "--format", format, "--out", "-", "--frames", "0..1"])
            #expect(ran.status == 2, "\(ran.stderr)")
            #expect(ran.stderr == "panekit render: --format \(format) writes a file; give --out FILE.\(format)\n", "\(ran.stderr)")
            #expect(ran.stdout.isEmpty)
        }
    }

    /// Videos of several scenarios at once (`--jobs 2`): each video's workers wait for each other's turns, and the
    /// pool that ran the scenarios' jobs ran a video's two workers one after the other, so the first waited for the
    /// second for ever (two GIFs never finished).
    @Test(.enabled(if: ExportCommandTests.ffprobe != nil, "needs ffmpeg and ffprobe (Scripts/ensure-deps.sh --tests installs them)"))
    func videosOfScenariosRenderedInParallelFinish() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let scenarios = ["Examples/drawer-slide.json", "Examples/drawer-swinging-door.json"]
        let result = try runPanekit(
            ["render"] + scenarios + ["--format", "gif", "--frames", "0..5", "--scale", "0.2", "--jobs", "2", "--out", dir.path + "/"],
            timeout: 60)
        #expect(!result.timedOut, "two GIFs rendered with --jobs 2 did not finish in 60 s")
        #expect(result.status == 0, "\(result.stderr)")
        let written = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        #expect(written == ["drawer-slide.gif", "drawer-swinging-door.gif"])
    }

    @Test(.enabled(if: ExportCommandTests.ffprobe != nil, "needs ffmpeg and ffprobe (Scripts/ensure-deps.sh --tests installs them)"))
    func gifAndMP4HaveTheScenariosFramesAndDuration() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let scenario = "Examples/drawer-slide.json"
        let ffprobe = try #require(Self.ffprobe)
        let count = try frames([scenario, "--frames", "0..19"]).count
        for format in ["gif", "mp4"] {
            let out = dir.appendingPathComponent("slide.\(format)")
            let result = try panekit(["render", scenario, "--format", format, "--frames", "0..19", "--scale", "0.25", "--out", out.path])
            #expect(result.status == 0, "\(result.stderr)")
            let probe = try run(
                ffprobe,
                [
                    "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries",
                    "stream=nb_read_frames,width,height:format=duration", "-of", "default=noprint_wrappers=1", out.path,
                ])
            var values: [String: String] = [:]
            for line in probe.stdout.split(separator: "\n") {
                let kv = line.split(separator: "=", maxSplits: 1)
                if kv.count == 2 { values[String(kv[0])] = String(kv[1]) }
            }
            #expect(Int(values["nb_read_frames"] ?? "") == count, "\(format): \(probe.stdout)")
            #expect(abs((Double(values["duration"] ?? "") ?? 0) - Double(count) / 30) <= 0.02, "\(format): \(probe.stdout)")
            #expect(Int(values["width"] ?? "") ?? 0 >= 93 && Int(values["width"] ?? "") ?? 0 <= 95, "\(format): \(probe.stdout)")
        }
    }

    // MARK: - Curve

    @Test func curvePrintsEveryPlatformsCode() throws {
        let result = try panekit(["curve", "cubic-bezier(0.2, 0.8, 0.2, 1)", "--duration", "0.35"])
        #expect(result.status == 0, "\(result.stderr)")
        for line in [
            "Animation.timingCurve(0.2, 0.8, 0.2, 1, duration: 0.35)", "CAMediaTimingFunction(controlPoints: 0.2, 0.8, 0.2, 1)",
            "controlPoint1: CGPoint(x: 0.2, y: 0.8)", "CubicBezierEasing(0.2f, 0.8f, 0.2f, 1f)", "durationMillis = 350",
            "cubic-bezier(0.2, 0.8, 0.2, 1)",
        ] { #expect(result.stdout.contains(line), "\(line)") }
        #expect(try panekit(["curve", "easeInEaseOut"]).stdout.contains("cubic-bezier(0.42, 0, 0.58, 1)"))
        let bad = try panekit(["curve", "cubic-bezier(2,0,0,1)"])
        #expect(bad.status == 1 && bad.stderr.contains("x1 and x2 must lie in 0...1"))
        let spring = try panekit(["curve", "response=0.5,dampingFraction=0.7"])
        #expect(spring.status == 0, "\(spring.stderr)")
        for part in [
            "Animation.interpolatingSpring(mass: 1, stiffness: 157.91367, damping: 17.592919", "UISpringTimingParameters(mass: 1",
            "spring<Float>(dampingRatio = 0.7f, stiffness = 157.91367f)", "transition-timing-function: linear(0, ",
            "transition-duration: 0.845433s",
        ] {
            #expect(spring.stdout.contains(part), "\(part)")
        }
        let typo = try panekit(["curve", "easin"])
        #expect(typo.status == 1 && typo.stderr.contains("did you mean \"easeIn\""))
    }
}
