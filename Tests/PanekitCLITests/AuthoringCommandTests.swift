// End-to-end runs of the styler author's loop: a styler without a scenario, --param everywhere, panekit test.

import Foundation
import PaneKitTestSupport
import Testing

/// A scratch folder with a copy of some gallery plugins (and their golden files).
private func scratch(copying plugins: [String] = []) throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("panekit-author-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder.appendingPathComponent("Plugins"), withIntermediateDirectories: true)
    for name in plugins {
        for ext in ["lua", "golden.json"] {
            try FileManager.default.copyItem(
                at: packageRoot.appendingPathComponent("Plugins/\(name).\(ext)"),
                to: folder.appendingPathComponent("Plugins/\(name).\(ext)"))
        }
    }
    return folder
}

private func lastLine(_ text: String) -> String {
    text.split(separator: "\n").last.map(String.init) ?? ""
}

/// The closed fractions of a JSON Lines render, one a frame.
private func fractions(_ jsonl: String) throws -> [Double] {
    try jsonl.split(separator: "\n").map { line in
        let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
        return ((object["fractions"] as! [String: Any]).values.first as! NSNumber).doubleValue
    }
}

@Suite struct StylerWithoutScenarioTests {
    @Test(arguments: ["mm.swinging-door", "Plugins/zoom.lua"])
    func renderRunsTheDemoTimeline(styler: String) throws {
        let result = try runPanekit(["render", styler, "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let closed = try fractions(result.stdout)
        // Open, past open during the pan, back, closed, and the bounce: it starts and ends closed.
        #expect(closed.first == 1)
        #expect(closed.last == 1)
        #expect(closed.contains(0))
        #expect(closed.min()! < -0.02, "the pan goes past open")
        #expect(result.stdout.contains("\"state\":\"bouncing\""))
    }

    @Test func playPrintsTheDemoWhenPiped() throws {
        for styler in ["ms.fade", "Plugins/cube.lua"] {
            let result = try runPanekit(["play", styler, "--grid", "40x12"])
            #expect(result.status == 0, "\(styler): \(result.stderr)")
            #expect(result.stdout.contains("frame 0 "))
            #expect(result.stdout.components(separatedBy: "\nframe ").count > 100, "a few seconds at 60 fps")
        }
    }

    @Test func aDemoOnAnotherContainerAndDirection() throws {
        let result = try runPanekit(["render", "ms.fade", "--container", "dynamics", "--direction", "top", "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("\"container\":\"dynamics\""))
        #expect(result.stdout.contains("\"fractions\":{\"top\":"))
    }

    @Test(arguments: ["ms.parallax", "sidemenu.menu-slide-in"])
    func theDemoPansPartWayBackWhereTheContainerStopsAtOpen(styler: String) throws {
        let result = try runPanekit(["render", styler, "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        let dragged = try fractions(lines.filter { $0.contains("\"state\":\"dragging\"") }.joined(separator: "\n"))
        #expect(dragged.max()! > 0.05, "the pan pulls the drawer part way back")
        // Released, it springs back open before the timeline closes it.
        let closed = try fractions(result.stdout)
        let lastDrag = lines.lastIndex { $0.contains("\"state\":\"dragging\"") }!
        #expect(closed[lastDrag...].contains(0))
        #expect(closed.last == 1)
    }

    @Test func aPluginIsShownOnADirectionItStyles() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        try "return { directions = { \"top\" }, style = function(ctx) return { pane = { alpha = ctx.closed } } end }\n"
            .write(to: folder.appendingPathComponent("top-only.lua"), atomically: true, encoding: .utf8)
        let render = try runPanekit(["render", "top-only.lua", "--format", "json", "--frames", "0..0"], in: folder)
        #expect(render.status == 0, "\(render.stderr)")
        #expect(render.stdout.contains("\"container\":\"dynamics\",\"state\":\"opening\",\"fractions\":{\"top\":1}"), "\(render.stdout)")
        #expect(render.stderr.isEmpty, "no styler failure: \(render.stderr)")
        let plot = try runPanekit(["plot", "top-only.lua"], in: folder)
        #expect(plot.stdout.contains("top drawer of a 375×667 dynamics container"))
    }

