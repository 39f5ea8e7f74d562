// panekit plot: an SVG chart of every channel a styler writes, per node, against the closed fraction.

import PaneKit
import PaneKitRender

enum PlotCommand {
    static let help = """
        usage: panekit plot STYLER [--direction D] [--out FILE.svg] [--param KEY=VALUE]... [--plugins DIR]
                            [--container C] [--size WxH] [--reveal R]

        Poses a container at closed fractions from -0.1 to 1.1 (by 0.01), runs only STYLER and charts every channel it
        changes, one panel per channel and a line per node: translate, scale, skew, rotate (the transform
        decomposed as CSS does), perspective, alpha, anchor, shadow, z, hidden and frame. Dots mark every 0.05.
          --container C   drawer, dynamics, split or sidemenu (default: the styler's family: ms.* dynamics,
                          sidemenu.* sidemenu, others drawer)
          --direction D   left or right, or top or bottom on dynamics and split (default left)
          --out FILE.svg  write the chart there instead of standard output
          --param K=V     a styler parameter (repeatable)
          --plugins DIR   folder of Lua stylers (default ./Plugins when it exists)
          --size WxH      container size (default 375x667)
          --reveal R      the drawer's width (default: 280 drawer, 267 or 300 dynamics, 2/3 of the width
                          sidemenu, the split position 320 split)

        Example: panekit plot mm.swinging-door --out door.svg && rsvg-convert door.svg -o door.png

        """

    static func run(_ arguments: [String]) throws(CLIError) {
        let args = try Arguments(
            command: "plot", arguments, valued: ["container", "direction", "out", "param", "plugins", "size", "reveal"], switches: ["help"])
        if args.has("help") { return Output.print(help) }
        guard args.positionals.count == 1, let name = args.positionals.first else {
            throw .usage("plot: expected one styler name; see panekit plot --help")
        }
        let posing = try StylerArguments.posing(for: name, args: args)
        let registry = try Registries.load(pluginsFolder: args.value("plugins"))
        let styler = try StylerArguments.make(name, args: args, registry: registry)
        let channels: [CurveChannel]
        do {
            channels = try CurvePlot.channels(of: styler, container: posing.container, direction: posing.direction)
        } catch {
            throw .input("plot: \(error)")
        }
        var context = "\(posing.direction.rawValue) drawer of a \(NumberFormat.string(posing.size.width))×"
        context += "\(NumberFormat.string(posing.size.height)) \(posing.typeName) container, reveal \(NumberFormat.string(posing.reveal))"
        let params = (try args.params()).map { "\($0.key)=\($0.value)" }
        if !params.isEmpty { context += "; " + params.joined(separator: ", ") }
        let description = registry.entry(named: name)?.description ?? ""
        let svg = CurvePlot().render(title: name, notes: (description.isEmpty ? [] : [description]) + [context], channels: channels)
        if let out = args.value("out") {
            try Output.write(svg, to: out)
        } else {
            Output.print(svg)
        }
    }
}
