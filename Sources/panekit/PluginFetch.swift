// Getting plugins from a source: a git repository (URL or local path) at a ref, or a .lua file.

import Foundation
import PaneKitLua

/// `SOURCE[@REF]` as given to `panekit add`.
struct SourceSpec: Equatable {
    var source: String
    var ref: String?

    /// Splits at the last `@` that is followed by neither `/` nor `:` (so `git@host:me/repo.git` keeps its user).
    init(_ text: String) {
        if let at = text.lastIndex(of: "@"), at != text.startIndex {
            let ref = text[text.index(after: at)...]
            if !ref.isEmpty, !ref.contains("/"), !ref.contains(":") {
                self.source = String(text[..<at])
                self.ref = String(ref)
                return
            }
        }
        self.source = text
        self.ref = nil
    }

    /// A source that is one plugin file rather than a repository.
    var isFile: Bool { source.hasSuffix(".lua") }

    /// Whether the source names a place on another machine (or a URL of any scheme).
    var isRemote: Bool { Self.isRemote(source) }

    static func isRemote(_ source: String) -> Bool {
        if source.contains("://") { return true }
        // scp-like git@host:path, but not a Windows-like or local path with a colon after a slash.
        if let colon = source.firstIndex(of: ":"), !source[..<colon].contains("/") { return true }
        return false
    }

    /// The URL schemes git may fetch a repository with; a `.lua` file comes over http(s) only.
    static let repositorySchemes = ["https", "http", "ssh", "git", "file", "git+ssh", "ssh+git"]

    /// Why panekit does not hand `source` to git or curl, or nil when it does: a source that reads as an option,
    /// holds control characters, names one of git's remote helpers (`ext::`, which runs a command) or a scheme
    /// other than git's network and file ones (for a `.lua` file, other than http and https: `file:///dev/zero`).
    static func refusal(_ source: String, isFile: Bool) -> String? {
        if source.hasPrefix("-") { return "it starts with '-', so git would read it as an option" }
        if source.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) { return "it holds control characters" }
        let scheme = source.range(of: "://").map { source[..<$0.lowerBound].lowercased() }
        if let helper = source.range(of: "::"), scheme == nil, !source[..<helper.lowerBound].contains("/") {
            return "TRANSPORT::ADDRESS names one of git's remote helpers (\(PluginText.excerpt(source[..<helper.lowerBound]))::), "
                + "which panekit does not run"
        }
        guard let scheme else { return nil }
        let allowed = isFile ? ["https", "http"] : repositorySchemes
        guard allowed.contains(scheme) else {
            return "the scheme \(PluginText.excerpt(scheme)):// is not one panekit fetches "
                + (isFile ? "a .lua file with (http://, https://; give a local file as a path)" : "(\(allowed.joined(separator: ", ")))")
        }
        return nil
    }
}

/// One plugin a source holds, read and checked.
struct FetchedPlugin {
    var name: String
    /// Its `.lua` file's path in the source.
    var path: String
    /// File name in the plugins folder → bytes (`NAME.lua` and, when the source has it, `NAME.golden.json`).
    var files: [String: Data]
    var version: String
    var panekit: String

    /// The lock entry for this plugin from `origin`.
    func entry(source: String, ref: String?, commit: String?) -> Lockfile.Entry {
        Lockfile.Entry(
            name: name, source: source, ref: ref, commit: commit, path: path, version: version, panekit: panekit,
            files: files.mapValues { SHA256.hex($0) })
    }
}

/// What a source gave at a ref.
struct FetchedSource {
    var source: String
    var ref: String?
    var commit: String?
    var plugins: [FetchedPlugin]
}

