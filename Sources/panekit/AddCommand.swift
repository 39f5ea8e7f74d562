// panekit add: install plugins from a git repository at a ref, or from a .lua file, and record them in the lock.

import Foundation
import PaneKit
import PaneKitLua

enum AddCommand {
    static let help = """
        usage: panekit add SOURCE[@REF] [--sha256 HASH] [--plugins DIR]

        Installs the plugins of SOURCE into the plugins folder and records each in DIR/panekit.lock: its source,
        the ref, the commit it resolved to, its path in the source, its version, the styler API range it
        declares and the sha256 of every file it installed. Commit the lock: panekit install puts the same files
        back on another machine, and panekit install --check verifies them (in CI).
        SOURCE is a git repository (a URL, or a local path such as ../someones-stylers) or a .lua file (a path or
        an http(s) URL). REF is a tag, a branch or a commit; without it, the newest tag (else the default
        branch). A repository's plugins are the NAME.lua files in its Plugins/ folder, else at its top; each
        comes with NAME.golden.json when the source has it. Every plugin must pass panekit check, may not take
        the name of a built-in styler or of another installed plugin, and must accept this PaneKit's styler API.
        On any problem nothing is written.
          --sha256 HASH   refuse the download unless HASH is the sha256 of the plugin's .lua file (one plugin),
                          or of the list `sha256sum` prints for all of the files, sorted by name
          --plugins DIR   the plugins folder (default ./Plugins, created when missing)

        git runs without prompts (GIT_TERMINAL_PROMPT=0) and each git command is stopped after 120 seconds
        (PANEKIT_GIT_SECONDS sets another limit). Fetched files are kept in the cache folder (PANEKIT_CACHE, else
        $XDG_CACHE_HOME/panekit, else ~/.cache/panekit) for offline installs.

        Example: panekit add ../someones-stylers@v1.0.0

        """

    static func run(_ arguments: [String]) throws(CLIError) {
        let args = try Arguments(command: "add", arguments, valued: ["sha256", "plugins"], switches: [])
        if args.has("help") { return Output.print(help) }
        guard args.positionals.count == 1, let given = args.positionals.first, !given.isEmpty else {
            throw .usage("add: expected one source, such as panekit add ../someones-stylers@v1.0.0; see panekit add --help")
        }
        let expected = args.value("sha256")?.lowercased()
        if let expected, !SHA256.isDigest(expected) {
            throw .usage("add: --sha256: expected 64 hex digits, got \"\(expected)\"")
        }
        let folder = args.value("plugins") ?? "Plugins"
        let spec = SourceSpec(given)
        _ = try Lockfile.read(in: folder)  // a lock that does not parse fails before any download
        let fetched = try PluginFetch.fetch(
            source: spec.source, location: spec.source, ref: spec.ref, command: "add")
        if let expected { try checkHash(expected, of: fetched) }
        let stored = Installing.stored(spec.source, folder: folder)
        // Under the folder's lock, from the lock file as it is then: another add meanwhile is kept.
        let notes = try PluginFolderChange.apply(folder: folder, command: "add") { lock throws(CLIError) in
            try Installing.change(adding: fetched, storedAs: stored, to: lock ?? Lockfile(), folder: folder, command: "add")
        }
        for plugin in fetched.plugins { for data in plugin.files.values { PluginCache.store(data) } }
        var out = notes.map { $0 + "\n" }.joined()
        for plugin in fetched.plugins {
            let at = fetched.commit.map { " (commit \($0.prefix(12)))" } ?? ""
            out += "added \(plugin.name) \(PluginText.excerpt(plugin.version)) (styler API \(PluginText.excerpt(plugin.panekit))) from "
            out += PluginText.excerpt(spec.source + (fetched.ref.map { "@\($0)" } ?? "")) + at + ": "
            out += plugin.files.keys.sorted().map { Installing.join(folder, $0) }.joined(separator: ", ") + "\n"
        }
        out += "wrote \(Lockfile.path(in: folder))\n"
        Output.print(out)
    }

    /// `--sha256`: the one plugin file's hash, or the digest of the sorted `sha256sum` list of every file.
    static func checkHash(_ expected: String, of fetched: FetchedSource) throws(CLIError) {
        var found: [String] = []
        if fetched.plugins.count == 1, let plugin = fetched.plugins.first, let data = plugin.files[plugin.name + ".lua"] {
            found.append(SHA256.hex(data))
        }
        let files = fetched.plugins.flatMap { $0.files }.sorted { $0.key < $1.key }
        let listing = files.map { "\(SHA256.hex($0.value))  \($0.key)\n" }.joined()
        found.append(SHA256.hex(Array(listing.utf8)))
        guard found.contains(expected) else {
            let what =
                found.count == 2
                ? "the plugin file has \(found[0]) and the list of its files \(found[1])" : "the files' list has \(found[0])"
            throw .input(
                "add: \(fetched.source)\(fetched.ref.map { "@\($0)" } ?? ""): the download does not match --sha256 \(expected): "
                    + "\(what); nothing was written")
        }
    }
}

