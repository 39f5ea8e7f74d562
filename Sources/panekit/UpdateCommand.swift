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
        let recovered = try PluginFolderChange.recoverInterrupted(folder: folder, command: "update")
        guard let lock = try Lockfile.read(in: folder) else {
            throw .input("update: \(Lockfile.path(in: folder)): no such file; panekit add SOURCE writes it")
        }
        let names: [String]
        if let name = args.positionals.first {
            guard let entry = lock.entries[name] else { throw RemoveCommand.notLocked(name, lock: lock, folder: folder, command: "update") }
            guard entry.commit != nil else {
                throw .input(
                    "update: \(name) comes from the file \(entry.shownOrigin), which has no tags; run panekit add \(entry.shownOrigin) again "
                        + "to take a new copy")
            }
            names = [name]
        } else {
            names = lock.entries.values.filter { $0.commit != nil }.map(\.name).sorted()
        }
        // An entry changed by hand (another source) is never followed to that source's code.
        for name in names {
            if let problem = lock.entries[name]!.digestProblem {
                throw InstallCommand.edited(name, problem, folder: folder, command: "update")
            }
        }
        var out = ""
        var newest: [String: String] = [:]
        var moves: [(name: String, fetched: FetchedSource)] = []
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
                out +=
                    "\(name) \(entry.shownVersion) is at the newest tag \(PluginText.excerpt(tag)) of \(PluginText.excerpt(entry.source))\n"
                continue
            }
            moves.append((name, fetched))
            out +=
                "updated \(name) \(entry.shownVersion) → \(PluginText.excerpt(fetched.plugins[0].version)) "
                + "(\(PluginText.excerpt(entry.ref ?? "?")) → \(PluginText.excerpt(tag)), commit \(fetched.commit!.prefix(12)))\n"
        }
        guard !moves.isEmpty else { return Output.print(recovered.map { $0 + "\n" }.joined() + out) }
        var written: [Data] = []
        // Under the folder's lock, from the lock file as it is then: an entry another command changed meanwhile
        // stops the update; any other change to the lock is kept.
        let notes = try PluginFolderChange.apply(folder: folder, command: "update") { current throws(CLIError) in
            var change = PluginFolderChange(folder: folder)
            var now = current ?? Lockfile()
            for (name, fetched) in moves {
                guard now.entries[name] == lock.entries[name] else { throw InstallCommand.changedMeanwhile(folder, command: "update") }
                let step = try Installing.change(
                    adding: fetched, storedAs: lock.entries[name]!.source, to: now, folder: folder, command: "update")
                change.writes.merge(step.writes) { $1 }
                change.deletions.formUnion(step.deletions)
                now = step.lock!
            }
            change.lock = now
            written = Array(change.writes.values)
            return change
        }
        for data in written { PluginCache.store(data) }
        Output.print((recovered + notes).map { $0 + "\n" }.joined() + out + "wrote \(Lockfile.path(in: folder))\n")
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
        let recovered = try PluginFolderChange.recoverInterrupted(folder: folder, command: "remove")
        guard try Lockfile.read(in: folder) != nil else {
            throw .input("remove: \(Lockfile.path(in: folder)): no such file; only plugins installed with panekit add can be removed")
        }
        var removed: Lockfile.Entry?
        let notes = try PluginFolderChange.apply(folder: folder, command: "remove") { current throws(CLIError) in
            guard var lock = current else {
                throw .input("remove: \(Lockfile.path(in: folder)): no such file; only plugins installed with panekit add can be removed")
            }
            guard let entry = lock.entries.removeValue(forKey: name) else {
                throw notLocked(name, lock: lock, folder: folder, command: "remove")
            }
            removed = entry
            var change = PluginFolderChange(folder: folder)
            change.deletions = Set(entry.files.keys)
            change.lock = lock
            return change
        }
        guard let entry = removed else { return }
        Output.print(
            (recovered + notes).map { $0 + "\n" }.joined()
                + "removed \(name) \(entry.shownVersion) (\(entry.files.keys.sorted().map { Installing.join(folder, $0) }.joined(separator: ", ")))\n"
                + "wrote \(Lockfile.path(in: folder))\n")
    }

    /// The error for a name the lock does not have.
    static func notLocked(_ name: String, lock: Lockfile, folder: String, command: String) -> CLIError {
        let names = lock.entries.keys.sorted()
        let file = Installing.join(folder, name + ".lua")
        let byHand =
            FileManager.default.fileExists(atPath: file)
            ? " (\(PluginText.excerpt(file)) was not installed with panekit add; delete it yourself)" : ""
        let known = names.isEmpty ? "it lists no plugin" : "it lists " + names.joined(separator: ", ")
        return .input("\(command): \(Lockfile.path(in: folder)) has no plugin \"\(PluginText.excerpt(name))\"\(byHand); \(known)")
    }
}
