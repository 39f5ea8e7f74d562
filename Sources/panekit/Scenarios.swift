// Loading scenario files, the styler registry and the Lua plugins for the commands.

import Foundation
import PaneKit
import PaneKitScenario
import PaneKitLua

enum Scenarios {
    /// Reads and validates a scenario file, under the container behavior `behavior` when given (`--behaviors`; its messages
    /// name the file `FILE (behavior NAME)`).
    static func load(_ path: String, registry: StylerRegistry, behavior: String? = nil) throws(CLIError) -> Scenario {
        let text = try Output.read(path)
        let registry = try BakedStylers.adding(bakeFilesNamed: text, scenario: path, to: registry)
        let name = Files.displayName(path) + (behavior.map { " (behavior \($0))" } ?? "")
        do {
            return try ScenarioLoader.load(text, file: name, registry: registry, behaviorNamed: behavior)
        } catch {
            throw problems(error, in: name)
        }
    }

    /// The input error for a scenario's problems: their count, the file, then one line each.
    static func problems(_ error: ScenarioError, in name: String) -> CLIError {
        .input("\(error.issues.count) problem\(error.issues.count == 1 ? "" : "s") in \(name):\n\(error)")
    }
}

extension Scenarios {
    /// Notes the scenario files as inputs that no output may replace (before any job writes), and checks that `-`
    /// (standard input) is given at most once, and not with `--watch`.
    static func checkInputs(_ paths: [String], command: String, watch: Bool) throws(CLIError) {
        let count = paths.filter { $0 == Files.standardStream }.count
        if count > 1 { throw .usage("\(command): - (standard input) can be given only once") }
        if count == 1 && watch { throw .usage("\(command): --watch cannot watch standard input; give a scenario file") }
        for path in paths { Files.noteInput(path) }
    }
}

enum Registries {
    /// The flags that set the Lua limits, for a command's `valued` set.
    static let limitFlags: Set<String> = ["max-instructions", "max-memory"]

    /// Help lines for the limit flags.
    static let limitHelp = """
          --max-instructions N  Lua instructions one plugin call may run (default 1000000)
          --max-memory SIZE     memory of each plugin's Lua state, such as 8MiB or 512K (default 8MiB)
        """

    /// The Lua limits given by `--max-instructions` and `--max-memory`.
    static func limits(_ args: Arguments) throws(CLIError) -> Limits {
        let instructions = try args.int("max-instructions", where: { $0 >= 1000 }, expected: "a whole number ≥ 1000")
        var memory = Limits.defaultMemory
        if let text = args.value("max-memory") {
            guard let bytes = Limits.parseBytes(text), bytes >= 64 << 10 else {
                throw .usage("\(args.command): --max-memory: expected a size ≥ 64K such as 8MiB, 512K or 1048576, got \"\(text)\"")
            }
            memory = bytes
        }
        return Limits(instructions: instructions ?? Limits.defaultInstructions, memory: memory)
    }

    /// The plugins of `pluginsFolder` (default ./Plugins when it exists); nil when there is no folder.
    ///
    /// A folder is loaded once per process. Asking again (as `--watch` does after a change) reloads the files
    /// that changed: a changed plugin is swapped in only if it loads into a fresh state and passes a quick
    /// check; otherwise its last good version stays and the error is shown. Problems go to standard error.
    static func catalog(pluginsFolder: String?, limits: Limits = Limits()) throws(CLIError) -> PluginCatalog? {
        var folder = pluginsFolder
        var isFolder: ObjCBool = false
        if let given = folder {
            guard FileManager.default.fileExists(atPath: given, isDirectory: &isFolder), isFolder.boolValue else {
                throw .input("\(given): no such folder (given with --plugins)")
            }
        } else if FileManager.default.fileExists(atPath: "Plugins", isDirectory: &isFolder), isFolder.boolValue {
            folder = "Plugins"
        }
        guard let folder else { return nil }
        for file in (try? PluginLoader.discover(in: folder)) ?? [] { Files.noteInput(file) }
        return try PluginSessions.shared.catalog(folder: folder, limits: limits)
    }

