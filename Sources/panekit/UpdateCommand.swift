// panekit update and panekit remove: move a locked plugin to its source's newest tag, or uninstall it.

import Foundation
import PaneKitLua

enum UpdateCommand {
    static let help = """
        usage: panekit update [NAME] [--plugins DIR]

        Moves plugin NAME (default: every plugin of the lock installed from a git repository) to the newest tag
        of its source (git's version order: v1.10.0 after v1.9.0), checks it as panekit add does, installs its
        files and rewrites DIR/panekit.lock. A plugin already at its source's newest tag is left as it is. On
        any problem nothing is written.
          --plugins DIR   the plugins folder (default ./Plugins)

        Example: panekit update wobble

        """

    static func run(_ arguments: [String]) throws(CLIError) {
        let args = try Arguments(command: "update", arguments, valued: ["plugins"], switches: [])
        if args.has("help") { return Output.print(help) }
        guard args.positionals.count <= 1 else { throw .usage("update: expected at most one plugin name; see panekit update --help") }
        let folder = args.value("plugins") ?? "Plugins"
        guard var lock = try Lockfile.read(in: folder) else {
            throw .input("update: \(Lockfile.path(in: folder)): no such file; panekit add SOURCE writes it")
        }
        let names: [String]
        if let name = args.positionals.first {
            guard let entry = lock.entries[name] else { throw RemoveCommand.notLocked(name, lock: lock, folder: folder, command: "update") }
            guard entry.commit != nil else {
                throw .input(
                    "update: \(name) comes from the file \(entry.source), which has no tags; run panekit add \(entry.source) again to take a new copy"
                )
            }
            names = [name]
        } else {
            names = lock.entries.values.filter { $0.commit != nil }.map(\.name).sorted()
        }
        var change = PluginFolderChange(folder: folder)
        var out = ""
        var newest: [String: String] = [:]
        for name in names {
            let entry = lock.entries[name]!
            let location = Installing.location(entry.source, folder: folder)
            let tag: String
            if let known = newest[entry.source] {
                tag = known
            } else {
                tag = try PluginFetch.newestTag(source: entry.source, location: location, command: "update")
                newest[entry.source] = tag
            }
            let fetched = try PluginFetch.fetch(source: entry.source, location: location, ref: tag, only: entry.path, command: "update")
            guard fetched.commit != entry.commit else {
                out += "\(name) \(entry.version) is at the newest tag \(tag) of \(entry.source)\n"
                continue
            }
            let step = try Installing.change(adding: fetched, storedAs: entry.source, to: lock, folder: folder, command: "update")
            change.writes.merge(step.writes) { $1 }
            change.deletions.formUnion(step.deletions)
            lock = step.lock!
            let plugin = fetched.plugins[0]
            out +=
                "updated \(name) \(entry.version) → \(plugin.version) (\(entry.ref ?? "?") → \(tag), commit \(fetched.commit!.prefix(12)))\n"
        }
        change.lock = lock
        if !change.writes.isEmpty {
            try change.commit(command: "update")
            for data in change.writes.values { PluginCache.store(data) }
            out += "wrote \(Lockfile.path(in: folder))\n"
        }
        Output.print(out)
    }
}

enum RemoveCommand {
    static let help = """
        usage: panekit remove NAME [--plugins DIR]

        Deletes the files panekit add installed for plugin NAME and its entry in DIR/panekit.lock.
          --plugins DIR   the plugins folder (default ./Plugins)

        Example: panekit remove wobble

        """

    static func run(_ arguments: [String]) throws(CLIError) {
        let args = try Arguments(command: "remove", arguments, valued: ["plugins"], switches: [])
        if args.has("help") { return Output.print(help) }
        guard args.positionals.count == 1, let name = args.positionals.first else {
            throw .usage("remove: expected one plugin name, such as panekit remove wobble; see panekit remove --help")
        }
        let folder = args.value("plugins") ?? "Plugins"
        guard var lock = try Lockfile.read(in: folder) else {
            throw .input("remove: \(Lockfile.path(in: folder)): no such file; only plugins installed with panekit add can be removed")
        }
        guard let entry = lock.entries.removeValue(forKey: name) else {
            throw notLocked(name, lock: lock, folder: folder, command: "remove")
        }
        var change = PluginFolderChange(folder: folder)
        change.deletions = Set(entry.files.keys)
        change.lock = lock
        try change.commit(command: "remove")
        Output.print(
            "removed \(name) \(entry.version) (\(entry.files.keys.sorted().map { Installing.join(folder, $0) }.joined(separator: ", ")))\n"
                + "wrote \(Lockfile.path(in: folder))\n")
    }

    /// The error for a name the lock does not have.
    static func notLocked(_ name: String, lock: Lockfile, folder: String, command: String) -> CLIError {
        let names = lock.entries.keys.sorted()
        let file = Installing.join(folder, name + ".lua")
        let byHand = FileManager.default.fileExists(atPath: file) ? " (\(file) was not installed with panekit add; delete it yourself)" : ""
        let known = names.isEmpty ? "it lists no plugin" : "it lists " + names.joined(separator: ", ")
        return .input("\(command): \(Lockfile.path(in: folder)) has no plugin \"\(name)\"\(byHand); \(known)")
    }
}
