// panekit render: scenario files to frames.

import PaneKit
import PaneKitRender

enum RenderCommand {
    static let help = """
        usage: panekit render SCENARIO... [--format json] [--out PATH] [--fps N] [--size WxH]
                              [--frames A..B] [--plugins DIR] [--strict]

        Runs each scenario and writes its frames.
          --format F     json: JSON Lines, one frame a line (the default)
          --out PATH     write to PATH instead of standard output
          --fps N        frames per second (default: the scenario's, else 60)
          --size WxH     container size (default: the scenario's)
          --frames A..B  only frames A to B, both included (either end may be left out)
          --plugins DIR  folder of Lua stylers (default ./Plugins when it exists)
          --strict       a failing styler ends the run with exit 1 instead of being disabled

        Example: panekit render Examples/drawer-parallax.json --format json --frames 0..10

        """

    static let formats = ["json"]

    static func run(_ arguments: [String]) throws(CLIError) {
        let args = try Arguments(
            command: "render", arguments, valued: ["format", "out", "fps", "size", "frames", "plugins"],
            switches: ["strict", "help"])
        if args.has("help") { return Output.print(help) }
        guard !args.positionals.isEmpty else { throw .usage("render: expected at least one scenario file; see panekit render --help") }
        let format = try args.choice("format", formats) ?? "json"
        let fps = try args.double("fps", where: { $0 > 0 && $0 <= 1000 }, expected: "a number > 0 and ≤ 1000")
        let size = try args.size("size")
        let range = try frameRange(args.value("frames"))
        let registry = try Registries.load(pluginsFolder: args.value("plugins"))
        if args.positionals.count > 1, args.value("out") != nil {
            throw .usage("render: --out names one file; give one scenario, or render them one at a time")
        }

        var output = ""
        for path in args.positionals {
            var scenario = try Scenarios.load(path, registry: registry)
            if let fps { scenario.fps = fps }
            if let size {
                scenario.size = size
                scenario.container = scenario.container.resized(to: size)
            }
            let frames: [Frame]
            do {
                frames = try scenario.run(registry: registry, strict: args.has("strict")) { Output.warn("\(path): warning: \($0)") }
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
        if let out = args.value("out") {
            try Output.write(output, to: out)
        } else {
            Output.print(output)
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
