// panekit-bench: the speed and memory figures of docs/performance.md, measured in this build.

import CAllocationCounter
import CLuaHarness
import Foundation
import PaneKit
import PaneKitLua
import PaneKitRender

enum Bench {
    static let help = """
        usage: panekit-bench [--json] [--only LIST] [--styler FILE.lua] [--iterations N] [--runs R] [--plugins DIR]
               (or panekit bench …, which runs the panekit-bench built beside panekit)

        Measures PaneKit in this build (use a release build: swift run -c release panekit-bench). Each figure is
        the median of R runs (default 7) with the minimum and maximum; the machine is shared and noisy, so
        compare medians and ratios, not single runs.
          --iterations N   frames per run of the drawer scene (default 200000)
          --runs R         runs per figure (default 7)
          --styler FILE    the Lua plugin whose style call is timed through PaneKit and through a plain C
                           harness (default: Plugins/cube.lua)
          --plugins DIR    the gallery plugins for the Lua figures (default ./Plugins)
          --json           one JSON object of figures (medians), with "spread": {key: [min, max]}
          --only LIST      only these figures, for profiling one under callgrind: a comma-separated list of
                           the names below, or of --json keys (which measure their group, report themselves)
          --calls          the same as --only calls

        Figures (--only):
        \(BenchGroup.help)

        """

    /// One reported figure: a key (a contract for tools), a label, its unit, the target, and the measurement.
    struct Row {
        var key: String
        var label: String
        var unit: String
        var target: String
        var figure: Figure
    }

    static func run(_ arguments: [String]) throws(BenchError) {
        let args = try BenchArguments(
            arguments, valued: ["styler", "iterations", "runs", "plugins", "only"], switches: ["json", "help", "calls"])
        if args.has("help") { return print(help, terminator: "") }
        let iterations = try args.int("iterations", where: { $0 >= 1000 }, expected: "a whole number ≥ 1000") ?? 200_000
        let runs = try args.int("runs", where: { $0 >= 1 && $0 <= 101 }, expected: "a whole number from 1 to 101") ?? 7
        var selection = BenchSelection.all
        if let only = args.value("only") { selection = try BenchSelection(only: only) }
        if args.has("calls") {
            guard args.value("only") == nil else { throw .usage("--calls is --only calls; give one of them") }
            selection = try BenchSelection(only: "calls")
        }

        var inputs = BenchInputs(folder: args.value("plugins") ?? "Plugins", stylerPath: args.value("styler"))
        var rows: [Row] = []
        for group in selection.groups {
            let measured: [Row]
            do {
                measured = try measure(group, iterations: iterations, runs: runs, inputs: &inputs)
            } catch let error as BenchError {
                throw error
            } catch {
                throw .input("\(error)")
            }
            // A group whose tool is missing (video without ffmpeg) reports nothing.
            assert(measured.isEmpty || measured.map(\.key) == group.keys, "\(group) reports the keys it declares")
            rows += measured.filter { selection.keys.contains($0.key) }
        }

        if args.has("json") {
            var out = "{"
            out += rows.map { "\"\($0.key)\":\(NumberFormat.string($0.figure.median))" }.joined(separator: ",")
            out += ",\"runs\":\(runs),\"spread\":{"
            out += rows.map { "\"\($0.key)\":[\(NumberFormat.string($0.figure.min)),\(NumberFormat.string($0.figure.max))]" }
                .joined(separator: ",")
            out += "}}\n"
            print(out, terminator: "")
        } else {
            var out = "figure".padding(toLength: 48, withPad: " ", startingAt: 0) + "median        min        max  unit      target\n"
            for row in rows {
                out += row.label.padding(toLength: 46, withPad: " ", startingAt: 0)
                for value in [row.figure.median, row.figure.min, row.figure.max] {
                    let text = NumberFormat.string((value * 100).rounded() / 100)
                    out += String(repeating: " ", count: max(1, 10 - text.count)) + text + " "
                }
                out += " \(row.unit.padding(toLength: 9, withPad: " ", startingAt: 0)) \(row.target)\n"
            }
            print(out, terminator: "")
        }
    }