    @Test func anUnknownStylerGetsASuggestion() throws {
        let result = try runPanekit(["render", "mm.paralax"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("did you mean \"mm.parallax\"?"), "\(result.stderr)")
    }

    @Test func renderWritesFilesNamedAfterTheStyler() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try runPanekit(["render", "mm.slide", "--format", "sheet", "--out", folder.path + "/"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("mm.slide.svg").path))
    }
}

@Suite struct ParamFlagTests {
    @Test func paramChangesTheFramesOfRenderAndPlay() throws {
        for command in [["render", "--format", "json"], ["play", "--grid", "60x20"]] {
            let plain = try runPanekit([command[0], "Plugins/zoom.lua"] + command.dropFirst())
            let small = try runPanekit([command[0], "Plugins/zoom.lua", "--param", "scale=0.3"] + command.dropFirst())
            let qualified = try runPanekit([command[0], "Plugins/zoom.lua", "--param", "zoom.scale=0.3"] + command.dropFirst())
            #expect(plain.status == 0 && small.status == 0 && qualified.status == 0, "\(small.stderr)\(qualified.stderr)")
            #expect(plain.stdout != small.stdout, "\(command[0]): --param changed nothing")
            #expect(small.stdout == qualified.stdout)
        }
    }

    @Test func paramReachesTheStylersOfAScenario() throws {
        let plain = try runPanekit(["render", "Examples/drawer-parallax.json", "--format", "json"])
        let changed = try runPanekit(["render", "Examples/drawer-parallax.json", "--format", "json", "--param", "factor=5"])
        #expect(changed.status == 0, "\(changed.stderr)")
        #expect(plain.stdout != changed.stdout)
    }

    @Test(arguments: [
        (["render", "Plugins/zoom.lua", "--param", "scal=0.5"], "--param scal: unknown parameter of zoom; did you mean \"scale\"?"),
        (["play", "mm.parallax", "--param", "facter=3"], "unknown parameter of mm.parallax; did you mean \"factor\"?"),
        (["sample", "mm.parallax", "--param", "speed=2"], "unknown parameter of mm.parallax; allowed: factor"),
        (
            ["plot", "mm.parallax", "--param", "mm.paralax.factor=2"],
            "\"mm.paralax\" is not a styler of this run; did you mean \"mm.parallax\"?"
        ),
        (["render", "Examples/lua-zoom-out-and-airbnb.json", "--param", "scale=0.5"], "several stylers take \"scale\""),
    ])
    func unknownOrAmbiguousNamesAreUsageErrors(arguments: [String], message: String) throws {
        let result = try runPanekit(arguments)
        #expect(result.status == 2, "\(arguments): \(result.stderr)")
        #expect(result.stderr.contains(message), "stderr was: \(result.stderr)")
    }

