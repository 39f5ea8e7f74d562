// panekit install: put back exactly what Plugins/panekit.lock records, or verify it (--check).

import Foundation
import PaneKitLua

enum InstallCommand {
    static let help = """
        usage: panekit install [--check] [--plugins DIR]

        Installs exactly what DIR/panekit.lock records: each plugin's files from its source at the locked
        commit, each checked against its sha256. When a source is unreachable (offline, moved, private), the
        files come from the cache folder instead (PANEKIT_CACHE, else $XDG_CACHE_HOME/panekit, else
        ~/.cache/panekit; every add, install and update fills it), still checked against the lock. On any
        problem nothing is written.
          --check         write nothing: verify the files on disk against the lock and name each file that
                          differs or is missing (exit 1); run it in CI
          --plugins DIR   the plugins folder (default ./Plugins)

        Example: panekit install --check

        """

    static func run(_ arguments: [String]) throws(CLIError) {
        let args = try Arguments(command: "install", arguments, valued: ["plugins"], switches: ["check"])
        if args.has("help") { return Output.print(help) }
        guard args.positionals.isEmpty else {
            throw .usage("install: takes no plugin names (it installs what the lock says; see panekit add); see panekit install --help")
        }
        let folder = args.value("plugins") ?? "Plugins"
        guard let lock = try Lockfile.read(in: folder) else {
            throw .input("install: \(Lockfile.path(in: folder)): no such file; panekit add SOURCE writes it")
        }
        if args.has("check") {
            let problems = verify(lock, folder: folder)
            guard problems.isEmpty else {
                Output.print(problems.map { $0 + "\n" }.joined())
                throw .input("\(problems.count) file\(problems.count == 1 ? " differs" : "s differ") from \(Lockfile.path(in: folder))")
            }
            let files = lock.entries.values.reduce(0) { $0 + $1.files.count }
            return Output.print(
                "\(Lockfile.path(in: folder)): \(lock.entries.count) plugin\(lock.entries.count == 1 ? "" : "s"), "
                    + "\(files) file\(files == 1 ? "" : "s") match\n")
        }
        var change = PluginFolderChange(folder: folder)
        var out = ""
        var clones: [String: PluginFetch.Clone] = [:]
        var unreachable: [String: String] = [:]
        for name in lock.entries.keys.sorted() {
            let entry = lock.entries[name]!
            let location = Installing.location(entry.source, folder: folder)
            var files: [String: Data] = [:]
            var note = ""
            do throws(CLIError) {
                if unreachable[entry.source] != nil { throw .input(unreachable[entry.source]!) }
                files = try fetch(entry, location: location, clones: &clones)
            } catch {
                guard error.message.contains("cannot fetch") || error.message.contains("cannot read the file") else { throw error }
                unreachable[entry.source] = error.message
                files = try cached(entry, reason: error.message)
                note = " (offline: \(entry.source) is unreachable; from the cache \(PluginCache.folder))"
            }
            _ = try PluginFetch.checked(name: name, path: entry.path, files: files, origin: entry.origin, command: "install")
            for (file, data) in files { change.writes[file] = data }
            out +=
                "installed \(name) \(entry.version) from \(entry.origin)\(entry.commit.map { " (commit \($0.prefix(12)))" } ?? "")\(note)\n"
        }
        try change.commit(command: "install")
        for data in change.writes.values { PluginCache.store(data) }
        Output.print(out)
    }

    /// The lock's files of `entry` from its source, each checked against its hash.
    private static func fetch(
        _ entry: Lockfile.Entry, location: String, clones: inout [String: PluginFetch.Clone]
    ) throws(CLIError) -> [String: Data] {
        var files: [String: Data] = [:]
        if let commit = entry.commit {
            let clone: PluginFetch.Clone
            if let known = clones[location] {
                clone = known
            } else {
                clone = try PluginFetch.Clone(location, display: entry.source, command: "install")
                clones[location] = clone
            }
            guard (try? Git.run(["cat-file", "-e", "\(commit)^{commit}"], in: clone.repository, command: "install")) != nil else {
                throw .input(
                    "install: \(entry.name): \(entry.source) has no commit \(commit) (the lock's \(entry.ref ?? "ref")); "
                        + "it was rewritten or the lock is wrong; nothing was changed")
            }
            try Git.checkout(commit, in: clone.repository, command: "install")
            let folder = (entry.path as NSString).deletingLastPathComponent
            for file in entry.files.keys.sorted() {
                let path = clone.repository + "/" + (folder.isEmpty ? file : folder + "/" + file)
                guard (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) == nil,
                    let data = FileManager.default.contents(atPath: path)
                else {
                    throw .input(
                        "install: \(entry.name): \(entry.origin) has no file \(folder.isEmpty ? file : folder + "/" + file); nothing was changed"
                    )
                }
                files[file] = data
            }
        } else {
            let fetched = try PluginFetch.fetch(source: entry.source, location: location, ref: nil, command: "install")
            files = fetched.plugins.first?.files.filter { entry.files[$0.key] != nil } ?? [:]
        }
        for (file, hash) in entry.files.sorted(by: { $0.key < $1.key }) {
            guard let data = files[file] else {
                throw .input("install: \(entry.name): \(entry.source) has no file \(file); nothing was changed")
            }
            let found = SHA256.hex(data)
            guard found == hash else {
                throw .input(
                    "install: \(entry.name): \(file) from \(entry.origin) has sha256 \(found), the lock says \(hash); "
                        + "the source changed since it was locked (run panekit add \(entry.origin) to take it); nothing was changed")
            }
        }
        return files
    }

    /// The lock's files of `entry` from the cache.
    private static func cached(_ entry: Lockfile.Entry, reason: String) throws(CLIError) -> [String: Data] {
        var files: [String: Data] = [:]
        for (file, hash) in entry.files.sorted(by: { $0.key < $1.key }) {
            guard let data = PluginCache.load(hash) else {
                let why = reason.hasPrefix("install: ") ? String(reason.dropFirst(9)) : reason
                throw .input(
                    "install: \(why), and the cache \(PluginCache.folder) has no copy of \(file) (sha256 \(hash)) for "
                        + "\(entry.name); nothing was changed")
            }
            files[file] = data
        }
        return files
    }

    /// Each file of the lock that is missing from `folder` or differs from its hash, one line each.
    static func verify(_ lock: Lockfile, folder: String) -> [String] {
        var problems: [String] = []
        for name in lock.entries.keys.sorted() {
            let entry = lock.entries[name]!
            for (file, hash) in entry.files.sorted(by: { $0.key < $1.key }) {
                let path = Installing.join(folder, file)
                guard let data = FileManager.default.contents(atPath: path) else {
                    problems.append("\(path): missing (the lock lists it for \(name) from \(entry.origin))")
                    continue
                }
                let found = SHA256.hex(data)
                if found != hash {
                    problems.append(
                        "\(path): differs from the lock (sha256 \(found), the lock says \(hash) for \(name) from \(entry.origin))")
                }
            }
        }
        return problems
    }
}
