// panekit stylers: the catalogue of stylers with their parameters.

import PaneKit
import PaneKitRender

enum StylersCommand {
    static let help = """
        usage: panekit stylers [--plugins DIR] [--json]

        Lists the built-in stylers and the Lua plugins with their parameters and defaults.
          --json         one JSON object: {"stylers": [{"name", "source", "description", "params": [...]}]}
          --plugins DIR  folder of Lua stylers (default ./Plugins when it exists)

        """

    static func run(_ arguments: [String]) throws(CLIError) {
        let args = try Arguments(command: "stylers", arguments, valued: ["plugins"], switches: ["json", "help"])
        if args.has("help") { return Output.print(help) }
        guard args.positionals.isEmpty else { throw .usage("stylers: takes no file; see panekit stylers --help") }
        let registry = try Registries.load(pluginsFolder: args.value("plugins"))
        Output.print(args.has("json") ? json(registry) : text(registry))
    }

    static func text(_ registry: StylerRegistry) -> String {
        var out = ""
        for entry in registry.all {
            out += "\(entry.name.padding(toLength: 40, withPad: " ", startingAt: 0)) \(entry.description)"
            if !entry.isBuiltin { out += " [\(entry.source)]" }
            out += "\n"
            for p in entry.params {
                var line = "    \(p.name) = \(p.defaultValue)"
                if let min = p.min { line += "  min \(NumberFormat.string(min))" }
                if let max = p.max { line += "  max \(NumberFormat.string(max))" }
                if !p.choices.isEmpty { line += "  one of \(p.choices.joined(separator: ", "))" }
                out += line + "  — \(p.doc)\n"
            }
        }
        return out
    }

    static func json(_ registry: StylerRegistry) -> String {
        let entries = registry.all.map { entry -> String in
            let params = entry.params.map { p -> String in
                var o = "{\"name\":\(FrameJSON.string(p.name)),\"kind\":\"\(p.kind.rawValue)\",\"default\":"
                switch p.defaultValue {
                case .number(let n): o += NumberFormat.string(n)
                case .bool(let b): o += b ? "true" : "false"
                case .color(let c): o += FrameJSON.string(c.hex)
                case .string(let s): o += FrameJSON.string(s)
                }
                if let min = p.min { o += ",\"min\":\(NumberFormat.string(min))" }
                if let max = p.max { o += ",\"max\":\(NumberFormat.string(max))" }
                if !p.choices.isEmpty { o += ",\"choices\":[\(p.choices.map(FrameJSON.string).joined(separator: ","))]" }
                return o + ",\"doc\":\(FrameJSON.string(p.doc))}"
            }
            return "{\"name\":\(FrameJSON.string(entry.name)),\"source\":\(FrameJSON.string(entry.source)),"
                + "\"description\":\(FrameJSON.string(entry.description)),\"params\":[\(params.joined(separator: ","))]}"
        }
        return "{\"stylers\":[\(entries.joined(separator: ","))]}\n"
    }
}