    @Test func aBadValueIsBadInput() throws {
        let result = try runPanekit(["render", "mm.parallax", "--param", "factor=0.2"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("factor: expected a number ≥ 1"), "\(result.stderr)")
    }
}

@Suite struct PluginTestCommandTests {
    @Test func theGalleryPasses() throws {
        let result = try runPanekit(["test", "Plugins"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let plugins = try FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent("Plugins").path)
            .filter { $0.hasSuffix(".lua") && !$0.hasSuffix(".d.lua") }
        #expect(lastLine(result.stdout) == "\(plugins.count) passed, 0 failed")
        #expect(result.stdout.contains("Plugins/zoom.lua: ok (216 samples, 3 expectations)"))
    }

    @Test func aChangedFormulaFailsWithThePlace() throws {
        let folder = try scratch(copying: ["zoom"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let plugin = folder.appendingPathComponent("Plugins/zoom.lua")
        let source = try String(contentsOf: plugin, encoding: .utf8)
        try source.replacingOccurrences(of: "ctx.reveal * 0.2", with: "ctx.reveal * 0.25").write(
            to: plugin, atomically: true, encoding: .utf8)
        let result = try runPanekit(["test", "Plugins"], in: folder)
        #expect(result.status == 1)
        #expect(lastLine(result.stdout) == "0 passed, 1 failed")
        #expect(result.stdout.contains("Plugins/zoom.lua: FAILED"))
        // The golden frames: direction, fraction, role, key path, expected and actual.
        #expect(
            result.stdout.contains("Plugins/zoom.golden.json: left, closed 0: pane.transform[13]: expected 56, got 70"), "\(result.stdout)")
        // The declared expectation.
        #expect(result.stdout.contains("Plugins/zoom.lua:10: tests[1] (left, closed 0.5): pane.translate[1]: expected 28, got 35"))

        let json = try runPanekit(["test", "Plugins", "--json"], in: folder)
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as! [String: Any]
        #expect(object["failed"] as? Int == 1)
        let failures = ((object["plugins"] as! [[String: Any]])[0]["failures"] as! [[String: Any]])
        let expectation = failures.first { $0["kind"] as? String == "expectation" }!
        #expect(expectation["role"] as? String == "pane")
        #expect(expectation["key"] as? String == "translate[1]")
        #expect(expectation["expected"] as? String == "28")
        #expect(expectation["actual"] as? String == "35")
        #expect(json.stderr.contains("0 passed, 1 failed"))
        let golden = failures.first { $0["kind"] as? String == "golden" }!
        #expect(golden["role"] as? String == "pane")
        #expect(golden["key"] as? String == "transform[13]")
        #expect(golden["closed"] as? Double == -0.2)
    }

    @Test func recordRewritesTheGolden() throws {
        let folder = try scratch(copying: ["eased-parallax"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let plugin = folder.appendingPathComponent("Plugins/eased-parallax.lua")
        let golden = folder.appendingPathComponent("Plugins/eased-parallax.golden.json")
        let before = try String(contentsOf: golden, encoding: .utf8)
        // A change the declared tests do not see (they use linear or the ends), so only the golden fails.
        let source = try String(contentsOf: plugin, encoding: .utf8)
        try source.replacingOccurrences(of: "default = \"easeOut\"", with: "default = \"easeInEaseOut\"")
            .write(to: plugin, atomically: true, encoding: .utf8)
        #expect(try runPanekit(["test", "Plugins"], in: folder).status == 1)
        let recorded = try runPanekit(["test", "Plugins/eased-parallax.lua", "--record"], in: folder)
        #expect(recorded.status == 0, "\(recorded.stdout)")
        #expect(recorded.stdout.contains("recorded Plugins/eased-parallax.golden.json"))
        #expect(try String(contentsOf: golden, encoding: .utf8) != before)
        let again = try runPanekit(["test", "Plugins"], in: folder)
        #expect(again.status == 0, "\(again.stdout)")
        #expect(lastLine(again.stdout) == "1 passed, 0 failed")
    }

    @Test func expectationsHonourTheirTolerance() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        func write(_ tolerance: String) throws {
            try """
            return {
              tests = {
                { closed = 0.5, direction = "left", expect = { pane = { translate = { 140.004, 0 }, alpha = 0.5 } }\(tolerance) },
              },
              style = function(ctx) return { pane = { translate = { ctx.open * 280, 0 }, alpha = ctx.closed } } end,
            }
            """.write(to: folder.appendingPathComponent("Plugins/near.lua"), atomically: true, encoding: .utf8)
        }
        try write("")
        #expect(try runPanekit(["test", "Plugins/near.lua", "--record"], in: folder).status == 1)
        let strict = try runPanekit(["test", "Plugins/near.lua"], in: folder)
        #expect(strict.status == 1)
        #expect(
            strict.stdout.contains("Plugins/near.lua:3: tests[1] (left, closed 0.5): pane.translate[1]: expected 140.004, got 140"),
            "\(strict.stdout)")
        try write(", tolerance = 0.01")
        let loose = try runPanekit(["test", "Plugins/near.lua"], in: folder)
        #expect(loose.status == 0, "\(loose.stdout)")
        #expect(lastLine(loose.stdout) == "1 passed, 0 failed")
    }

    @Test func aBadTestsTableIsAManifestError() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        try """
        return {
          params = { scale = { default = 1 } },
          tests = { { closed = 0.5, params = { scael = 2 }, expect = { pane = { alpha = 1 } }, tolerence = 1 } },
          style = function(ctx) return {} end,
        }
        """.write(to: folder.appendingPathComponent("Plugins/bad.lua"), atomically: true, encoding: .utf8)
        let result = try runPanekit(["test", "Plugins"], in: folder)
        #expect(result.status == 1)
        #expect(result.stdout.contains("tests[1].params.scael: unknown parameter; did you mean \"scale\"?"), "\(result.stdout)")
        #expect(result.stdout.contains("tests[1].tolerence: unknown key"), "\(result.stdout)")
    }

    @Test func aMissingGoldenSaysHowToRecordIt() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try runPanekit(["new", "wobble"], in: folder).status == 0)
        let result = try runPanekit(["test"], in: folder)
        #expect(result.status == 1)
        #expect(
            result.stdout.contains("Plugins/wobble.golden.json: no golden file; write it with panekit test Plugins/wobble.lua --record"))
        #expect(try runPanekit(["test", "--record"], in: folder).status == 0)
        #expect(lastLine(try runPanekit(["test"], in: folder).stdout) == "1 passed, 0 failed")
        // The starter's own tests catch a changed formula, and the golden names the drawer's role whole.
        let plugin = folder.appendingPathComponent("Plugins/wobble.lua")
        try String(contentsOf: plugin, encoding: .utf8).replacingOccurrences(
            of: "ctx.reveal * ctx.params.lag", with: "ctx.reveal * ctx.params.lag * 1.1"
        )
        .write(to: plugin, atomically: true, encoding: .utf8)
        let changed = try runPanekit(["test"], in: folder)
        #expect(
            changed.stdout.contains("Plugins/wobble.lua:33: tests[1] (left, closed 1): drawer.translate[1]: expected -84, got -92.4"),
            "\(changed.stdout)")
        #expect(
            changed.stdout.contains("Plugins/wobble.golden.json: left, closed 0.05: drawer.left.transform[13]: expected -4.2, got -4.62"))
    }
}

