// panekit sample: one styler's nodes at chosen closed fractions, as JSON.

import Foundation
import PaneKit
import PaneKitRender

enum SampleCommand {
    static let help = """
        usage: panekit sample STYLER [--container drawer] [--direction D] [--size WxH] [--reveal R]
                              [--fractions 1,0.75,0.5,0.25,0] [--param KEY=VALUE]... [--plugins DIR]

        Poses the container statically at each closed fraction of the direction (past open below 0), runs only
        STYLER and prints {"styler", "container", "direction", "size", "reveal", "samples": [{"closed", "nodes"}]}.
          --container C   the container to pose (default: the styler's family: mm.* drawer; plugins drawer)
          --direction D   left or right (default left)
          --size WxH      container size (default 375x667)
          --reveal R      the drawer's maximum width (default: the container's, 280 for drawer)
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
        let family = defaultContainer(for: name)
        let containerType = try args.choice("container", ScenarioLoader.containerTypes + ScenarioLoader.plannedContainerTypes) ?? family
        guard ScenarioLoader.containerTypes.contains(containerType) else {
            throw .input("sample: the \(containerType) container is not implemented yet; use --container drawer")
        }
        let direction = Direction(rawValue: try args.choice("direction", ["left", "right"]) ?? "left")!
        let size = try args.size("size") ?? Size(width: 375, height: 667)
        let reveal = try args.double("reveal", where: { $0 > 0 }, expected: "a width > 0") ?? DrawerConfiguration.defaultWidth
        let fractions = try parseFractions(args.value("fractions") ?? "1,0.75,0.5,0.25,0")

        guard let entry = registry.entry(named: name) else {
            throw .input("sample: unknown styler \"\(name)\"" + Suggestion.hint(for: name, among: registry.names)
                + "; run panekit stylers for the list")
        }
        var overrides: [String: ParamValue] = [:]
        for (key, text) in try args.params() {
            guard let spec = entry.params.first(where: { $0.name == key }) else {
                let allowed = entry.params.map(\.name)
                throw .input("sample: --param \(key): unknown parameter of \(name); "
                    + (allowed.isEmpty ? "it takes none" : "allowed: \(allowed.joined(separator: ", "))"))
            }
            do { overrides[key] = try spec.parse(text) } catch { throw .input("sample: --param \(error.message)") }
        }
        let styler: any Styler
        do { styler = try registry.make(name, params: overrides) } catch { throw .input("sample: \(error.message)") }

        var configuration = DrawerConfiguration(size: size, widths: [direction: reveal])
        configuration.showsShadow = true
        let samples: [Sample]
        do {
            samples = try Sampler.sample(styler, container: .drawer(configuration), direction: direction, fractions: fractions)
        } catch {
            throw .input("sample: \(error)")
        }
        var out = "{\"styler\":\(FrameJSON.string(name)),\"container\":\"\(containerType)\",\"direction\":\"\(direction.rawValue)\""
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

    static func defaultContainer(for styler: String) -> String {
        if styler.hasPrefix("ms.") { return "dynamics" }
        if styler.hasPrefix("sidemenu.") { return "sidemenu" }
        return "drawer"
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
