// panekit new: write a commented starter plugin that passes `panekit check`.

import Foundation
import PaneKit
import PaneKitLua

enum NewCommand {
    static let help = """
        usage: panekit new NAME
               panekit new --stubs [FOLDER]

        Writes a commented starter plugin NAME.lua: into ./Plugins when that folder exists, else into the
        current folder. NAME may also be a path ending in .lua (its folder must exist). It never overwrites a
        file, and NAME may not be the name of a built-in styler. The new plugin passes panekit check and
        panekit test --record as it is. When the folder has no panekit.d.lua (the LuaLS annotations an editor
        uses to complete and check plugins), it is written too.
          --stubs   write only panekit.d.lua, into FOLDER (default ./Plugins when it exists, else the current
                    folder), replacing an older copy

        Example: panekit new wobble   (then: panekit play Plugins/wobble.lua --watch; panekit test Plugins/wobble.lua --record)

        """

    static func run(_ arguments: [String]) throws(CLIError) {
        let args = try Arguments(command: "new", arguments, valued: [], switches: ["help", "stubs"])
        if args.has("help") { return Output.print(help) }
        if args.has("stubs") {
            guard args.positionals.count <= 1 else { throw .usage("new: --stubs takes at most one folder; see panekit new --help") }
            let folder = args.positionals.first ?? (isFolder("Plugins") ? "Plugins" : ".")
            guard isFolder(folder) else { throw .input("\(folder): no such folder") }
            let path = join(folder, LuaStubs.fileName)
            try Files.write(LuaStubs.source, to: path, followingLinks: false)  // panekit names it: a link there is replaced
            return Output.print("wrote \(path)\n")
        }
        guard args.positionals.count == 1, let given = args.positionals.first else {
            throw .usage("new: expected one plugin name, such as panekit new wobble; see panekit new --help")
        }
        let path = destination(for: try checkedName(given))
        let file = path.split(separator: "/").last.map(String.init) ?? path
        let name = String(file.dropLast(4))
        let plugin: LuaPlugin
        do {
            plugin = try LuaPlugin(source: PluginTemplate.source(name: name), path: path)
        } catch {
            throw .input("\(error)")
        }
        if PluginLoader.shadowing(plugin.name, file: file, in: .builtins) != nil {
            throw .input("\(name): the name is already taken by a built-in styler; choose another name")
        }
        let folder = (path as NSString).deletingLastPathComponent
        guard folder.isEmpty || isFolder(folder) else {
            throw .input("\(folder): no such folder; create it first (mkdir -p \(folder)) or give a path in an existing folder")
        }
        guard !FileManager.default.fileExists(atPath: path) else {
            throw .input("\(path) already exists; choose another name or remove the file")
        }
        try Output.write(PluginTemplate.source(name: name), to: path)
        var out = "wrote \(path)\n"
        let stubs = join(folder.isEmpty ? "." : folder, LuaStubs.fileName)
        if !FileManager.default.fileExists(atPath: stubs) {
            try Files.write(LuaStubs.source, to: stubs, followingLinks: false)
            out += "wrote \(stubs) (annotations for the Lua language server)\n"
        }
        out +=
            "next: panekit play \(path) --watch (edit and save; errors show on the status line), "
            + "then panekit test \(path) --record\n"
        Output.print(out)
    }

    /// `NAME` → `Plugins/NAME.lua` (when ./Plugins exists) or `NAME.lua`; a path ending in .lua stays as it is.
    static func destination(for given: String) -> String {
        if given.hasSuffix(".lua") || given.contains("/") { return given.hasSuffix(".lua") ? given : given + ".lua" }
        return isFolder("Plugins") ? "Plugins/\(given).lua" : "\(given).lua"
    }

    private static func isFolder(_ path: String) -> Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue
    }

    private static func join(_ folder: String, _ name: String) -> String {
        folder == "." ? name : (folder.hasSuffix("/") ? folder + name : folder + "/" + name)
    }
}
