// panekit render: scenario files to frames.

import Foundation
import PaneKit
import PaneKitLua
import PaneKitRender

enum RenderCommand {
    static let help = """
        usage: panekit render SCENARIO... [--format json] [--out PATH] [--fps N] [--size WxH]
                              [--frames A..B] [--plugins DIR] [--watch] [--strict]

        Runs each scenario and writes its frames.
          --format F     json: JSON Lines, one frame a line (the default)
          --out PATH     write to PATH instead of standard output
          --fps N        frames per second (default: the scenario's, else 60)
          --size WxH     container size (default: the scenario's)
          --frames A..B  only frames A to B, both included (either end may be left out)
          --plugins DIR  folder of Lua stylers (default ./Plugins when it exists)
          --watch        keep running: re-render when a scenario or plugin changes (a plugin is swapped in
                         only once it loads and passes a quick check; else the last good one stays)
          --strict       a failing styler ends the run with exit 1 instead of being disabled
        \(Registries.limitHelp)

        Example: panekit render Examples/drawer-parallax.json --format json --frames 0..10

        """

    static let formats = ["json"]

    static func run(_ arguments: [String]) throws(CLIError) {
        let args = try Arguments(
            command: "render", arguments,
            valued: Registries.limitFlags.union(["format", "out", "fps", "size", "frames", "plugins"]),
            switches: ["strict", "watch", "help"])
        if args.has("help") { return Output.print(help) }
        guard !args.positionals.isEmpty else { throw .usage("render: expected at least one scenario file; see panekit render --help") }
        let format = try args.choice("format", formats) ?? "json"
        let fps = try args.double("fps", where: { $0 > 0 && $0 <= 1000 }, expected: "a number > 0 and ≤ 1000")
        let size = try args.size("size")
        let range = try frameRange(args.value("frames"))
        let limits = try Registries.limits(args)
        let plugins = args.value("plugins")
        if args.positionals.count > 1, args.value("out") != nil {
            throw .usage("render: --out names one file; give one scenario, or render them one at a time")
        }
        let job = Job(
            paths: args.positionals, format: format, fps: fps, size: size, range: range, strict: args.has("strict"),
            out: args.value("out"))
        let render = { () throws(CLIError) in try job.run(registry: Registries.load(pluginsFolder: plugins, limits: limits)) }
        guard args.has("watch") else { return try render() }
        watch(job.paths, plugins: try Registries.catalog(pluginsFolder: plugins, limits: limits)?.folder, render: render)
    }

    /// What one render writes, so --watch can do it again.
    struct Job {
        var paths: [String]
        var format: String
        var fps: Double?
        var size: Size?
        var range: ClosedRange<Int>
        var strict: Bool
        var out: String?

        func run(registry: StylerRegistry) throws(CLIError) {
            var output = ""
            for path in paths { try render(path, registry: registry, into: &output) }
            if let out {
                try Output.write(output, to: out)
            } else {
                Output.print(output)
            }
        }

        private func render(_ path: String, registry: StylerRegistry, into output: inout String) throws(CLIError) {
            var scenario = try Scenarios.load(path, registry: registry)
            if let fps { scenario.fps = fps }
            if let size {
                scenario.size = size
                scenario.container = scenario.container.resized(to: size)
            }
            let frames: [Frame]
            do {
                frames = try scenario.run(registry: registry, strict: strict) { Output.warn("\(path): warning: \($0)") }
            } catch {
                throw .input("\(path): \(error)")
            }
            let chosen = frames.filter { range.contains($0.index) }
            switch format {
            default:
                for frame in chosen {
                    output += FrameJSON.line(frame)
                    output += "\n"
                }
            }
        }
    }

    /// Renders, then renders again each time a scenario or plugin file changes, until interrupted. A failed
    /// render is reported and the watch goes on; a broken plugin keeps its last good version (see Registries).
    static func watch(_ scenarios: [String], plugins folder: String?, render: () throws(CLIError) -> Void) -> Never {
        var files = WatchedFiles(files: scenarios, folder: folder)
        while true {
            do {
                try render()
                Output.warn("render: watching \(scenarios.count) scenario\(scenarios.count == 1 ? "" : "s")"
                    + (folder.map { " and \($0)" } ?? "") + "; Ctrl-C stops")
            } catch {
                Output.warn("panekit render: " + error.message)
            }
            while !files.changed(now: ProcessInfo.processInfo.systemUptime) {
                Thread.sleep(forTimeInterval: 0.1)
            }
        }
    }

    /// `A..B`, `A..` or `..B`: frame indices, both ends included.
    static func frameRange(_ text: String?) throws(CLIError) -> ClosedRange<Int> {
        guard let text else { return 0...Int.max }
        let parts = text.components(separatedBy: "..")
        guard parts.count == 2 else { throw .usage("render: --frames: expected A..B such as 0..30, got \"\(text)\"") }
        let low = parts[0].isEmpty ? 0 : Int(parts[0])
        let high = parts[1].isEmpty ? Int.max : Int(parts[1])
        guard let low, let high, low >= 0, low <= high else {
            throw .usage("render: --frames: expected A..B with 0 ≤ A ≤ B, got \"\(text)\"")
        }
        return low...high
    }
}