    /// The rows of `group`, measured with `iterations` (frames of the drawer scene; the other figures scale from it)
    /// and `runs` runs each; their keys are the group's `keys`, in order.
    static func measure(_ group: BenchGroup, iterations: Int, runs: Int, inputs: inout BenchInputs) throws -> [Row] {
        let key = group.keys
        let calls = max(iterations / 2, 1000)
        switch group {
        case .drawer:
            return [
                Row(
                    key: key[0], label: "host, drawer scene, built-in stylers", unit: "ns/frame", target: "≤ 1000",
                    figure: try drawerNanoseconds(frames: iterations, runs: runs))
            ]
        case .luaScene:
            return [
                Row(
                    key: key[0], label: "host, drawer scene plus two Lua stylers", unit: "ns/frame", target: "",
                    figure: try luaSceneNanoseconds(try inputs.catalog(), frames: max(iterations / 10, 1000), runs: runs))
            ]
        case .stylerCall:
            let plugin = try inputs.styler()
            return try callComparison(
                plugin, calls: calls, runs: runs, subject: "\(plugin.name).lua style call", keys: (key[0], key[1], key[2]),
                host: ("plain C harness", "the C harness", harnessNanoseconds), target: "≤ 1.3")
        case .simpleCall:
            return try callComparison(
                try LuaPlugin(source: simpleStyler, path: "simple.lua"), calls: calls, runs: runs, subject: "simple styler call",
                keys: (key[0], key[1], key[2]), host: ("bare C host", "the bare C host", bareHostNanoseconds), target: "≤ 1.5")
        case .heap:
            return [
                Row(
                    key: key[0], label: "Lua heap of a loaded gallery plugin (largest)", unit: "bytes", target: "< 65536",
                    figure: try luaHeap(try inputs.catalog()))
            ]
        case .allocations:
            return [
                Row(
                    key: key[0], label: "allocations per frame after warm-up", unit: "", target: "0",
                    figure: Figure(single: try allocationsPerFrame(frames: 24_000)))
            ]
        case .callAllocations:
            let simple = try LuaPlugin(source: simpleStyler, path: "simple.lua")
            return [
                Row(
                    key: key[0], label: "host allocations per Lua call after warm-up", unit: "", target: "0",
                    figure: Figure(single: try luaAllocationsPerCall(simple, calls: 20_000)))
            ]
        case .rss:
            return [
                Row(
                    key: key[0], label: "resident memory growth over 1,000,000 frames", unit: "bytes", target: "< 1000000",
                    figure: Figure(single: Double(try residentGrowth(frames: 1_000_000))))
            ]
        case .ascii:
            let frames = try sceneFrames(count: 240)
            return [
                Row(
                    key: key[0], label: "ASCII render, 80×24", unit: "ns/frame", target: "≤ 20000",
                    figure: asciiNanoseconds(frames, columns: 80, rows: 24, runs: runs)),
                Row(
                    key: key[1], label: "ASCII render, 200×60", unit: "ns/frame", target: "",
                    figure: asciiNanoseconds(frames, columns: 200, rows: 60, runs: runs)),
            ]
        case .svg:
            return [
                Row(
                    key: key[0], label: "SVG render", unit: "ns/frame", target: "≤ 30000",
                    figure: svgNanoseconds(try sceneFrames(count: 240), runs: runs))
            ]
        case .sheet:
            return [
                Row(
                    key: key[0], label: "1,000-frame contact sheet, whole process", unit: "s", target: "< 0.5",
                    figure: try sheetSeconds(runs: runs))
            ]
        case .coldStart:
            return [
                Row(
                    key: key[0], label: "panekit stylers, whole process", unit: "ms", target: "< 50",
                    figure: try Measure.processMilliseconds(["stylers"], runs: runs))
            ]
        case .pager: return try pagerRows(keys: key, frames: max(iterations / 4, 1200), runs: runs)
        case .video:
            guard let video = try videoMilliseconds(runs: runs) else { return [] }
            return [
                Row(key: key[0], label: "MP4 of drawer-sink-back, 375×667, per frame", unit: "ms", target: "≤ 7", figure: video)
            ]
        }
    }