    /// The built-in stylers plus the plugins of `pluginsFolder` (default ./Plugins when it exists), plus the
    /// plugin `files` named on the command line (`panekit play wobble.lua`).
    ///
    /// A file that the folder already holds is the folder's plugin; other files join the folder's plugins unless
    /// one of them takes the same name, in which case they join only the built-ins.
    static func load(
        pluginsFolder: String?, limits: Limits = Limits(), files: [String] = [], scenarios: [String] = []
    ) throws(CLIError) -> StylerRegistry {
        var registry = try load(pluginsFolder: pluginsFolder, limits: limits, files: files)
        // The bake files the scenarios name, so that every later use of the registry resolves them.
        for path in scenarios where path.hasSuffix(".json") && FileManager.default.fileExists(atPath: path) {
            registry = try BakedStylers.adding(bakeFilesNamed: try Output.read(path), scenario: path, to: registry)
        }
        return registry
    }

    private static func load(pluginsFolder: String?, limits: Limits, files: [String]) throws(CLIError) -> StylerRegistry {
        let folderRegistry = try catalog(pluginsFolder: pluginsFolder, limits: limits)?.registry ?? .builtins
        let extra = files.filter { file in
            let name = RunTargets.stylerName(file)
            guard let entry = folderRegistry.entry(named: name) else { return true }
            return standardized(entry.source) != standardized(file)
        }
        guard !extra.isEmpty else { return folderRegistry }
        for file in extra where !FileManager.default.fileExists(atPath: file) { throw .input("\(file): no such file") }
        let clash = extra.contains { folderRegistry.entry(named: RunTargets.stylerName($0)) != nil }
        return try PluginSessions.shared.catalog(files: extra, limits: limits, base: clash ? .builtins : folderRegistry).registry
    }

    static func standardized(_ path: String) -> String { URL(fileURLWithPath: path).standardizedFileURL.path }
}

/// The plugin catalogs of this process, one per folder (or set of named files), each with the reloader that
/// keeps it current.
final class PluginSessions: @unchecked Sendable {
    static let shared = PluginSessions()
    private let lock = NSLock()
    private var sessions: [String: (limits: Limits, catalog: PluginCatalog, reloader: Reloader)] = [:]
    private var events: [ReloadEvent] = []
    /// Whether reload events are only collected (the player shows them on its status line) instead of printed.
    var quiet = false

    /// The reload events since the last call, in the order they happened.
    func takeEvents() -> [ReloadEvent] {
        lock.withLock {
            defer { events.removeAll() }
            return events
        }
    }

    /// The container families a loaded plugin names in its `containers`, from any catalog of this process; nil for a
    /// built-in or a plugin that names none.
    func containers(of name: String) -> [ContainerKind]? {
        lock.withLock {
            for key in sessions.keys.sorted() {
                if let plugin = sessions[key]?.catalog.plugin(named: name) { return plugin.manifest.containers }
            }
            return nil
        }
    }

    /// The directions a loaded plugin styles, from any catalog of this process; nil for a built-in.
    func directions(of name: String) -> [Direction]? {
        lock.withLock {
            for key in sessions.keys.sorted() {
                if let plugin = sessions[key]?.catalog.plugin(named: name) { return plugin.manifest.directions }
            }
            return nil
        }
    }

    func catalog(folder: String, limits: Limits) throws(CLIError) -> PluginCatalog {
        try session("folder:" + folder, limits: limits, label: folder) { () throws(PluginError) in
            try PluginCatalog(folder: folder, limits: limits)
        }
    }

    /// A catalog of plugin files named one by one, joining `base`.
    func catalog(files: [String], limits: Limits, base: StylerRegistry) throws(CLIError) -> PluginCatalog {
        try session("files:" + files.joined(separator: "\n"), limits: limits, label: nil) { () throws(PluginError) in
            PluginCatalog(paths: files, limits: limits, base: base)
        }
    }

    private func session(
        _ key: String, limits: Limits, label: String?, make: () throws(PluginError) -> PluginCatalog
    ) throws(CLIError) -> PluginCatalog {
        lock.lock()
        defer { lock.unlock() }
        if let session = sessions[key], session.limits == limits {
            for event in session.reloader.poll(now: 0) {
                if quiet { events.append(event) } else { Output.warn(event.description) }
            }
            return session.catalog
        }
        let catalog: PluginCatalog
        do {
            catalog = try make()
        } catch {
            throw .input("\(error)")
        }
        let prefix = label.map { "\($0)/" } ?? ""
        for error in catalog.refused { Output.warn("warning: \(prefix)\(error.description) (the plugin is not loaded)") }
        // Files load when a run names them: one that fails warns then (stylerFailed), never a run that does not use it.
        // The caller decides when files have settled (--watch debounces), so the reloader does not wait.
        sessions[key] = (limits, catalog, Reloader(catalog: catalog, debounce: 0))
        return catalog
    }
}