@Suite struct PlayWatchTests {
    /// Runs a script with a deadline, so a hung player fails the test instead of blocking the suite.
    private func run(_ arguments: [String], timeout: Double) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let deadline = DispatchWorkItem { if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: deadline)
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        deadline.cancel()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test func aRejectedReloadStaysOnTheStatusLineUntilAGoodSave() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try runPanekit(["new", "wobble"], in: folder).status == 0)
        let script = packageRoot.appendingPathComponent("Tests/PanekitCLITests/Scripts/play_watch_status.py").path
        let result = try run(["python3", script, panekitBinary.path, folder.path], timeout: 120)
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("rejected: "), "\(result.output)")
        #expect(result.output.contains("fixed: "), "\(result.output)")
    }

    @Test func aPluginReplacedByAFIFOIsNotReloadedAndTheStatusLineSaysSo() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try runPanekit(["new", "wobble"], in: folder).status == 0)
        let script = packageRoot.appendingPathComponent("Tests/PanekitCLITests/Scripts/play_watch_fifo.py").path
        let result = try run(["python3", script, panekitBinary.path, folder.path], timeout: 120)
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("fifo: "), "\(result.output)")
        #expect(result.output.contains("fixed: "), "\(result.output)")
    }

    @Test func watchingLoopsTheDemoRestartsItOnASaveAndWrapsALongError() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try runPanekit(["new", "wobble"], in: folder).status == 0)
        let script = packageRoot.appendingPathComponent("Tests/PanekitCLITests/Scripts/play_watch_loop.py").path
        let result = try run(["python3", script, panekitBinary.path, folder.path], timeout: 180)
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("second pass: frame "), "\(result.output)")
        #expect(result.output.contains("| demo: bounce"), "\(result.output)")
        #expect(result.output.contains("reloaded: "), "\(result.output)")
        #expect(result.output.contains("wrapped: "), "\(result.output)")
    }
}