    /// The three rows that compare `plugin`'s style call through PaneKit with the same call in a C host: the time
    /// per call of each (PaneKit's measured first) and PaneKit's over the host's, the ratio held to `target`.
    /// - Parameters:
    ///   - subject: what is called, starting both time labels (`simple styler call`).
    ///   - keys: the rows' keys: PaneKit's time, the host's time, the ratio.
    ///   - host: the host's name in its time's label (`bare C host`), in the ratio's label (`the bare C host`), and
    ///     how it is timed.
    static func callComparison(
        _ plugin: LuaPlugin, calls: Int, runs: Int, subject: String, keys: (paneKit: String, host: String, ratio: String),
        host: (label: String, ratioLabel: String, nanoseconds: (LuaPlugin, Int, Int) throws -> Figure), target: String
    ) throws -> [Row] {
        let paneKit = try luaCallNanoseconds(plugin, calls: calls, runs: runs)
        let other = try host.nanoseconds(plugin, calls, runs)
        return [
            Row(key: keys.paneKit, label: "\(subject) through PaneKit", unit: "ns/call", target: "", figure: paneKit),
            Row(key: keys.host, label: "\(subject), \(host.label)", unit: "ns/call", target: "", figure: other),
            Row(
                key: keys.ratio, label: "PaneKit over \(host.ratioLabel)", unit: "×", target: target,
                figure: Figure(single: paneKit.median / other.median)),
        ]
    }

    // MARK: - The drawer scene

    /// Two drawers, three built-in stylers, and a 4-second cycle: open left, close, bounce right, open right,
    /// full-close replacement.
    static func drawerHost() -> PaneHost {
        let config = DrawerConfiguration(size: Size(width: 375, height: 667), widths: [.left: 280, .right: 200])
        return PaneHost(
            container: DrawerContainer(config), fps: 60,
            stylers: [.left: [MMParallaxStyler(), MMStretchStyler()], .right: [MMSlideAndScaleStyler()]])
    }

    /// Advances `host` by one frame of the cycle, delivering the cycle's actions by frame number.
    @inline(__always)
    static func cycleStep(_ host: inout PaneHost, _ frame: inout Frame) throws {
        switch host.frameIndex % 240 {
        case 0: host.perform(.open(.left))
        case 40: host.perform(.close())
        case 70: host.perform(.bounce(.right))
        case 130: host.perform(.open(.right))
        case 170: host.perform(.replaceCenter(.fullClose))
        default: break
        }
        try host.step(into: &frame)
    }

    static func drawerNanoseconds(frames: Int, runs: Int) throws -> Figure {
        var host = drawerHost()
        var frame = try host.step()
        for _ in 0..<2400 { try cycleStep(&host, &frame) }
        return try Measure.nanoseconds(runs: runs, per: frames) {
            for _ in 0..<frames { try cycleStep(&host, &frame) }
        }
    }

    static func allocationsPerFrame(frames: Int) throws -> Double {
        guard pk_allocations_available() == 1 else { return -1 }
        var host = drawerHost()
        var frame = try host.step()
        for _ in 0..<2400 { try cycleStep(&host, &frame) }
        pk_allocations_begin()
        for _ in 0..<frames { try cycleStep(&host, &frame) }
        return Double(pk_allocations_end()) / Double(frames)
    }

    static func residentGrowth(frames: Int) throws -> Int {
        var host = drawerHost()
        var frame = try host.step()
        for _ in 0..<2400 { try cycleStep(&host, &frame) }
        let before = Measure.residentBytes() ?? 0
        for _ in 0..<frames { try cycleStep(&host, &frame) }
        let after = Measure.residentBytes() ?? 0
        return after - before
    }

