// The plugins the Lua figures read, loaded only when a selected figure needs them (`--only drawer` reads none).

import PaneKitLua

/// The gallery (`--plugins DIR`) and the `--styler` plugin, each loaded on first use.
struct BenchInputs {
    /// The gallery's folder.
    let folder: String
    /// The plugin whose call the styler-call figures time; nil: the gallery's `cube.lua`.
    let stylerPath: String?
    private var loadedCatalog: PluginCatalog?
    private var loadedStyler: LuaPlugin?

    init(folder: String, stylerPath: String?) {
        self.folder = folder
        self.stylerPath = stylerPath
    }

    /// The gallery's plugins.
    /// - Throws: `BenchError.input` when the folder holds no Lua plugin.
    mutating func catalog() throws(BenchError) -> PluginCatalog {
        if let loadedCatalog { return loadedCatalog }
        guard let catalog = try? PluginCatalog(folder: folder), !catalog.plugins.isEmpty else {
            throw .input("\(folder): no Lua plugins there; run from the repository root or give --plugins DIR")
        }
        loadedCatalog = catalog
        return catalog
    }

    /// The `--styler` plugin (default: the gallery's `cube.lua`).
    /// - Throws: `BenchError.input` with the loader's message when it cannot be loaded.
    mutating func styler() throws(BenchError) -> LuaPlugin {
        if let loadedStyler { return loadedStyler }
        let plugin: LuaPlugin
        do { plugin = try PluginLoader.load(path: stylerPath ?? folder + "/cube.lua") } catch { throw .input("\(error)") }
        loadedStyler = plugin
        return plugin
    }
}