@Suite struct DemoPartTests {
    /// The JSON frames of `arguments` as (time, state) pairs.
    private func states(_ arguments: [String]) throws -> [String] {
        let result = try runPanekit(["render"] + arguments + ["--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout.split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["state"] as? String
        }
    }

    @Test func basicIsOpenPanClose() throws {
        let full = try states(["mm.slide"])
        let basic = try states(["mm.slide", "--demo", "basic"])
        #expect(full.contains("bouncing"))
        #expect(!basic.contains("bouncing") && basic.contains("dragging") && basic.contains("opening") && basic.contains("closing"))
        #expect(basic.last == "closed" && basic.count < full.count)
        #expect(try states(["mm.slide", "--demo", "full"]) == full)
        // The adaptive demo's basic part opens and closes without widening.
        let adaptive = try states(["mm.slide", "--container", "adaptive", "--demo", "basic"])
        #expect(!adaptive.contains("resizing") && adaptive.contains("opening") && adaptive.last == "closed")
        #expect(try states(["mm.slide", "--container", "dynamics", "--demo", "basic"]).contains("bouncing") == false)
    }

    @Test func demoTakesOnlyItsParts() throws {
        let result = try runPanekit(["play", "mm.slide", "--demo", "bsic"])
        #expect(result.status == 2)
        #expect(result.stderr == "panekit play: --demo: expected one of basic, full, got \"bsic\"; did you mean \"basic\"?\n")
        for command in ["play", "render", "studio"] {
            #expect(try runPanekit([command, "--help"]).stdout.contains("--demo PART"), "\(command)")
        }
    }
}

@Suite struct CheckGridCommandTests {
    @Test func checkCatchesAFailureInOneStateAndNamesIt() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = """
            return {
              style = function(ctx)
                local t
                if ctx.state == "bouncing" then return { pane = { alpha = t.x } } end
                return { pane = { alpha = 1 } }
              end,
            }
            """
        try source.write(to: folder.appendingPathComponent("Plugins/bouncy.lua"), atomically: true, encoding: .utf8)
        let result = try runPanekit(["check", "Plugins/bouncy.lua"], in: folder)
        #expect(result.status == 1)
        #expect(
            result.stdout
                == "Plugins/bouncy.lua:4: attempt to index a nil value (local 't') (left, closed -0.1, bouncing, drawer)\n")
    }
}

@Suite struct SampleAndPlotTests {
    @Test func sampleDrawsEachFraction() throws {
        let ascii = try runPanekit(["sample", "Plugins/zoom.lua", "--format", "ascii", "--fractions", "1,0.5", "--grid", "40x10"])
        #expect(ascii.status == 0, "\(ascii.stderr)")
        #expect(ascii.stdout.hasPrefix("zoom  left  closed 1\n+"))
        #expect(ascii.stdout.contains("\nzoom  left  closed 0.5\n"))
        #expect(ascii.stdout.contains("drawer.left"))
        let one = try runPanekit(["sample", "mm.slide", "--format", "svg", "--fractions", "0.5"])
        #expect(one.stdout.hasPrefix("<svg") || one.stdout.hasPrefix("<?xml"))
        let sheet = try runPanekit(["sample", "mm.slide", "--format", "svg"])
        #expect(sheet.stdout.contains("mm.slide: left drawer, closed 1, 0.75, 0.5, 0.25, 0"))
        let png = try runPanekit(["sample", "mm.slide", "--format", "png"])
        #expect(png.status == 2)
        #expect(png.stderr.contains("--format png writes a file; give --out FILE.png"))
    }