    // MARK: - Renderers

    /// `count` frames of the drawer scene, after one warm-up cycle.
    static func sceneFrames(count: Int) throws -> [Frame] {
        var host = drawerHost()
        var frame = try host.step()
        for _ in 0..<240 { try cycleStep(&host, &frame) }
        var frames: [Frame] = []
        for _ in 0..<count {
            try cycleStep(&host, &frame)
            frames.append(frame)
        }
        return frames
    }

    static func asciiNanoseconds(_ frames: [Frame], columns: Int, rows: Int, runs: Int) -> Figure {
        let renderer = ASCIIRenderer(columns: columns, rows: rows)
        var canvas = ASCIICanvas(columns: columns, rows: rows)
        var out = TextBuffer(capacity: (columns + 1) * rows)
        let rounds = max(1, 20_000 / frames.count)
        var bytes = 0
        let figure = Measure.nanoseconds(runs: runs, per: rounds * frames.count) {
            for _ in 0..<rounds {
                for frame in frames {
                    out.removeAll()
                    renderer.render(frame, canvas: &canvas, into: &out)
                    bytes &+= out.count
                }
            }
        }
        precondition(bytes > 0)
        return figure
    }

    static func svgNanoseconds(_ frames: [Frame], runs: Int) -> Figure {
        let renderer = SVGRenderer()
        let rounds = max(1, 5_000 / frames.count)
        var bytes = 0
        let figure = Measure.nanoseconds(runs: runs, per: rounds * frames.count) {
            for _ in 0..<rounds {
                for frame in frames { bytes &+= renderer.render(frame).utf8.count }
            }
        }
        precondition(bytes > 0)
        return figure
    }

    /// The wall time of `panekit render SCENARIO --format sheet --out FILE` for a 1,000-frame drawer scenario,
    /// process start included.
    static func sheetSeconds(runs: Int) throws -> Figure {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "panekit-bench-\(ProcessInfo.processInfo.processIdentifier)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = folder.appendingPathComponent("sheet-1000.json")
        // 1,000 frames: every frame at t ≤ 999/60 s.
        let text = """
            {"name": "bench: 1,000 frames", "size": [375, 667], "fps": 60, "duration": 16.65,
             "container": {"type": "drawer", "left": {"width": 280}, "right": {"width": 200}},
             "stylers": {"left": ["mm.parallax", "mm.stretch"], "right": ["mm.slide-and-scale"]},
             "timeline": [{"at": 0, "action": "open", "direction": "left"}, {"at": 1, "action": "close"},
                          {"at": 2, "action": "bounce", "direction": "right"}, {"at": 3, "action": "open", "direction": "right"},
                          {"at": 4, "action": "replaceCenter", "mode": "fullClose"},
                          {"at": 8, "action": "open", "direction": "left"}, {"at": 9, "action": "close"},
                          {"at": 12, "action": "open", "direction": "right"}, {"at": 14, "action": "close"}]}
            """
        try Data(text.utf8).write(to: scenario)
        let out = folder.appendingPathComponent("sheet.svg").path
        let ms = try Measure.processMilliseconds(["render", scenario.path, "--format", "sheet", "--out", out], runs: runs)
        return Figure(median: ms.median / 1000, min: ms.min / 1000, max: ms.max / 1000)
    }

