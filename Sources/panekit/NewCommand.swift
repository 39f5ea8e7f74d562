// panekit new: write a commented starter plugin that passes `panekit check`.

import Foundation
import PaneKit
import PaneKitLua

enum NewCommand {
    static let help = """
        usage: panekit new NAME

        Writes a commented starter plugin NAME.lua: into ./Plugins when that folder exists, else into the
        current folder. NAME may also be a path ending in .lua. It never overwrites a file, and NAME may not be
        the name of a built-in styler. The new plugin passes panekit check as it is.

        Example: panekit new wobble   (then: panekit check Plugins/wobble.lua; panekit sample wobble)

        """

    static func run(_ arguments: [String]) throws(CLIError) {
        let args = try Arguments(command: "new", arguments, valued: [], switches: ["help"])
        if args.has("help") { return Output.print(help) }
        guard args.positionals.count == 1, let given = args.positionals.first else {
            throw .usage("new: expected one plugin name, such as panekit new wobble; see panekit new --help")
        }
        let path = destination(for: try checkedName(given))
        let file = path.split(separator: "/").last.map(String.init) ?? path
        let name = String(file.dropLast(4))
        do {
            let plugin = try LuaPlugin(source: PluginTemplate.source(name: name), path: path)
            if let error = PluginLoader.shadowing(plugin.name, file: file, in: .builtins) { throw error }
        } catch {
            throw .input("\(error)")
        }
        guard !FileManager.default.fileExists(atPath: path) else {
            throw .input("\(path) already exists; choose another name or remove the file")
        }
        try Output.write(PluginTemplate.source(name: name), to: path)
        Output.print("wrote \(path)\nnext: panekit check \(path), then panekit sample \(name) or use it in a scenario\n")
    }

    /// `NAME` → `Plugins/NAME.lua` (when ./Plugins exists) or `NAME.lua`; a path ending in .lua stays as it is.
    static func destination(for given: String) -> String {
        if given.hasSuffix(".lua") || given.contains("/") { return given.hasSuffix(".lua") ? given : given + ".lua" }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: "Plugins", isDirectory: &isFolder), isFolder.boolValue {
            return "Plugins/\(given).lua"
        }
        return "\(given).lua"
    }
}