    @Test func sampleJSONCarriesShadowAndColour() throws {
        let result = try runPanekit(["sample", "material-scrim", "--fractions", "0.5"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("\"hidden\":false,\"corners\":[[0,0],[375,0],[375,667],[0,667]],\"color\":\"#000000\"}"))
        #expect(result.stdout.contains("\"shadow\":{\"radius\":16,\"opacity\":0.175,\"offset\":[2,0],\"color\":\"#000000\"}"))
    }

    @Test func plotTakesARangeAndShowsTheEyeDistance() throws {
        let result = try runPanekit(["plot", "cube", "--range", "-0.5..0.5"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains(">eye distance (pt)</text>"))
        #expect(result.stdout.contains(">1000</text>"), "the eye distance axis is labelled around 1000")
        #expect(result.stdout.contains("text-anchor=\"middle\" fill=\"#444444\">-0.5</text>"), "the x axis starts at the range")
        #expect(!result.stdout.contains("text-anchor=\"middle\" fill=\"#444444\">0.75</text>"), "nothing past the range")
        let bad = try runPanekit(["plot", "cube", "--range", "1..0"])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("--range: expected A..B"))
    }
}

@Suite struct NewAndCheckTests {
    @Test func theRepositoryStubsAreTheOnesNewWrites() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try runPanekit(["new", "--stubs"], in: folder)
        #expect(result.stdout == "wrote Plugins/panekit.d.lua\n", "\(result.stderr)")
        // The build embeds Plugins/panekit.d.lua in PaneKitLua, so what `new` writes is that file, byte for byte.
        let written = try Data(contentsOf: folder.appendingPathComponent("Plugins/panekit.d.lua"))
        let repository = try Data(contentsOf: packageRoot.appendingPathComponent("Plugins/panekit.d.lua"))
        #expect(written == repository)
    }

    @Test func aBinaryCopiedElsewhereCarriesTheStubsAndTheStudioPage() throws {
        // The build embeds the files in the code: no resource bundle has to sit beside the binary.
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let binary = folder.appendingPathComponent("panekit")
        try FileManager.default.copyItem(at: panekitBinary, to: binary)
        let stubs = try runProgram(binary, ["new", "--stubs", "."], in: folder)
        #expect(stubs.status == 0, "\(stubs.stderr)")
        let repository = try Data(contentsOf: packageRoot.appendingPathComponent("Plugins/panekit.d.lua"))
        #expect(try Data(contentsOf: folder.appendingPathComponent("panekit.d.lua")) == repository)
        let render = try runProgram(binary, ["render", "mm.slide", "--format", "html", "--out", "page.html"], in: folder)
        #expect(render.status == 0, "\(render.stderr)")
        let page = try String(contentsOf: folder.appendingPathComponent("page.html"), encoding: .utf8)
        for name in ["studio.css", "stage.js", "transport.js", "inspector.js", "curves.js", "knobs.js", "live.js"] {
            let asset = packageRoot.appendingPathComponent("Sources/PaneKitStudio/Assets/\(name)")
            #expect(page.contains(try String(contentsOf: asset, encoding: .utf8)), "\(name)")
        }
    }

    @Test func newWritesTheStubsBesideANewPlugin() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try runPanekit(["new", "wobble"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("wrote Plugins/wobble.lua\nwrote Plugins/panekit.d.lua"))
        let source = try String(contentsOf: folder.appendingPathComponent("Plugins/wobble.lua"), encoding: .utf8)
        #expect(source.contains("panekit.d.lua beside this file"))
        #expect(!source.contains("Plugins/panekit.d.lua"))
        // A second plugin leaves the stubs alone.
        #expect(!(try runPanekit(["new", "wibble"], in: folder).stdout.contains("panekit.d.lua")))
    }

    @Test(arguments: [
        (["new", "mm.slide"], "mm.slide: the name is already taken by a built-in styler; choose another name"),
        (["new", "Missing/bar.lua"], "Missing: no such folder; create it first (mkdir -p Missing) or give a path in an existing folder"),
    ])
    func newExplainsWhatToDo(arguments: [String], message: String) throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try runPanekit(arguments, in: folder)
        #expect(result.status == 1)
        #expect(result.stderr == "panekit new: \(message)\n", "\(result.stderr)")
    }

    @Test func checkTakesAFolder() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try runPanekit(["new", "wobble"], in: folder).status == 0)
        try "return { style = function(ctx) return { panes = {} } end }\n"
            .write(to: folder.appendingPathComponent("Plugins/broken.lua"), atomically: true, encoding: .utf8)
        let result = try runPanekit(["check", "Plugins"], in: folder)
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix("Plugins/broken.lua:1: panes: unknown role"), "\(result.stdout)")
        #expect(result.stdout.withoutCallCost.hasSuffix("Plugins/wobble.lua: ok\n"))
        #expect(result.stderr == "panekit check: 1 of 2 plugins failed\n", "the command's name once")
    }
}
