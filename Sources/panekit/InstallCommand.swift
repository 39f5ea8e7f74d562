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
                          differs, is missing or is not a regular file, each file the lock does not list, and
                          each entry changed by hand (exit 1); run it in CI
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
        // A change an interrupted command left half made is put back first (it may have moved the lock aside);
        // --check writes nothing, so it only says so.
        let notes = args.has("check") ? [] : try PluginFolderChange.recoverInterrupted(folder: folder, command: "install")
        guard let lock = try Lockfile.read(in: folder) else {
            let left = FolderChange.leftovers(in: folder).map { Installing.join(folder, $0) }
            let hint =
                left.isEmpty
                ? "panekit add SOURCE writes it"
                : "\(left.joined(separator: ", ")) holds the change an interrupted panekit command left half made; panekit install "
                    + "puts \(folder) back as it was"
            throw .input("install: \(Lockfile.path(in: folder)): no such file; \(hint)")
        }
        if args.has("check") {
            // Shared with other readers: a change another command is making is not seen half made.
            let held = try FolderLock(folder, exclusive: false, command: "install")
            defer { held.release() }
            let lock = try Lockfile.read(in: folder) ?? lock
            let found = verify(lock, folder: folder)
            let problems =
                found.problems
                + found.unlocked.map { "\($0): not in the lock (no entry lists it); panekit add its source, or move it out of \(folder)" }
            guard problems.isEmpty else {
                Output.print(problems.map { $0 + "\n" }.joined())
                throw .input("\(problems.count) file\(problems.count == 1 ? " differs" : "s differ") from \(Lockfile.path(in: folder))")
            }
            let files = lock.entries.values.reduce(0) { $0 + $1.files.count }
            return Output.print(
                "\(Lockfile.path(in: folder)): \(lock.entries.count) plugin\(lock.entries.count == 1 ? "" : "s"), "
                    + "\(files) file\(files == 1 ? "" : "s") match\n")
        }
        for name in lock.entries.keys.sorted() {
            // An entry changed after add wrote it is not followed. One without a digest (a lock from before
            // digests) still installs exactly the files its hashes name, with a warning; update refuses it.
            guard let problem = lock.entries[name]!.digestProblem else { continue }
            guard lock.entries[name]!.digest == nil else { throw edited(name, problem, folder: folder, command: "install") }
            Output.warn("install: warning: \(Lockfile.path(in: folder)): plugins.\(name) \(problem); panekit add SOURCE@REF seals it")
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
                note = " (offline: \(PluginText.excerpt(entry.source)) is unreachable; from the cache \(PluginCache.folder))"
            }
            _ = try PluginFetch.checked(name: name, path: entry.path, files: files, origin: entry.shownOrigin, command: "install")
            for (file, data) in files { change.writes[file] = data }
            out +=
                "installed \(name) \(entry.shownVersion) from \(entry.shownOrigin)\(entry.commit.map { " (commit \($0.prefix(12)))" } ?? "")\(note)\n"
        }
        let moreNotes = try PluginFolderChange.apply(folder: folder, command: "install") { current throws(CLIError) in
            guard current == lock else { throw changedMeanwhile(folder, command: "install") }
            return change
        }
        for data in change.writes.values { PluginCache.store(data) }
        Output.print((notes + moreNotes).map { $0 + "\n" }.joined() + out)
    }

    /// The error for a lock entry changed by hand, which install and update do not follow.
    static func edited(_ name: String, _ problem: String, folder: String, command: String) -> CLIError {
        .input(
            "\(command): \(Lockfile.path(in: folder)): plugins.\(name) \(problem); panekit does not follow a lock entry changed by "
                + "hand: restore the lock from version control, or run panekit add SOURCE@REF to take that source on purpose; "
                + "nothing was changed")
    }

    /// The error for a lock file another command rewrote while this one fetched.
    static func changedMeanwhile(_ folder: String, command: String) -> CLIError {
        .input(
            "\(command): \(Lockfile.path(in: folder)) changed while \(command) was fetching (another panekit command); "
                + "nothing was changed; run it again")
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
                    "install: \(entry.name): \(PluginText.excerpt(entry.source)) has no commit \(commit) (the lock's \(PluginText.excerpt(entry.ref ?? "ref"))); "
                        + "it was rewritten or the lock is wrong; nothing was changed")
            }
            try Git.checkout(commit, in: clone.repository, command: "install")
            let folder = (entry.path as NSString).deletingLastPathComponent
            for file in entry.files.keys.sorted() {
                let shown = folder.isEmpty ? file : folder + "/" + file
                guard
                    let data = try PluginFetch.read(
                        clone.repository + "/" + shown, as: shown, inside: clone.repository, origin: entry.shownOrigin, command: "install")
                else {
                    throw .input("install: \(entry.name): \(entry.shownOrigin) has no file \(shown); nothing was changed")
                }
                files[file] = data
            }
        } else {
            let fetched = try PluginFetch.fetch(source: entry.source, location: location, ref: nil, command: "install")
            files = fetched.plugins.first?.files.filter { entry.files[$0.key] != nil } ?? [:]
        }
        for (file, hash) in entry.files.sorted(by: { $0.key < $1.key }) {
            guard let data = files[file] else {
                throw .input("install: \(entry.name): \(PluginText.excerpt(entry.source)) has no file \(file); nothing was changed")
            }
            let found = SHA256.hex(data)
            guard found == hash else {
                throw .input(
                    "install: \(entry.name): \(file) from \(entry.shownOrigin) has sha256 \(found), the lock says \(hash); "
                        + "the source changed since it was locked (run panekit add \(entry.shownOrigin) to take it); nothing was changed")
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

    /// What `install --check` finds: the lock against the plugins folder.
    struct Verification {
        /// One line per problem: a locked file missing, not a regular file or different; an entry changed by
        /// hand; a change an interrupted command left half made.
        var problems: [String] = []
        /// The paths of files in the folder that no entry lists (a plugin written by hand, a golden file the lock
        /// does not record).
        var unlocked: [String] = []
    }

    /// Checks `folder` against `lock`: every locked file is there, a regular file (never read through a link, a
    /// FIFO or past 64 MiB: see `FoundFile`) with the locked sha256; every entry is as panekit wrote it; every other
    /// file (but the lock, `*.d.lua` annotation files and hidden files) is reported as unlocked.
    static func verify(_ lock: Lockfile, folder: String) -> Verification {
        var found = Verification()
        for name in FolderChange.leftovers(in: folder) {
            found.problems.append(
                "\(Installing.join(folder, name)): left by an interrupted panekit command; panekit install (or add, update, remove) "
                    + "puts \(folder) back as it was")
        }
        for name in lock.entries.keys.sorted() {
            let entry = lock.entries[name]!
            if let problem = entry.digestProblem {
                found.problems.append(
                    "\(Lockfile.path(in: folder)): plugins.\(name) \(problem); restore the lock, or panekit add SOURCE@REF records it")
            }
            for (file, hash) in entry.files.sorted(by: { $0.key < $1.key }) {
                let path = Installing.join(folder, file)
                let listed = "the lock lists it for \(name) from \(entry.shownOrigin)"
                switch FoundFile.read(path, inside: folder) {
                case .success(let data):
                    let sha = SHA256.hex(data)
                    if sha != hash { found.problems.append("\(path): differs from the lock (sha256 \(sha), \(listed) with \(hash))") }
                case .failure(.missing): found.problems.append("\(path): missing (\(listed))")
                case .failure(let problem): found.problems.append("\(path): \(problem.phrase), not the locked file (\(listed))")
                }
            }
        }
        let locked = Set(lock.entries.values.flatMap(\.files.keys))
        for file in ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
        where !locked.contains(file) && file != Lockfile.fileName && !file.hasSuffix(".d.lua") && !file.hasPrefix(".") {
            let path = Installing.join(folder, file)
            if case .success(let status) = Platform.fileStatus(path, followLinks: false), status.kind == .folder { continue }
            found.unlocked.append(Installing.join(folder, PluginText.excerpt(file)))
        }
        return found
    }
}
