// panekit bench: the speed and memory figures of docs/performance.md, measured in this build.

import CAllocationCounter
import Foundation
import PaneKit
import PaneKitRender

enum BenchCommand {
    static let help = """
        usage: panekit bench [--json] [--styler FILE.lua] [--iterations N] [--runs R]

        Measures PaneKit in this build (use a release build: swift run -c release panekit bench). Each figure is
        the median of R runs (default 7) with the minimum and maximum; the machine is shared and noisy, so
        compare medians and ratios, not single runs.
          --iterations N   frames per run of the drawer scene (default 200000)
          --runs R         runs per figure (default 7)
          --styler FILE    also time this Lua plugin's style call through PaneKit and through a plain C harness
          --json           one JSON object of figures (medians), with "spread": {key: [min, max]}

        """

    /// One reported figure: a key (a contract for tools), a label, its unit, the target, and the measurement.
    struct Row {
        var key: String
        var label: String
        var unit: String
        var target: String
        var figure: Figure
    }

    static func run(_ arguments: [String]) throws(CLIError) {
        let args = try Arguments(command: "bench", arguments, valued: ["styler", "iterations", "runs"], switches: ["json", "help"])
        if args.has("help") { return Output.print(help) }
        guard args.positionals.isEmpty else { throw .usage("bench: takes no file; see panekit bench --help") }
        let iterations = try args.int("iterations", where: { $0 >= 1000 }, expected: "a whole number ≥ 1000") ?? 200_000
        let runs = try args.int("runs", where: { $0 >= 1 && $0 <= 101 }, expected: "a whole number from 1 to 101") ?? 7

        var rows: [Row] = []
        do {
            rows.append(Row(key: "drawer_ns_per_frame", label: "host, drawer scene, built-in stylers", unit: "ns/frame",
                            target: "≤ 1000", figure: try drawerNanoseconds(frames: iterations, runs: runs)))
            rows.append(Row(key: "allocations_per_frame", label: "allocations per frame after warm-up", unit: "",
                            target: "0", figure: Figure(single: try allocationsPerFrame(frames: 24_000))))
            rows.append(Row(key: "rss_growth_bytes", label: "resident memory growth over 1,000,000 frames", unit: "bytes",
                            target: "< 1000000", figure: Figure(single: Double(try residentGrowth(frames: 1_000_000)))))
            rows.append(Row(key: "stylers_cold_start_ms", label: "panekit stylers, whole process", unit: "ms",
                            target: "< 50", figure: try Measure.processMilliseconds(["stylers"], runs: runs)))
        } catch {
            throw .input("bench: \(error)")
        }

        if args.has("json") {
            var out = "{"
            out += rows.map { "\"\($0.key)\":\(NumberFormat.string($0.figure.median))" }.joined(separator: ",")
            out += ",\"runs\":\(runs),\"spread\":{"
            out += rows.map { "\"\($0.key)\":[\(NumberFormat.string($0.figure.min)),\(NumberFormat.string($0.figure.max))]" }
                .joined(separator: ",")
            out += "}}\n"
            Output.print(out)
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
            Output.print(out)
        }
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
}
