// panekit sample: one styler's nodes at chosen closed fractions, as JSON or drawn (ASCII, SVG, PNG).

import Foundation
import PaneKit
import PaneKitRender

enum SampleCommand {
    static let help = """
        usage: panekit sample STYLER [--container C] [--behavior B] [--direction D] [--size WxH] [--reveal R]
                              [--fractions 1,0.75,0.5,0.25,0] [--param KEY=VALUE]... [--plugins DIR]
                              [--format json|ascii|svg|png] [--out FILE] [--grid COLSxROWS]
                              [--appearance FILE.json] [--theme dark|light]

        Poses the container statically at each closed fraction of the direction (past open below 0), runs only
        STYLER and prints {"styler", "container", "direction", "size", "reveal", "samples": [{"closed", "nodes"}]},
        each node as in render --format json (with "shadow" and "color" when set).
          --container C   \(StylerArguments.containerNames) (default: the styler's family:
                          ms.* dynamics, sidemenu.* sidemenu, sheet.* sheet, others drawer)
          --behavior B    \(StylerArguments.behaviorHelp)
          --direction D   left or right, or top or bottom on dynamics and split (default left)
          --size WxH      container size (default 375x667)
          --reveal R      the drawer's width (default: 280 drawer, 267 or 300 dynamics, 2/3 of the width
                          sidemenu, the split position 320 split)
          --fractions L   comma-separated closed fractions (default 1,0.75,0.5,0.25,0)
          --param K=V     a styler parameter, or STYLER.K=V (repeatable)
          --format F      json (the default); ascii: each pose drawn in characters under a caption line;
                          svg: one pose as an SVG, several as a contact sheet; png: the same through
                          rsvg-convert (needs --out)
          --out FILE      write there instead of standard output
          --grid C×R      ascii grid size (default 60x20)
          --plugins DIR   folder of Lua stylers (default ./Plugins when it exists)
        \(AppearanceArguments.flagHelp)
        \(Theme.flagHelp)
        \(Registries.limitHelp)

        Example: panekit sample mm.swinging-door --direction left --size 320x568 --reveal 280 --fractions 1,0.5,0,-0.05

        """

    static func run(_ arguments: [String]) throws(CLIError) {
        let args = try Arguments(
            command: "sample", arguments,
            valued: Registries.limitFlags.union(
                [
                    "container", "behavior", "direction", "size", "reveal", "fractions", "param", "plugins", "format", "out", "grid",
                    "appearance", "theme",
                ]),
            switches: ["help"])
        if args.has("help") { return Output.print(help) }
        guard args.positionals.count == 1, var name = args.positionals.first else {
            throw .usage("sample: expected one styler name; see panekit sample --help")
        }
        let format = try args.choice("format", ["json", "ascii", "svg", "png"]) ?? "json"
        if format == "png", args.value("out") == nil { throw .usage("sample: --format png writes a file; give --out FILE.png") }
        let grid = try TerminalOptions.grid(args) ?? (60, 20)
        let theme = try Theme.parse(args)
        let appearance = try AppearanceArguments.parse(args)
        let registry = try Registries.load(
            pluginsFolder: args.value("plugins"), limits: Registries.limits(args), files: RunTargets.pluginFiles([name]))
        name = RunTargets.stylerName(name)
        let posing = try StylerArguments.posing(for: name, args: args)
        let fractions = try args.value("fractions").map(parseFractions) ?? PlotCommand.poseAxis(posing.container).poses
        let styler = try StylerArguments.make(name, args: args, registry: registry)
        let (direction, size, reveal) = (posing.direction, posing.size, posing.reveal)
        let samples: [Sample]
        do {
            samples = try Sampler.sample(styler, container: posing.container, group: posing.group, fractions: fractions)
        } catch {
            throw .input("sample: \(error)")
        }
        if format != "json" {
            let frames = samples.enumerated().map { i, sample in
                Frame(
                    index: i, time: 0, container: posing.container.kind,
                    state: sample.closed >= 1 ? .closed : (sample.closed <= 0 ? .open : .opening),
                    fractions: Fractions([(direction, sample.closed)]), size: size, nodes: sample.nodes, events: [])
            }
            let title =
                "\(name): \(posing.subjectName), closed " + samples.map { NumberFormat.string($0.closed) }.joined(separator: ", ")
            let text: String
            switch format {
            case "ascii":
                let renderer = ASCIIRenderer(columns: grid.columns, rows: grid.rows)
                text = zip(samples, frames).map { sample, frame in
                    "\(name)  \(direction.rawValue)  closed \(NumberFormat.string(sample.closed))\n" + renderer.render(frame)
                }.joined(separator: "\n")
            default:
                text =
                    frames.count == 1
                    ? SVGRenderer(theme: theme, appearance: appearance).render(frames[0])
                    : ContactSheet(theme: theme, appearance: appearance).render(frames, title: title)
            }
            if format == "png", let out = args.value("out") { return try PNGConverter.convert(text, to: out) }
            return try Output.deliver(text, to: args.value("out"))
        }
        var out = "{\"styler\":\(FrameJSON.string(name)),\"container\":\"\(posing.typeName)\",\"direction\":\"\(direction.rawValue)\""
        out +=
            ",\"size\":[\(NumberFormat.string(size.width)),\(NumberFormat.string(size.height))],\"reveal\":\(NumberFormat.string(reveal))"
        out += ",\"samples\":["
        for (i, sample) in samples.enumerated() {
            if i > 0 { out += "," }
            FrameJSON.appendSample(sample, to: &out)
        }
        out += "]}\n"
        try Output.deliver(out, to: args.value("out"))
    }

    static func parseFractions(_ text: String) throws(CLIError) -> [Double] {
        var result: [Double] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let n = Double(part.trimmingCharacters(in: .whitespaces)), n.isFinite, n >= -10, n <= 10 else {
                throw .usage("sample: --fractions: expected comma-separated numbers between -10 and 10, got \"\(part)\"")
            }
            result.append(n)
        }
        return result
    }
}
