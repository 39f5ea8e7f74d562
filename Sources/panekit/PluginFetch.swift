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
    /// A fresh temporary folder, removed by the caller.
    static func scratchFolder() throws(CLIError) -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("panekit-fetch-\(UUID().uuidString)").path
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw .input("cannot create a temporary folder \(path): \(error.localizedDescription)")
        }
        return path
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
                try? FileManager.default.removeItem(atPath: folder)
                let reason = error.message.hasPrefix(command + ": ") ? String(error.message.dropFirst(command.count + 2)) : error.message
                throw .input("\(command): \(display): cannot fetch the repository (\(reason))")
            }
        }

        deinit { try? FileManager.default.removeItem(atPath: folder) }
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
        if source.hasSuffix(".lua") {
            guard ref == nil else {
                throw .input("\(command): \(source)@\(ref!): a .lua file has no tags or branches; give the file alone")
            }
            let data = try readFileSource(location, display: source, command: command)
            let file = PluginLoaderName.file(of: source)
            var files = [file: data]
            let golden = String(location.dropLast(4)) + ".golden.json"
            if !SourceSpec.isRemote(location), let companion = FileManager.default.contents(atPath: golden) {
                files[String(file.dropLast(4)) + ".golden.json"] = companion
            }
            let plugin = try checked(name: String(file.dropLast(4)), path: file, files: files, origin: source, command: command)
            return FetchedSource(source: source, ref: nil, commit: nil, plugins: [plugin])
        }
        let clone = try Clone(location, display: source, command: command)
        var wanted = ref
        if wanted == nil {
            wanted = try Git.tags(in: clone.repository, command: command).first ?? Git.defaultBranch(in: clone.repository, command: command)
        }
        guard let wanted, let commit = try Git.commit(of: wanted, in: clone.repository, command: command) else {
            let tags = (try? Git.tags(in: clone.repository, command: command)) ?? []
            let known = tags.isEmpty ? "it has no tags" : "its tags: " + tags.prefix(10).joined(separator: ", ")
            throw .input(
                "\(command): \(source): no tag, branch or commit \"\(ref ?? "HEAD")\" (\(known)); nothing was changed")
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
    /// those at its top.
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
            var files: [String: Data] = [:]
            for installed in [file, name + ".golden.json"] {
                let path = checkout + "/" + folder + installed
                guard fm.fileExists(atPath: path) || isLink(path) else { continue }
                guard !isLink(path) else {
                    throw .input("\(command): \(origin): \(folder + installed) is a symbolic link; plugins must be regular files")
                }
                guard let data = fm.contents(atPath: path) else { throw .input("\(command): \(origin): cannot read \(folder + installed)") }
                files[installed] = data
            }
            found.append(try checked(name: name, path: folder + file, files: files, origin: origin, command: command))
        }
        if let only, found.isEmpty {
            throw .input("\(command): \(origin): the repository no longer has \(only); nothing was changed")
        }
        guard !found.isEmpty else {
            throw .input(
                "\(command): \(origin): no plugin found; expected NAME.lua files (plugins) at the top of the repository or "
                    + "in its Plugins/ folder; nothing was changed")
        }
        return found
    }

    private static func isLink(_ path: String) -> Bool {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) != nil
    }

    /// Reads a `.lua` source: a local file, or a URL fetched with curl (with a time limit).
    private static func readFileSource(_ location: String, display: String, command: String) throws(CLIError) -> Data {
        guard SourceSpec.isRemote(location) else {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: location, isDirectory: &isFolder), !isFolder.boolValue,
                let data = FileManager.default.contents(atPath: location)
            else { throw .input("\(command): \(display): cannot read the file (no such file)") }
            return data
        }
        guard let curl = Platform.findExecutable("curl") else {
            throw .input("\(command): \(display): fetching a file from a URL needs curl; install it, or add its git repository")
        }
        let scratch = try scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let out = scratch + "/download.lua"
        let seconds = Git.seconds
        let result = ToolRun.run(
            curl, ["--fail", "--silent", "--show-error", "--location", "--max-time", "\(Int(seconds))", "--output", out, "--", location],
            seconds: seconds + 5)
        guard let result, result.status == 0, !result.timedOut, let data = FileManager.default.contents(atPath: out) else {
            let why = result?.stderr.trimmingCharacters(in: .whitespacesAndNewlines) ?? "cannot run curl"
            throw .input("\(command): \(display): cannot fetch the file (\(why.isEmpty ? "timed out" : why))")
        }
        return data
    }

    /// Loads and checks a plugin's files in a scratch folder (`panekit check`: the manifest, the API range, every
    /// fraction and state).
    static func checked(name: String, path: String, files: [String: Data], origin: String, command: String) throws(CLIError)
        -> FetchedPlugin
    {
        try Installing.builtinClash(name, path: path, origin: origin, command: command)
        let scratch = try scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let file = scratch + "/" + name + ".lua"
        guard FileManager.default.createFile(atPath: file, contents: files[name + ".lua"]) else {
            throw .input("\(command): cannot write \(file)")
        }
        let problems = CheckCommand.check(file, limits: Limits())
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
