// The exports in real players: Lottie in rlottie and ThorVG against the SVG frames, the Lottie 1.0 schema, GIF
// delays through ffprobe, unique SVG ids, the fraction-keyed bake exports, and the CSS in Chromium.

import Foundation
import PaneKitTestSupport
import Testing

@Suite struct ExportPlayerTests {
    let cli = ExportCommandTests()

    /// Whether python3 (the first on the PATH, where pip installs; or `interpreter`) imports every one of `modules`.
    static func python(_ modules: String, interpreter: String? = nil) -> Bool {
        guard let python = interpreter ?? ExportCommandTests.which("python3") else { return false }
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: python)
        probe.arguments = ["-c", "import \(modules)"]
        probe.standardOutput = FileHandle.nullDevice
        probe.standardError = FileHandle.nullDevice
        guard (try? probe.run()) != nil else { return false }
        probe.waitUntilExit()
        return probe.terminationStatus == 0
    }

    /// rlottie and ThorVG (pip: rlottie-python, thorvg-python), numpy, rsvg-convert and ffmpeg (to read PNGs).
    static let players =
        python("rlottie_python, thorvg_python, numpy") && ExportCommandTests.which("rsvg-convert") != nil
        && ExportCommandTests.which("ffmpeg") != nil
    static let playersNote: Comment = "needs rlottie-python, thorvg-python, numpy, rsvg-convert and ffmpeg (Scripts/ensure-deps.sh --tests)"

    /// Chromium, its driver and Selenium (Debian's python3-selenium, for the system's python3).
    static let selenium =
        ExportCommandTests.chromium != nil && ExportCommandTests.which("chromedriver") != nil
        && python("selenium", interpreter: "/usr/bin/python3")

    static func script(_ name: String) -> String { packageRoot.appendingPathComponent("Tests/PanekitCLITests/Scripts/\(name)").path }

    /// The players' comparison of `lottie` with the SVG files: `(player, frame, off)` per line.
    func compare(_ lottie: URL, _ svgs: [(Int, String)]) throws -> [(player: String, frame: Int, off: Double)] {
        let ran = try cli.run("/usr/bin/env", ["python3", Self.script("lottie_players.py"), lottie.path] + svgs.map { "\($0.0)=\($0.1)" })
        #expect(ran.status == 0, "\(ran.stderr)")
        return try ran.stdout.split(separator: "\n").map { line in
            let o = try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            return (o["player"] as! String, o["frame"] as! Int, o["off"] as! Double)
        }
    }

    // MARK: - Lottie in rlottie and ThorVG

    /// Each scene's Lottie export drawn by rlottie and ThorVG at every third frame: at most 1 % of the pixels
    /// differ by more than 32/255 from the SVG frame rsvg-convert draws (labels and blurred shadows aside). The
    /// scenes: a 2-D slide with parallax, the swinging door's perspective, Lua plugins, a coloured scrim, and
    /// rounded corners (the sink-back). Every one draws wireframe content in its nodes.
    @Test(
        .enabled(if: ExportPlayerTests.players, ExportPlayerTests.playersNote),
        arguments: ["drawer-parallax", "drawer-swinging-door", "lua-cube-and-fold", "drawer-scrim", "drawer-sink-back"])
    func lottieInRlottieAndThorVGLooksLikeTheSVGFrames(_ scene: String) throws {
        let dir = try cli.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        try comparePlayers("Examples/\(scene).json", every: 3, in: dir)
    }

    /// Images in the players: the sink-back with a PNG in the pane (`cover`) and the left drawer (`fill`), each an
    /// embedded asset placed on its node and masked by its rounded outline, at every sixth frame; the file, with
    /// its image and null layers, validates against the Lottie 1.0 schema.
    @Test(
        .enabled(
            if: ExportPlayerTests.players && ExportPlayerTests.python("jsonschema"),
            "needs rlottie-python, thorvg-python, numpy, jsonschema, rsvg-convert and ffmpeg (Scripts/ensure-deps.sh --tests)"))
    func lottieImagesInRlottieAndThorVGLookLikeTheSVGFrames() throws {
        let dir = try cli.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        // A picture with soft gradients and one hard-edged disc: where it lands shows, not how a player samples it.
        let picture = dir.appendingPathComponent("picture.svg")
        try Data(
            ("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"200\" height=\"400\"><defs><linearGradient id=\"g\" x2=\"1\" y2=\"1\">"
                + "<stop offset=\"0\" stop-color=\"#e0a030\"/><stop offset=\"0.5\" stop-color=\"#c04060\"/>"
                + "<stop offset=\"1\" stop-color=\"#3050c0\"/></linearGradient></defs><rect width=\"200\" height=\"400\" fill=\"url(#g)\"/>"
                + "<circle cx=\"130\" cy=\"260\" r=\"40\" fill=\"#207040\"/></svg>").utf8
        ).write(to: picture)
        let png = dir.appendingPathComponent("picture.png")
        let drawn = try cli.run(try #require(ExportCommandTests.which("rsvg-convert")), [picture.path, "-o", png.path])
        #expect(drawn.status == 0, "\(drawn.stderr)")
        var scenario = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: packageRoot.appendingPathComponent("Examples/drawer-sink-back.json")))
                as? [String: Any])
        var appearance = try #require(scenario["appearance"] as? [String: Any])
        appearance["pane"] = ["image": "picture.png", "fit": "cover"]
        appearance["drawer.left"] = ["image": "picture.png"]
        scenario["appearance"] = appearance
        let file = dir.appendingPathComponent("sink-back-images.json")
        try JSONSerialization.data(withJSONObject: scenario).write(to: file)
        let lottie = try comparePlayers(file.path, every: 6, in: dir)
        let document = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: lottie)) as? [String: Any])
        let assets = try #require(document["assets"] as? [[String: Any]])
        #expect(assets.count == 2 && assets.allSatisfy { ($0["p"] as? String)?.hasPrefix("data:image/png;base64,") == true })
        let valid = try cli.run(
            "/usr/bin/env", ["python3", Self.script("lottie_schema.py"), Self.script("lottie-specs/lottie.schema.json"), lottie.path])
        #expect(valid.status == 0, "\(valid.stdout)\(valid.stderr)")
    }

    /// Renders `scenario` as Lottie and as SVG frames and expects every `every`-th frame within 1 % in both
    /// players; returns the Lottie file.
    @discardableResult
    func comparePlayers(_ scenario: String, every: Int, in dir: URL) throws -> URL {
        let scene = URL(fileURLWithPath: scenario).deletingPathExtension().lastPathComponent
        let lottie = dir.appendingPathComponent("\(scene).lottie.json")
        let made = try cli.panekit(["render", scenario, "--format", "lottie", "--out", lottie.path])
        #expect(made.status == 0, "\(made.stderr)")
        let svgDir = dir.appendingPathComponent("svg/")
        #expect(try cli.panekit(["render", scenario, "--format", "svg", "--out", svgDir.path + "/"]).status == 0)
        let count = try FileManager.default.contentsOfDirectory(atPath: svgDir.path).count
        #expect(count > 30)
        let frames = Array(stride(from: 0, to: count, by: every))
        let results = try compare(lottie, frames.map { ($0, svgDir.appendingPathComponent(String(format: "\(scene)-%04d.svg", $0)).path) })
        #expect(results.count == 2 * frames.count)
        for r in results { #expect(r.off <= 0.01, "\(scene): \(r.player) frame \(r.frame): \(r.off * 100) % of the pixels off") }
        return lottie
    }

    /// `--theme` and the scenario's `appearance` reach the Lottie file: the light theme's white pane, the
    /// appearance's drawer colour, a content layer over each node with a wireframe.
    @Test func lottieTakesTheThemeAndTheAppearance() throws {
        let dir = try cli.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("sink.json")
        let made = try cli.panekit([
            "render", "Examples/drawer-sink-back.json", "--format", "lottie", "--theme", "light", "--out", file.path,
        ])
        #expect(made.status == 0, "\(made.stderr)")
        let document = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        let layers = try #require(document["layers"] as? [[String: Any]])
        func fill(_ name: String) throws -> [Double] {
            let layer = try #require(layers.first { $0["nm"] as? String == name })
            let group = try #require((layer["shapes"] as? [[String: Any]])?.first?["it"] as? [[String: Any]])
            return try #require((group.first { $0["ty"] as? String == "fl" }?["c"] as? [String: Any])?["k"] as? [Double])
        }
        #expect(try fill("pane") == [1, 1, 1, 1])
        let drawer = try fill("drawer.left")
        #expect(abs(drawer[0] - 0x1f / 255.0) < 1e-6 && abs(drawer[1] - 0x5f / 255.0) < 1e-6 && abs(drawer[2] - 0xa8 / 255.0) < 1e-6)
        let names = layers.compactMap { $0["nm"] as? String }
        for role in ["pane", "drawer.left", "drawer.right"] {
            let i = try #require(names.firstIndex(of: role + " content"), "\(names)")
            // Through an affine map a null layer places the wireframe: it follows the content layer.
            #expect(names[i + 1] == role + " content place" && names[i + 2] == role && layers[i]["hasMask"] as? Bool == true)
        }
    }

    // MARK: - The Lottie 1.0 schema

    /// The timeline and fraction-keyed Lottie files validate against the Lottie 1.0 schema (lottie-specs,
    /// vendored under Scripts/lottie-specs), no property's last keyframe has easing handles, and ip, op and fr
    /// are the run's.
    @Test(.enabled(if: ExportPlayerTests.python("jsonschema"), "needs the Python jsonschema package (Scripts/ensure-deps.sh --tests)"))
    func lottieValidatesAgainstTheLottieSchema() throws {
        let dir = try cli.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let scrim = dir.appendingPathComponent("scrim.json"), cube = dir.appendingPathComponent("cube.json")
        let door = dir.appendingPathComponent("door.json"), fold = dir.appendingPathComponent("fold.json")
        #expect(try cli.panekit(["bake", "Plugins/fold.lua", "--format", "lottie", "--steps", "20", "--out", fold.path]).status == 0)
        #expect(try cli.panekit(["render", "Examples/drawer-scrim.json", "--format", "lottie", "--out", scrim.path]).status == 0)
        #expect(try cli.panekit(["render", "Examples/lua-cube-and-fold.json", "--format", "lottie", "--out", cube.path]).status == 0)
        #expect(try cli.panekit(["bake", "mm.swinging-door", "--format", "lottie", "--stretch", "0.1", "--out", door.path]).status == 0)
        let ran = try cli.run(
            "/usr/bin/env",
            [
                "python3", Self.script("lottie_schema.py"), Self.script("lottie-specs/lottie.schema.json"), scrim.path, cube.path,
                door.path,
                fold.path,
            ])
        #expect(ran.status == 0, "\(ran.stdout)\(ran.stderr)")
        let count = try cli.frames(["Examples/drawer-scrim.json"]).count
        let document = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: scrim)) as? [String: Any])
        #expect(document["ip"] as? Int == 0 && document["op"] as? Int == count && document["fr"] as? Int == 30)
    }

    /// The scrim's fill is its colour (not black, the first frame's hidden default) and its opacity is 0 while
    /// it is hidden.
    @Test func lottieScrimHasItsColourAndIsTransparentWhileHidden() throws {
        let dir = try cli.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("scrim.json")
        #expect(try cli.panekit(["render", "Examples/drawer-scrim.json", "--format", "lottie", "--out", file.path]).status == 0)
        let json = try cli.frames(["Examples/drawer-scrim.json"])
        let document = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        let layers = try #require(document["layers"] as? [[String: Any]])
        let scrim = try #require(layers.first { $0["nm"] as? String == "overlay" })
        let group = try #require((scrim["shapes"] as? [[String: Any]])?.first?["it"] as? [[String: Any]])
        let fill = try #require(group.first { $0["ty"] as? String == "fl" })
        let colour = try #require((fill["c"] as? [String: Any])?["k"] as? [Double])
        // #1a237e, the scenario's scrim colour.
        #expect(abs(colour[0] - 0x1a / 255.0) < 1e-3 && abs(colour[1] - 0x23 / 255.0) < 1e-3 && abs(colour[2] - 0x7e / 255.0) < 1e-3)
        // Layer opacity: one value per frame (held runs keep their ends), 0 where the overlay is hidden.
        let keys = try #require(((scrim["ks"] as? [String: Any])?["o"] as? [String: Any])?["k"] as? [[String: Any]])
        func opacity(_ frame: Int) -> Double {
            let before = keys.last { ($0["t"] as! Int) <= frame }!, after = keys.first { ($0["t"] as! Int) >= frame } ?? before
            let (t0, t1) = (before["t"] as! Int, after["t"] as! Int)
            let (v0, v1) = ((before["s"] as! [Double])[0], (after["s"] as! [Double])[0])
            return t1 == t0 ? v0 : v0 + (v1 - v0) * Double(frame - t0) / Double(t1 - t0)
        }
        for (i, frame) in json.enumerated() {
            let node = try #require(ExportCommandTests.nodes(frame).first { $0["role"] as? String == "overlay" })
            let expected = (node["hidden"] as! Bool) ? 0 : (node["alpha"] as! Double) * 100
            #expect(abs(opacity(i) - expected) < 1e-4, "frame \(i)")
        }
    }

    // MARK: - Fraction-keyed Lottie

    /// `bake --format lottie`: markers closed, open and stretch; op the open frame (plus 0.01, so players that end
    /// before op still draw it); rlottie and ThorVG at frame 100·f draw what `panekit sample --fractions 1-f` draws.
    @Test(.enabled(if: ExportPlayerTests.players, ExportPlayerTests.playersNote))
    func fractionLottieHasMarkersAndTheSampledPoses() throws {
        let dir = try cli.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("door.json")
        let made = try cli.panekit(["bake", "mm.swinging-door", "--format", "lottie", "--stretch", "0.1", "--out", file.path])
        #expect(made.status == 0, "\(made.stderr)")
        let document = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        let markers = try #require(document["markers"] as? [[String: Any]])
        #expect(markers.map { $0["cm"] as? String } == ["closed", "open", "stretch"])
        #expect(markers.map { $0["tm"] as? Double } == [0, 100, 100] && markers[2]["dr"] as? Double == 10)
        #expect(document["op"] as? Double == 110.01 && document["ip"] as? Int == 0)
        var svgs: [(Int, String)] = []
        for open in [0, 25, 50, 73, 100, 110] {
            let svg = dir.appendingPathComponent("open-\(open).svg").path
            let closed = 1 - Double(open) / 100
            let ran = try cli.panekit(["sample", "mm.swinging-door", "--fractions", "\(closed)", "--format", "svg", "--out", svg])
            #expect(ran.status == 0, "\(ran.stderr)")
            svgs.append((open, svg))
        }
        for r in try compare(file, svgs) { #expect(r.off <= 0.01, "\(r.player) frame \(r.frame): \(r.off * 100) % off") }
    }

    // MARK: - GIF

    /// At 60 fps no GIF delay is under 2 cs (browsers stretch those to 10 cs) and the GIF lasts the run within 1 cs.
    @Test(.enabled(if: ExportCommandTests.ffprobe != nil, "needs ffmpeg and ffprobe (Scripts/ensure-deps.sh --tests installs them)"))
    func gifAt60FPSHasNoDelayUnder2CentisecondsAndTheRunsLength() throws {
        let dir = try cli.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let ffprobe = try #require(ExportCommandTests.ffprobe)
        let count = try cli.frames(["Examples/drawer-slide.json", "--fps", "60"]).count
        let out = dir.appendingPathComponent("slide.gif")
        let made = try cli.panekit([
            "render", "Examples/drawer-slide.json", "--fps", "60", "--format", "gif", "--scale", "0.2", "--out", out.path,
        ])
        #expect(made.status == 0, "\(made.stderr)")
        let packets = try cli.run(ffprobe, ["-v", "error", "-show_entries", "packet=duration", "-of", "csv=p=0", out.path])
        let delays = packets.stdout.split(separator: "\n").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        #expect(!delays.isEmpty && delays.allSatisfy { $0 >= 2 }, "\(delays)")
        let total = Double(delays.reduce(0, +)) / 100
        #expect(abs(total - Double(count) / 60) <= 0.01 + 1e-9, "\(total) s for \(count) frames at 60 fps")
        let format = try cli.run(ffprobe, ["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", out.path])
        #expect(abs((Double(format.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0) - Double(count) / 60) <= 0.01 + 1e-9)
    }

    // MARK: - SVG ids

    /// Every id is unique in an animated SVG and a contact sheet, shadows of radii that differ below the written
    /// precision included (lua-card-stack-and-material's shadows).
    @Test func svgIdsAreUniqueInAnimatedSVGAndSheets() throws {
        let dir = try cli.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        for format in ["animated-svg", "sheet"] {
            let out = dir.appendingPathComponent("\(format).svg")
            let ran = try cli.panekit(["render", "Examples/lua-card-stack-and-material.json", "--format", format, "--out", out.path])
            #expect(ran.status == 0, "\(ran.stderr)")
            let text = try String(contentsOf: out, encoding: .utf8)
            let ids = text.components(separatedBy: " id=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
            #expect(!ids.isEmpty)
            let repeated = Dictionary(grouping: ids, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted()
            #expect(repeated.isEmpty, "\(format): repeated ids \(repeated)")
            for reference in text.components(separatedBy: "url(#").dropFirst().map({ $0.prefix { $0 != ")" } }) {
                #expect(ids.contains(reference), "\(format): url(#\(reference)) has no element")
            }
        }
    }

    // MARK: - CSS in Chromium

    /// The timeline CSS of the cube-and-fold plugins paused at every frame's time, and the fraction-keyed CSS of
    /// the swinging door at several open fractions, read back from Chromium: each node's quad (its computed
    /// frame, transform-origin and matrix, projected) within 0.5 px of the JSON corners, visibility and opacity
    /// as the frames say.
    @Test(.enabled(if: ExportPlayerTests.selenium, "needs Chromium, chromedriver and Selenium (Scripts/ensure-deps.sh --tests)"))
    func cssInChromiumPutsEveryNodeWhereTheFramesSay() throws {
        let dir = try cli.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        // The timeline export.
        let scenario = "Examples/lua-cube-and-fold.json"
        let css = dir.appendingPathComponent("cube.css")
        #expect(try cli.panekit(["render", scenario, "--format", "css", "--html", "--out", css.path]).status == 0)
        var expected: [[String: Any]] = []
        for (i, frame) in try cli.frames([scenario]).enumerated() {
            expected.append(["time": Double(i) / 30, "nodes": ExportCommandTests.nodes(frame)])
        }
        try check(page: dir.appendingPathComponent("cube.html"), expected: expected, mode: "time", folder: dir)
        // The fraction-keyed export against panekit sample.
        let door = dir.appendingPathComponent("door.css")
        let made = try cli.panekit(["bake", "mm.swinging-door", "--format", "css", "--html", "--out", door.path])
        #expect(made.status == 0, "\(made.stderr)")
        let page = try String(contentsOf: dir.appendingPathComponent("door.html"), encoding: .utf8)
        #expect(page.contains("type=\"range\"") && page.contains("pointermove") && page.contains("href=\"door.css\""))
        let opens = [0, 0.1, 0.25, 0.5, 0.735, 0.9, 1]
        let sampled = try cli.panekit(["sample", "mm.swinging-door", "--fractions", opens.map { "\(1 - $0)" }.joined(separator: ",")])
        let samples = try #require(
            (JSONSerialization.jsonObject(with: Data(sampled.stdout.utf8)) as? [String: Any])?["samples"] as? [[String: Any]])
        expected = zip(opens, samples).map { ["open": $0, "nodes": $1["nodes"]!] }
        try check(page: dir.appendingPathComponent("door.html"), expected: expected, mode: "open", folder: dir)
        // The demo page's pointer drag: 150 px to the right across the 375 pt stage opens the door to 0.4.
        let dragged = try cli.run(
            "/usr/bin/python3", [Self.script("css_quads.py"), dir.appendingPathComponent("door.html").path, "-", "drag"])
        #expect(ran(dragged, opens: 150.0 / 375), "\(dragged.stdout)\(dragged.stderr)")
    }

    /// Whether the drag printed `open F` with F within 0.01 of `opens`.
    func ran(_ result: ExportCommandTests.Ran, opens: Double) -> Bool {
        guard result.status == 0, let line = result.stdout.split(separator: "\n").first(where: { $0.hasPrefix("open ") }),
            let value = Double(line.dropFirst(5))
        else { return false }
        return abs(value - opens) <= 0.01
    }

    /// A Lua plugin bakes to a fraction-keyed CSS file too; the flags of the hand-offs are refused elsewhere.
    @Test func handOffsTakeLuaPluginsAndRefuseMisplacedFlags() throws {
        let dir = try cli.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let css = dir.appendingPathComponent("cube.css")
        let made = try cli.panekit(["bake", "Plugins/cube.lua", "--format", "css", "--steps", "10", "--out", css.path])
        #expect(made.status == 0, "\(made.stderr)")
        let text = try String(contentsOf: css, encoding: .utf8)
        #expect(text.contains("animation-delay: calc(var(--panekit-open) * -1s)") && text.contains("animation-play-state: paused"))
        #expect(text.contains(".panekit-stage { --panekit-open: 0;") && text.contains("@keyframes panekit-pane {\n  0% {"))
        #expect(ExportCommandTests.keyframes(text, "panekit-pane").count == 11)
        let cases: [([String], String)] = [
            (["bake", "mm.parallax", "--steps", "10", "--out", "x.bake.json"], "bake: --steps goes with --format css or lottie"),
            (
                ["bake", "mm.parallax", "--format", "css", "--out", "x.json"],
                "bake: --out: expected a name ending in .css for --format css, got \"x.json\""
            ),
            (["bake", "mm.parallax", "--format", "lottie", "--html", "--out", "x.json"], "bake: --html goes with --format css"),
            (
                ["bake", "mm.parallax", "--format", "css", "--direction", "left", "--direction", "right", "--out", "x.css"],
                "bake: --format css writes one direction; give --direction once"
            ),
        ]
        for (arguments, message) in cases {
            let ran = try cli.panekit(arguments)
            #expect(ran.status == 2 && ran.stderr.contains(message), "\(arguments): \(ran.stderr)")
        }
    }

    /// Runs the Selenium check of `page` against `expected` (`time` or `open`, and `nodes`); every mismatch fails.
    func check(page: URL, expected: [[String: Any]], mode: String, folder: URL) throws {
        let file = folder.appendingPathComponent("expected-\(mode).json")
        try JSONSerialization.data(withJSONObject: expected).write(to: file)
        let ran = try cli.run("/usr/bin/python3", [Self.script("css_quads.py"), page.path, file.path, mode])
        #expect(ran.status == 0, "\(mode): \(ran.stdout)\(ran.stderr)")
        #expect(ran.stdout.contains("checked"), "\(ran.stdout)")
    }
}
