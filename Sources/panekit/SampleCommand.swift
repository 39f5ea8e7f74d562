// panekit sample: one styler's nodes at chosen closed fractions, as JSON.

import Foundation
import PaneKit
import PaneKitRender

enum SampleCommand {
    static let help = """
        usage: panekit sample STYLER [--container C] [--direction D] [--size WxH] [--reveal R]
                              [--fractions 1,0.75,0.5,0.25,0] [--param KEY=VALUE]... [--plugins DIR]

        Poses the container statically at each closed fraction of the direction (past open below 0), runs only
        STYLER and prints {"styler", "container", "direction", "size", "reveal", "samples": [{"closed", "nodes"}]}.
          --container C   drawer, dynamics, split or sidemenu (default: the styler's family: ms.* dynamics,
                          sidemenu.* sidemenu, others drawer)
          --direction D   left or right, or top or bottom on dynamics and split (default left)
          --size WxH      container size (default 375x667)
          --reveal R      the drawer's width (default: 280 drawer, 267 or 300 dynamics, 2/3 of the width
                          sidemenu, the split position 320 split)
          --fractions L   comma-separated closed fractions (default 1,0.75,0.5,0.25,0)
          --param K=V     a styler parameter (repeatable)
          --plugins DIR   folder of Lua stylers (default ./Plugins when it exists)
        \(Registries.limitHelp)

        Example: panekit sample mm.swinging-door --direction left --size 320x568 --reveal 280 --fractions 1,0.5,0,-0.05

        """

    static func run(_ arguments: [String]) throws(CLIError) {
        let args = try Arguments(
            command: "sample", arguments,
            valued: Registries.limitFlags.union(["container", "direction", "size", "reveal", "fractions", "param", "plugins"]),
            switches: ["help"])
        if args.has("help") { return Output.print(help) }
        guard args.positionals.count == 1, let name = args.positionals.first else {
            throw .usage("sample: expected one styler name; see panekit sample --help")
        }
        let registry = try Registries.load(pluginsFolder: args.value("plugins"), limits: Registries.limits(args))
        let posing = try StylerArguments.posing(for: name, args: args)
        let fractions = try parseFractions(args.value("fractions") ?? "1,0.75,0.5,0.25,0")
        let styler = try StylerArguments.make(name, args: args, registry: registry)
        let (direction, size, reveal) = (posing.direction, posing.size, posing.reveal)
        let samples: [Sample]
        do {
            samples = try Sampler.sample(styler, container: posing.container, direction: direction, fractions: fractions)
        } catch {
            throw .input("sample: \(error)")
        }
        var out = "{\"styler\":\(FrameJSON.string(name)),\"container\":\"\(posing.typeName)\",\"direction\":\"\(direction.rawValue)\""
        out += ",\"size\":[\(NumberFormat.string(size.width)),\(NumberFormat.string(size.height))],\"reveal\":\(NumberFormat.string(reveal))"
        out += ",\"samples\":["
        for (i, sample) in samples.enumerated() {
            if i > 0 { out += "," }
            out += "{\"closed\":\(NumberFormat.string(sample.closed)),\"nodes\":["
            for (j, node) in sample.nodes.enumerated() {
                if j > 0 { out += "," }
                FrameJSON.appendNode(node, to: &out)
            }
            out += "]}"
        }
        out += "]}\n"
        Output.print(out)
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