    /// The wall time of `panekit render Examples/drawer-sink-back.json --format mp4` (375 × 667, rounded corners,
    /// wireframes, two blurred shadows), process start and encoding included, divided by its frame count; nil
    /// (the figure left out) without ffmpeg.
    static func videoMilliseconds(runs: Int) throws -> Figure? {
        let scenario = "Examples/drawer-sink-back.json"
        guard FileManager.default.fileExists(atPath: scenario),
            (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").contains(where: {
                FileManager.default.isExecutableFile(atPath: "\($0)/ffmpeg")
            })
        else {
            FileHandle.standardError.write(Data("panekit-bench: video_ms_per_frame left out (needs ffmpeg and \(scenario))\n".utf8))
            return nil
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "panekit-bench-video-\(ProcessInfo.processInfo.processIdentifier)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // The frame count, from the SVG frames of the same run.
        _ = try Measure.processMilliseconds(["render", scenario, "--format", "svg", "--out", folder.path + "/svg/"], runs: 1)
        let frames = try FileManager.default.contentsOfDirectory(atPath: folder.path + "/svg").filter { $0.hasSuffix(".svg") }.count
        guard frames > 0 else { throw BenchError.input("\(scenario): no frames rendered") }
        let ms = try Measure.processMilliseconds(
            ["render", scenario, "--format", "mp4", "--out", folder.appendingPathComponent("video.mp4").path], runs: runs)
        guard (try? Data(contentsOf: folder.appendingPathComponent("video.mp4")))?.isEmpty == false else {
            throw BenchError.input("\(scenario): panekit render --format mp4 wrote no video")
        }
        let n = Double(frames)
        return Figure(median: ms.median / n, min: ms.min / n, max: ms.max / n)
    }

    // MARK: - Lua

    /// The drawer scene with a Lua styler added on each side (eased-parallax left, card-stack right, or the
    /// first two plugins of the folder).
    static func luaSceneNanoseconds(_ catalog: PluginCatalog, frames: Int, runs: Int) throws -> Figure {
        let names = catalog.plugins.map(\.name)
        let chosen =
            ["eased-parallax", "card-stack"].allSatisfy(names.contains) ? ["eased-parallax", "card-stack"] : Array(names.prefix(2))
        let lua = try chosen.map { try catalog.registry.make($0) }
        let config = DrawerConfiguration(size: Size(width: 375, height: 667), widths: [.left: 280, .right: 200])
        var host = PaneHost(
            container: DrawerContainer(config), fps: 60,
            stylers: [.left: [MMParallaxStyler(), MMStretchStyler(), lua[0]], .right: [MMSlideAndScaleStyler(), lua[lua.count - 1]]])
        host.strict = true
        var frame = try host.step()
        for _ in 0..<480 { try cycleStep(&host, &frame) }
        return try Measure.nanoseconds(runs: runs, per: frames) {
            for _ in 0..<frames { try cycleStep(&host, &frame) }
        }
    }

    /// The plugin's style call through PaneKit: context refreshed, result validated and turned into edits.
    /// The closed fraction cycles over −0.1…1.1 as the C harness's does.
    static func luaCallNanoseconds(_ plugin: LuaPlugin, calls: Int, runs: Int) throws -> Figure {
        let styler = try LuaStyler(plugin: plugin)
        var container = DrawerContainer(DrawerConfiguration(size: Size(width: 375, height: 667), widths: [.left: 280]))
        container.setStaticPose(.left, closed: 0.5)
        var pose = Pose()
        container.pose(into: &pose)
        var context = StyleContext(direction: .left, closed: 1, reveal: 280, size: Size(width: 375, height: 667), state: .opening)
        for node in pose.nodes { context.frames[node.role] = node.frame }
        var edits = StyleEdits()
        for i in 0..<1000 {
            context.closed = -0.1 + 1.2 * Double(i % 121) / 120
            edits.removeAll()
            try styler.style(context, into: &edits)
        }
        return try Measure.nanoseconds(runs: runs, per: calls) {
            for i in 0..<calls {
                context.closed = -0.1 + 1.2 * Double(i % 121) / 120
                context.time = Double(i) / 60
                edits.removeAll()
                try styler.style(context, into: &edits)
            }
        }
    }

    /// The same style function driven by the plain Lua C API harness.
    static func harnessNanoseconds(_ plugin: LuaPlugin, calls: Int, runs: Int) throws -> Figure {
        try cHostNanoseconds(plugin, runs: runs, host: "the C harness") { prelude, source, chunk in
            pk_harness_run(prelude, source, strlen(source), chunk, calls, "left", 280, 375, 667)
        }
    }

