// The plugins of one run: found in a folder or named as files, registered beside the built-in stylers.

import Foundation
import PaneKit

/// The Lua plugins of a run and their registry entries.
///
/// A file is loaded when a run first needs it (its styler is made, or its description or parameters are read),
/// so a broken or hostile plugin in the folder costs nothing to a run that does not name it. A plugin that does
/// not load stays in the catalog with its error: a scenario that names it gets a styler
/// whose first call fails with that error (so a render finishes with a warning, and `--strict` stops it), and a
/// reload may fix it. A file whose name is not a styler name, or that would shadow a built-in, is refused and
/// listed in `refused`.
public final class PluginCatalog: @unchecked Sendable {
    /// The instruction budget and memory cap of every plugin's state.
    public let limits: Limits
    /// The folder plugins were discovered in, if any (the reloader watches it for new files).
    public let folder: String?
    private let base: StylerRegistry
    private let lock = NSLock()
    private var slots: [(path: String, slot: PluginSlot)] = []
    private var refusedErrors: [PluginError] = []

    /// Loads every plugin file of `folder` (`*.lua`, not `*.d.lua`), in name order.
    /// - Parameters:
    ///   - folder: the folder to read, not recursively.
    ///   - limits: the instruction budget and memory cap of every plugin's state.
    ///   - base: the registry plugins join (the built-ins); a plugin may not take one of its names.
    /// - Throws: `PluginError` when the folder cannot be read.
    public convenience init(folder: String, limits: Limits = Limits(), base: StylerRegistry = .builtins) throws(PluginError) {
        let paths = try PluginLoader.discover(in: folder)
        self.init(paths: paths, folder: folder, limits: limits, base: base)
    }

    /// Loads the plugin files at `paths`.
    public init(paths: [String], folder: String? = nil, limits: Limits = Limits(), base: StylerRegistry = .builtins) {
        self.limits = limits
        self.folder = folder
        self.base = base
        for path in paths { add(path: path) }
    }

    /// The plugins that loaded, in name order.
    public var plugins: [LuaPlugin] {
        lock.lock()
        defer { lock.unlock() }
        return slots.compactMap { $0.slot.plugin }
    }

    /// The plugin called `name`, if its file loads (only that file is loaded).
    public func plugin(named name: String) -> LuaPlugin? {
        let slot = lock.withLock { slots.first { $0.slot.name == name }?.slot }
        return slot?.plugin
    }

    /// The plugins that did not load (kept, so a reload can fix them), with their errors.
    public var failures: [PluginError] {
        lock.lock()
        defer { lock.unlock() }
        return slots.compactMap { if case .failure(let e) = $0.slot.current.0 { e } else { nil } }
    }

    /// Files refused outright: not a styler name, or the name of a built-in.
    public var refused: [PluginError] {
        lock.lock()
        defer { lock.unlock() }
        return refusedErrors
    }

    /// The files the catalog follows.
    public var paths: [String] {
        lock.lock()
        defer { lock.unlock() }
        return slots.map(\.path)
    }

    /// The base registry with an entry for each plugin of the catalog (loaded or not).
    public var registry: StylerRegistry {
        lock.lock()
        defer { lock.unlock() }
        var registry = base
        for (path, slot) in slots {
            // The file loads when the entry's description or parameters are first read (a run that names it).
            let entry = StylerEntry(name: slot.name, source: path) {
                switch slot.current.0 {
                case .success(let p): (p.manifest.description, p.manifest.params)
                case .failure(let e): ("cannot be loaded: \(e)", [])
                }
            } make: { params in
                LuaStyler(slot: slot, params: params)
            }
            try? registry.register(entry)  // names were checked when the file was added
        }
        return registry
    }

    /// Loads a file and adds it, or records why it cannot be added.
    /// - Returns: whether the file was added.
    @discardableResult
    func add(path: String) -> Bool {
        let file = PluginLoader.fileName(of: path)
        let name: String
        do {
            name = try PluginLoader.pluginName(file: file)
        } catch {
            lock.withLock { refusedErrors.append(error) }
            return false
        }
        if let error = PluginLoader.shadowing(name, file: file, in: base) {
            lock.withLock { refusedErrors.append(error) }
            return false
        }
        let limits = limits
        let slot = PluginSlot(name: name) {
            Result { () throws(PluginError) in try PluginLoader.load(path: path, limits: limits) }
        }
        lock.withLock {
            slots.append((path, slot))
            slots.sort { $0.path < $1.path }
        }
        return true
    }

    /// The slot of the plugin loaded from `path`.
    func slot(for path: String) -> PluginSlot? {
        lock.lock()
        defer { lock.unlock() }
        return slots.first { $0.path == path }?.slot
    }
}