enum PluginFetch {
    /// A fresh temporary folder, removed by the caller with `removeScratch` (and on Ctrl-C or SIGTERM, see
    /// `Interrupts`).
    static func scratchFolder() throws(CLIError) -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("panekit-fetch-\(UUID().uuidString)").path
        Interrupts.track(folder: path)
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            Interrupts.untrack(folder: path)
            throw .input("cannot create a temporary folder \(path): \(error.localizedDescription)")
        }
        return path
    }

    /// Removes a folder `scratchFolder` made.
    static func removeScratch(_ path: String) {
        try? FileManager.default.removeItem(atPath: path)
        Interrupts.untrack(folder: path)
    }

    /// A clone of a git source in a scratch folder, removed when the clone is released.
    final class Clone {
        let source: String
        let folder: String
        var repository: String { folder + "/repo" }

        /// Clones `source` (given as `display` in messages).
        init(_ source: String, display: String, command: String) throws(CLIError) {
            self.source = source
            folder = try PluginFetch.scratchFolder()
            do throws(CLIError) {
                try Git.clone(source, into: folder + "/repo", command: command)
            } catch {
                PluginFetch.removeScratch(folder)
                let reason = error.message.hasPrefix(command + ": ") ? String(error.message.dropFirst(command.count + 2)) : error.message
                // A source git will not use (a protocol it does not allow) is an error about the source, never
                // "unreachable": install must not take it for offline and serve the cache instead.
                if Git.isRefusal(reason) {
                    throw .input("\(command): \(PluginText.excerpt(display)): git refuses this source (\(reason)); nothing was changed")
                }
                throw .input("\(command): \(PluginText.excerpt(display)): cannot fetch the repository (\(reason))")
            }
        }

        deinit { PluginFetch.removeScratch(folder) }
    }

    /// The plugins of `source` at `ref` (a git repository), or of the `.lua` file `source`.
    /// - Parameters:
    ///   - location: where the source is from here (a relative local path resolved against the project).
    ///   - ref: a tag, branch or commit; nil means the newest tag, else the default branch.
    ///   - only: the source path of the one plugin wanted (update), or nil for all.
    /// - Throws: `CLIError` for an unreachable source, a missing ref, a source without plugins or a plugin that
    ///   fails `panekit check`.
    static func fetch(
        source: String, location: String, ref: String?, only: String? = nil, command: String
    ) throws(CLIError) -> FetchedSource {
        if let refusal = SourceSpec.refusal(location, isFile: source.hasSuffix(".lua")) {
            throw .input(
                "\(command): \(PluginText.excerpt(source)): refused: \(refusal); give an https://, ssh:// or git:// URL, "
                    + "user@host:path or a local path; nothing was changed")
        }
        if source.hasSuffix(".lua") {
            guard ref == nil else {
                throw .input("\(command): \(source)@\(ref!): a .lua file has no tags or branches; give the file alone")
            }
            let data = try readFileSource(location, display: source, command: command)
            let file = PluginLoaderName.file(of: source)
            let name = String(file.dropLast(4))
            try checkName(name, file: file, origin: source, command: command)
            var files = [file: data]
            if !SourceSpec.isRemote(location) {
                let golden = String(location.dropLast(4)) + ".golden.json"
                files[name + ".golden.json"] = try read(
                    golden, as: name + ".golden.json", inside: FoundFile.folder(of: location), origin: source, command: command)
            }
            let plugin = try checked(name: name, path: file, files: files, origin: source, command: command)
            return FetchedSource(source: source, ref: nil, commit: nil, plugins: [plugin])
        }
        let clone = try Clone(location, display: source, command: command)
        var wanted = ref
        if wanted == nil {
            wanted = try Git.tags(in: clone.repository, command: command).first ?? Git.defaultBranch(in: clone.repository, command: command)
        }
        guard let wanted, let commit = try Git.commit(of: wanted, in: clone.repository, command: command) else {
            let tags = (try? Git.tags(in: clone.repository, command: command)) ?? []
            let known =
                tags.isEmpty ? "it has no tags" : "its tags: " + tags.prefix(10).map { PluginText.excerpt($0) }.joined(separator: ", ")
            throw .input(
                "\(command): \(source): no tag, branch or commit \"\(PluginText.excerpt(ref ?? "HEAD"))\" (\(known)); nothing was changed")
        }
        try Git.checkout(commit, in: clone.repository, command: command)
        let plugins = try plugins(in: clone.repository, only: only, origin: "\(source)@\(wanted)", command: command)
        return FetchedSource(source: source, ref: wanted, commit: commit, plugins: plugins)
    }

    /// The newest tag of a git source.
    static func newestTag(source: String, location: String, command: String) throws(CLIError) -> String {
        let clone = try Clone(location, display: source, command: command)
        guard let tag = try Git.tags(in: clone.repository, command: command).first else {
            throw .input("\(command): \(source): the repository has no tags; update moves a plugin to the newest tag")
        }
        return tag
    }

    /// The files of the plugins in a checkout: those of its Plugins/ folder when it has one with plugins, else
    /// those at its top. Each file is a regular file inside the checkout (`FoundFile`): a link, a folder that is a
    /// link out of the checkout, a FIFO or a file over 64 MiB is refused.
    private static func plugins(in checkout: String, only: String?, origin: String, command: String) throws(CLIError) -> [FetchedPlugin] {
        let fm = FileManager.default
        var folder = ""
        let nested = ((try? fm.contentsOfDirectory(atPath: checkout + "/Plugins")) ?? []).filter(PluginLoader.isPluginFile)
        if !nested.isEmpty { folder = "Plugins/" }
        let names = (folder.isEmpty ? ((try? fm.contentsOfDirectory(atPath: checkout)) ?? []).filter(PluginLoader.isPluginFile) : nested)
            .sorted()
        var found: [FetchedPlugin] = []
        for file in names where only == nil || folder + file == only {
            let name = String(file.dropLast(4))
            try checkName(name, file: folder + file, origin: origin, command: command)
            var files: [String: Data] = [:]
            for installed in [file, name + ".golden.json"] {
                files[installed] = try read(
                    checkout + "/" + folder + installed, as: folder + installed, inside: checkout, origin: origin, command: command)
            }
            found.append(try checked(name: name, path: folder + file, files: files, origin: origin, command: command))
        }
        if let only, found.isEmpty {
            throw .input("\(command): \(origin): the repository no longer has \(PluginText.excerpt(only)); nothing was changed")
        }
        guard !found.isEmpty else {
            throw .input(
                "\(command): \(origin): no plugin found; expected NAME.lua files (plugins) at the top of the repository or "
                    + "in its Plugins/ folder; nothing was changed")
        }
        return found
    }

    /// A file of a source (`shown` in messages): its bytes, nil when it is missing, or the refusal every reader of
    /// a source gives (see `FoundFile`).
    static func read(_ path: String, as shown: String, inside root: String, origin: String, command: String) throws(CLIError) -> Data? {
        switch FoundFile.read(path, inside: root) {
        case .success(let data): return data
        case .failure(.missing): return nil
        case .failure(.link):
            throw .input("\(command): \(origin): \(PluginText.excerpt(shown)) is a symbolic link; plugins must be regular files")
        case .failure(let problem):
            throw .input(
                "\(command): \(origin): \(PluginText.excerpt(shown)) is \(problem.phrase); plugins must be regular files inside their "
                    + "source; nothing was changed")
        }
    }

    /// Refuses a plugin file whose name is not a plugin name (the lock could not record it).
    static func checkName(_ name: String, file: String, origin: String, command: String) throws(CLIError) {
        guard !NewCommand.isPluginName(name) else { return }
        throw .input(
            "\(command): \(origin): \(PluginText.excerpt(file)): \"\(PluginText.excerpt(name))\" is not a plugin name (letters, digits, "
                + "'.', '-' and '_', starting with a letter, a digit or '_'); nothing was changed")
    }

    /// Reads a `.lua` source: a local file (as every file of a source is read), or an http(s) URL fetched with curl
    /// (the git time limit, at most 64 MiB).
    private static func readFileSource(_ location: String, display: String, command: String) throws(CLIError) -> Data {
        guard SourceSpec.isRemote(location) else {
            guard let data = try read(location, as: display, inside: FoundFile.folder(of: location), origin: display, command: command)
            else {
                throw .input("\(command): \(display): cannot read the file (no such file)")
            }
            return data
        }
        guard let curl = Platform.findExecutable("curl") else {
            throw .input("\(command): \(display): fetching a file from a URL needs curl; install it, or add its git repository")
        }
        let seconds = Git.seconds
        let limit = Files.maximumInput
        let result = ToolRun.run(
            curl,
            [
                "--fail", "--silent", "--show-error", "--location", "--proto", "=http,https", "--proto-redir", "=http,https",
                "--max-filesize", "\(limit)", "--max-time", "\(Int(seconds))", "--output", "-", "--", location,
            ],
            seconds: seconds + 5, outputLimit: limit)
        guard let result, result.status == 0, !result.timedOut, !result.outputTooLarge else {
            if let result, result.outputTooLarge || result.status == 63 {  // 63: curl's "maximum file size exceeded"
                throw .input("\(command): \(display): the file is larger than the \(limit >> 20) MiB limit; nothing was changed")
            }
            let why = result.map { PluginText.excerpt($0.stderr.trimmingCharacters(in: .whitespacesAndNewlines)) } ?? "cannot run curl"
            throw .input("\(command): \(display): cannot fetch the file (\(why.isEmpty ? "timed out" : why))")
        }
        return result.output
    }

    /// Loads and checks a plugin's files in a scratch folder (`panekit check`: the manifest, the API range, every
    /// fraction and state).
    static func checked(name: String, path: String, files: [String: Data], origin: String, command: String) throws(CLIError)
        -> FetchedPlugin
    {
        try Installing.builtinClash(name, path: path, origin: origin, command: command)
        let scratch = try scratchFolder()
        defer { removeScratch(scratch) }
        let file = scratch + "/" + name + ".lua"
        guard FileManager.default.createFile(atPath: file, contents: files[name + ".lua"]) else {
            throw .input("\(command): cannot write \(file)")
        }
        let problems = CheckCommand.check(file, limits: Limits()).problems
        guard problems.isEmpty else {
            let lines = problems.flatMap(\.lines).map { "  " + $0 }.joined(separator: "\n")
            throw .input("\(command): \(origin): \(path) fails panekit check; nothing was changed:\n\(lines)")
        }
        let plugin: LuaPlugin
        do {
            plugin = try PluginLoader.load(path: file)
        } catch {
            throw .input("\(command): \(origin): \(path): \(error)")
        }
        return FetchedPlugin(
            name: name, path: path, files: files, version: plugin.manifest.version, panekit: plugin.manifest.panekit?.text ?? "*")
    }
}

/// The last path component.
enum PluginLoaderName {
    static func file(of path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? path
    }
}