    /// The simple styler driven by the bare C host (`pk_bare_host_run`).
    static func bareHostNanoseconds(_ plugin: LuaPlugin, calls: Int, runs: Int) throws -> Figure {
        try cHostNanoseconds(plugin, runs: runs, host: "the bare C host") { prelude, source, chunk in
            pk_bare_host_run(prelude, source, strlen(source), chunk, calls, 280, 375, 667)
        }
    }

    /// `runs` runs of a C host given the prelude, the plugin's source and its chunk name.
    static func cHostNanoseconds(
        _ plugin: LuaPlugin, runs: Int, host: String,
        _ run: (UnsafePointer<CChar>, UnsafePointer<CChar>, String) -> pk_harness_result
    ) throws -> Figure {
        var samples: [Double] = []
        for _ in 0..<runs {
            let result = (Sandbox.source + "\n" + HelperLibrary.source).withCString { prelude in
                plugin.source.withCString { source in run(prelude, source, "=" + plugin.file) }
            }
            guard result.ok == 1 else {
                let message = withUnsafeBytes(of: result.error) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                throw HostError(.stylerFailed, "\(host) could not run \(plugin.file): \(message)")
            }
            samples.append(result.ns_per_call)
        }
        return Figure(samples)
    }

    /// The simple styler of the bare-host comparison: four fields (pane.translate, pane.scale, drawer.alpha,
    /// drawer.translate), seven numbers.
    static let simpleStyler = """
        return {
          name = "simple",
          style = function(ctx)
            local o = ctx.open
            return {
              pane = { translate = { o * ctx.reveal * 0.2, 0, 0 }, scale = 1 - 0.25 * o },
              drawer = { alpha = o, translate = { (o - 1) * ctx.reveal * 0.3, 0 } },
            }
          end,
        }
        """

    /// Heap allocations per call of `plugin` through PaneKit after warm-up, not counting those of the plugin's Lua
    /// state (the tables its code builds): what the host, in Swift and C, allocates per call.
    static func luaAllocationsPerCall(_ plugin: LuaPlugin, calls: Int) throws -> Double {
        guard pk_allocations_available() == 1 else { return -1 }
        let styler = try LuaStyler(plugin: plugin)
        var context = StyleContext(direction: .left, closed: 1, reveal: 280, size: Size(width: 375, height: 667), state: .opening)
        context.frames[.pane] = Rect(x: 0, y: 0, width: 375, height: 667)
        context.frames[.drawerLeft] = Rect(x: 0, y: 0, width: 280, height: 667)
        var edits = StyleEdits()
        for i in 0..<1000 {
            context.closed = Double(i % 121) / 120
            edits.removeAll()
            try styler.style(context, into: &edits)
        }
        let lua = styler.luaAllocations
        pk_allocations_begin()
        for i in 0..<calls {
            context.closed = Double(i % 121) / 120
            context.time = Double(i) / 60
            edits.removeAll()
            try styler.style(context, into: &edits)
        }
        let all = pk_allocations_end()
        return Double(Int(all) - (styler.luaAllocations - lua)) / Double(calls)
    }

    /// The largest Lua heap, after a collection, of any gallery plugin after a few hundred calls.
    static func luaHeap(_ catalog: PluginCatalog) throws -> Figure {
        var largest = 0.0
        for plugin in catalog.plugins {
            let styler = try LuaStyler(plugin: plugin)
            var edits = StyleEdits()
            for i in 0..<300 {
                let context = StyleContext(direction: .left, closed: Double(i % 13) / 12, reveal: 280, size: Size(width: 375, height: 667))
                edits.removeAll()
                try styler.style(context, into: &edits)
            }
            largest = max(largest, Double(try styler.memoryInUse()))
        }
        return Figure(single: largest)
    }
}
