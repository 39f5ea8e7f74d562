// panekit new: write a commented starter plugin that passes `panekit check`.

import Foundation
import PaneKit
import PaneKitLua

enum NewCommand {
    static let help = """
        usage: panekit new NAME

        Writes a commented starter plugin NAME.lua: into ./Plugins when that folder exists, else into the
        current folder. NAME uses letters, digits, '.', '-' and '_' and starts with a letter, a digit or '_'.
        NAME may also be a relative path ending in NAME.lua, without '..': new writes only inside the current
        folder. It never overwrites a file, and NAME may not be the name of a built-in styler. The new plugin
        passes panekit check as it is.

        Example: panekit new wobble   (then: panekit check Plugins/wobble.lua; panekit sample wobble)

        """

    static func run(_ arguments: [String]) throws(CLIError) {
        let args = try Arguments(command: "new", arguments, valued: [], switches: ["help"])
        if args.has("help") { return Output.print(help) }
        guard args.positionals.count == 1, let given = args.positionals.first else {
            throw .usage("new: expected one plugin name, such as panekit new wobble; see panekit new --help")
        }
        let path = try destination(for: given)
        let file = path.split(separator: "/").last.map(String.init) ?? path
        let name = String(file.dropLast(4))
        do {
            let plugin = try LuaPlugin(source: PluginTemplate.source(name: name), path: path)
            if let error = PluginLoader.shadowing(plugin.name, file: file, in: .builtins) { throw error }
        } catch {
            throw .input("\(error)")
        }
        try Files.write(PluginTemplate.source(name: name), to: path, replacing: false)
        Output.print("wrote \(path)\nnext: panekit check \(path), then panekit sample \(name) or use it in a scenario\n")
    }

    /// `NAME` → `Plugins/NAME.lua` (when ./Plugins exists) or `NAME.lua`; a relative path ending in .lua stays
    /// as it is.
    /// - Throws: `CLIError` (exit 1) for a name that is not a plugin name, or a path that could leave the
    ///   current folder (absolute, or with a `..` component).
    static func destination(for given: String) throws(CLIError) -> String {
        let isPath = given.hasSuffix(".lua") || given.contains("/")
        if isPath {
            guard !given.hasPrefix("/"), !given.split(separator: "/").contains("..") else {
                throw .input("new: \"\(given)\" leaves the current folder (an absolute path or ..); new writes only "
                    + "inside the current folder: cd there first, or give a relative path such as Plugins/wobble.lua")
            }
            guard given.hasSuffix(".lua") else {
                throw .input("new: \"\(given)\" is a path, so it must end in .lua, such as Plugins/wobble.lua")
            }
        }
        let file = given.split(separator: "/").last.map(String.init) ?? given
        let name = isPath ? String(file.dropLast(4)) : given
        guard isPluginName(name) else {
            throw .input("new: \"\(name)\" is not a plugin name: use letters, digits, '.', '-' and '_', starting with a "
                + "letter, a digit or '_', such as card-stack")
        }
        if isPath { return given }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: "Plugins", isDirectory: &isFolder), isFolder.boolValue {
            return "Plugins/\(given).lua"
        }
        return "\(given).lua"
    }

    /// Letters, digits, `.`, `-` and `_` (ASCII), not starting with `.` or `-`.
    static func isPluginName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first != ".", first != "-" else { return false }
        return name.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "." || $0 == "-" || $0 == "_")
        }
    }
}