/// What add, install and update share: where a source is from here, the clash rules and the folder change.
enum Installing {
    /// `folder/name`.
    static func join(_ folder: String, _ name: String) -> String { folder.hasSuffix("/") ? folder + name : folder + "/" + name }

    /// The project folder: the one that holds the plugins folder.
    static func project(of folder: String) -> URL {
        URL(fileURLWithPath: folder).standardizedFileURL.deletingLastPathComponent()
    }

    /// How the lock records a source: URLs and absolute paths as given, a relative local path relative to the
    /// project folder (the one holding the plugins folder), so the lock works from there on any machine.
    static func stored(_ source: String, folder: String) -> String {
        guard !SourceSpec.isRemote(source), !source.hasPrefix("/") else { return source }
        let absolute = URL(fileURLWithPath: source).standardizedFileURL.pathComponents
        let base = project(of: folder).standardizedFileURL.pathComponents
        var common = 0
        while common < absolute.count, common < base.count, absolute[common] == base[common] { common += 1 }
        let parts = Array(repeating: "..", count: base.count - common) + absolute[common...]
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }

    /// Where a recorded source is from the current folder.
    static func location(_ stored: String, folder: String) -> String {
        guard !SourceSpec.isRemote(stored), !stored.hasPrefix("/") else { return stored }
        return project(of: folder).appendingPathComponent(stored).standardizedFileURL.path
    }

    /// Refuses a plugin named as a built-in styler (in any case), with both names.
    static func builtinClash(_ name: String, path: String, origin: String, command: String) throws(CLIError) {
        let lower = name.lowercased()
        guard let builtin = StylerRegistry.builtins.names.first(where: { $0.lowercased() == lower }) else { return }
        throw .input(
            "\(command): \(origin): the plugin \"\(name)\" (\(path)) takes the name of the built-in styler "
                + "\"\(builtin)\"; a plugin may not shadow a built-in; nothing was changed")
    }

    /// The folder change that installs `fetched` and records it, after the clash rules: no plugin may take the
    /// name of a built-in styler, or of an installed plugin that came from elsewhere (by hand or from another
    /// source); names that differ only in case clash too.
    static func change(
        adding fetched: FetchedSource, storedAs stored: String, to lock: Lockfile, folder: String, command: String
    ) throws(CLIError) -> PluginFolderChange {
        var lock = lock
        var change = PluginFolderChange(folder: folder)
        let origin = PluginText.excerpt(fetched.source + (fetched.ref.map { "@\($0)" } ?? ""))
        let installed = (try? FileManager.default.contentsOfDirectory(atPath: folder))?.filter(PluginLoader.isPluginFile) ?? []
        // Two plugins of one source whose names differ only in case would be one file where case is ignored.
        var seen: [String: String] = [:]
        for plugin in fetched.plugins {
            if let other = seen.updateValue(plugin.path, forKey: plugin.name.lowercased()) {
                throw .input(
                    "\(command): \(origin): the plugins \(other) and \(plugin.path) differ only in case; a file system that "
                        + "ignores case keeps one of them; nothing was changed")
            }
        }
        for plugin in fetched.plugins {
            let lower = plugin.name.lowercased()
            try builtinClash(plugin.name, path: plugin.path, origin: origin, command: command)
            let owners = Set(
                lock.entries.keys.filter { $0.lowercased() == lower }
                    + installed.map { String($0.dropLast(4)) }.filter { $0.lowercased() == lower })
            for owner in owners.sorted() {
                let entry = lock.entries[owner]
                if let entry, entry.source == stored, entry.path == plugin.path { continue }  // the same plugin again
                let from = entry.map { "installed from \($0.shownOrigin)" } ?? "not installed by panekit add"
                throw .input(
                    "\(command): \(origin): the plugin \"\(plugin.name)\" (\(plugin.path)) clashes with the installed plugin "
                        + "\"\(owner)\" (\(join(folder, owner + ".lua")), \(from)); remove that one first (panekit remove \(owner), "
                        + "or delete the file) or ask the author to rename theirs; nothing was changed")
            }
            if let old = lock.entries[plugin.name] {
                change.deletions.formUnion(old.files.keys.filter { plugin.files[$0] == nil })
            }
            for (name, data) in plugin.files { change.writes[name] = data }
            lock.entries[plugin.name] = plugin.entry(source: stored, ref: fetched.ref, commit: fetched.commit)
        }
        change.lock = lock
        return change
    }
}
