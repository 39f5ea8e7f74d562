// A styler written in Lua: a plugin's style function run in its own sandboxed state, under the limits.

import Foundation
import PaneKit

/// A Lua plugin as a `Styler`.
///
/// Each styler owns one `lua_State`, one context table refreshed in place on every call, and the style
/// function held by reference, so a call does no global lookups. A styler made from a plugin catalog follows
/// hot reloads: when the catalog swaps in a new version, the next call rebuilds the state from it (keeping the
/// parameters that still exist).
///
/// Calls are serialised by a lock, so a styler may be shared, though each host normally makes its own.
public final class LuaStyler: Styler, @unchecked Sendable {
    public let name: String
    private let lock = NSLock()
    private let slot: PluginSlot
    private var generation: Int
    private var params: Parameters
    private var engine: Result<StyleEngine, PluginError>
    private var meteredCalls = false
    private var lastCost: CallCost?

    /// Makes a styler of `plugin` with `params` (the manifest's defaults when nil).
    /// - Throws: `PluginError` when the state cannot be made, or `ParamError` through `PluginError` for bad
    ///   parameters.
    public convenience init(plugin: LuaPlugin, params: Parameters? = nil) throws(PluginError) {
        var resolved = params
        if resolved == nil {
            do {
                resolved = try Parameters(specs: plugin.manifest.params)
            } catch {
                throw PluginError(file: plugin.file, reason: .manifest, message: error.message)
            }
        }
        self.init(slot: PluginSlot(.success(plugin)), params: resolved!)
        if case .failure(let error) = engine { throw error }
    }

    /// A styler that follows `slot`; a failure to build it is thrown by the first call.
    init(slot: PluginSlot, params: Parameters) {
        let (state, generation) = slot.current
        self.slot = slot
        self.generation = generation
        self.params = params
        switch state {
        case .success(let plugin):
            name = plugin.name
            engine = Result { () throws(PluginError) in try StyleEngine(plugin: plugin, params: params) }
        case .failure(let error):
            name = slot.name
            engine = .failure(error)
        }
    }

    /// Runs the style function for `context` and validates what it returns.
    /// - Throws: `PluginError`: a runtime error, an exceeded limit, an invalid result, an unsupported direction,
    ///   or the load error of a plugin that did not load.
    /// - Complexity: one Lua call; the context is refreshed in place.
    public func style(_ context: StyleContext, into edits: inout StyleEdits) throws {
        lock.lock()
        defer { lock.unlock() }
        if slot.generation != generation { reload() }
        switch engine {
        case .success(let engine):
            defer { lastCost = engine.lua.lastCallCost }
            try engine.style(context, into: &edits)
        case .failure(let error):
            lastCost = nil
            throw error
        }
    }

    /// Whether each call counts every instruction it runs, so `lastCallCost` is exact (slower; a call's budget
    /// and where it ends are the same either way). Off by default.
    public var metered: Bool {
        get { lock.withLock { meteredCalls } }
        set {
            lock.withLock {
                meteredCalls = newValue
                if case .success(let engine) = engine { engine.lua.meter(newValue) }
            }
        }
    }

    /// What the last call cost (nil before the first call, or when the plugin did not load): exact instructions
    /// when `metered`, else counted to the budget's last tick of 1,000.
    public var lastCallCost: CallCost? { lock.withLock { lastCost } }

    /// The limits the styler's calls run under (its plugin's), or nil when the plugin did not load.
    public var limits: Limits? {
        lock.withLock { (try? engine.get())?.limits }
    }

    /// Bytes the styler's Lua state holds now, after a full collection.
    public func memoryInUse() throws -> Int {
        lock.lock()
        defer { lock.unlock() }
        let engine = try self.engine.get()
        try engine.lua.collectGarbage()
        return engine.lua.memoryUsed
    }

    /// How many heap allocations the styler's Lua state has made (its allocator's calls to `realloc`), so a count
    /// of a thread's allocations can tell Lua's, which the plugin's code makes, from the host's.
    package var luaAllocations: Int {
        lock.lock()
        defer { lock.unlock() }
        return (try? engine.get().lua.allocations) ?? 0
    }

    /// Whether the plugin's style function is a leaf (no loop), whose calls run without the per-instruction count
    /// hook until they reach another Lua function (CLuaBridge's Leaf.c).
    var runsAsLeaf: Bool {
        lock.lock()
        defer { lock.unlock() }
        return (try? engine.get().isLeaf) ?? false
    }

    /// The most bytes the styler's Lua state has held.
    public var peakMemory: Int {
        lock.lock()
        defer { lock.unlock() }
        return (try? engine.get().lua.memoryPeak) ?? 0
    }

    /// Takes the slot's current version, keeping the parameters it still declares.
    private func reload() {
        let (state, generation) = slot.current
        self.generation = generation
        switch state {
        case .success(let plugin):
            let specs = plugin.manifest.params
            let kept = params.values.filter { name, _ in specs.contains { $0.name == name } }
            do {
                params = try Parameters(specs: specs, overrides: kept)
            } catch {
                engine = .failure(PluginError(file: plugin.file, reason: .manifest, message: error.message))
                return
            }
            engine = Result { () throws(PluginError) in try StyleEngine(plugin: plugin, params: params) }
            if case .success(let engine) = engine { engine.lua.meter(meteredCalls) }
        case .failure(let error):
            engine = .failure(error)
        }
    }
}

/// A plugin's current version, shared by its registry entry and every styler made from it; a reload
/// replaces it and bumps the generation.
///
/// A slot made with a loader reads its file the first time it is asked for its plugin.
final class PluginSlot: @unchecked Sendable {
    let name: String
    private let lock = NSLock()
    private var state: Result<LuaPlugin, PluginError>?
    private var loader: (@Sendable () -> Result<LuaPlugin, PluginError>)?
    private var count = 0

    init(_ state: Result<LuaPlugin, PluginError>, name: String? = nil) {
        self.state = state
        self.name = name ?? ((try? state.get().name) ?? "?")
    }

    init(name: String, loader: @escaping @Sendable () -> Result<LuaPlugin, PluginError>) {
        self.name = name
        self.loader = loader
    }

    var current: (Result<LuaPlugin, PluginError>, Int) {
        lock.lock()
        defer { lock.unlock() }
        if state == nil, let loader {
            state = loader()
            self.loader = nil
        }
        return (state!, count)
    }

    var generation: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }

    var plugin: LuaPlugin? { try? current.0.get() }

    func replace(with state: Result<LuaPlugin, PluginError>) {
        lock.lock()
        defer { lock.unlock() }
        self.state = state
        loader = nil
        count += 1
    }
}

/// One state running one plugin with fixed parameters: the context, the trampoline and the decoder.
final class StyleEngine {
    let lua: LuaState
    private let program: PluginProgram
    private let trampoline: Int32
    /// The contract as the registry stood when the styler was made.
    private let vocabulary = StylerContract.vocabulary
    private let context: LuaContext
    /// The decoder's record and problem list, reused from call to call.
    private let buffers = EditBuffers()
    private let directions: [Bool]  // ORDER DIRECTION
    private let file: String
    private let manifest: Manifest
    /// The plugin's text, to find the line of a problem in a returned table.
    private let source: String
    /// The limits its calls run under.
    let limits: Limits

    init(plugin: LuaPlugin, params: Parameters) throws(PluginError) {
        limits = plugin.limits
        program = try PluginProgram(source: plugin.source, file: plugin.file, name: plugin.name, limits: plugin.limits)
        lua = program.lua
        manifest = program.manifest
        file = plugin.file
        source = plugin.source
        context = LuaContext(vocabulary)
        trampoline = try lua.prepareStyle(
            function: program.styleRef, params: params, specs: manifest.params, vocabulary: vocabulary.bridge)
        let supported = program.manifest.directions
        directions = Direction.allCases.map { supported.contains($0) }
    }

    /// Whether the style function is a leaf (no loop): see `LuaStyler.runsAsLeaf`.
    var isLeaf: Bool { lua.styleIsLeaf(trampoline) }

    /// Calls the style function and reads its result with the one decoder (CLuaEdits), which names the key path
    /// of every problem.
    /// - Complexity: one Lua call and one pass over a valid result; no allocation.
    func style(_ styleContext: StyleContext, into edits: inout StyleEdits) throws(PluginError) {
        guard directions[styleContext.direction.index] else {
            throw PluginError(
                file: file, line: manifest.styleLine, reason: .direction,
                message: "this plugin styles \(manifest.directions.map(\.rawValue).joined(separator: ", ")), "
                    + "not \(styleContext.direction.rawValue) (see its directions)")
        }
        let base = lua.top
        defer { lua.settop(base) }
        context.update(styleContext)
        try lua.callStyle(trampoline, context: context)
        let problems = lua.decodeEdits(
            at: -1, drawer: styleContext.drawer, buffers: buffers, into: &edits, vocabulary: vocabulary.decoder)
        if !problems.isEmpty {
            edits.removeAll()
            let lines = problems.map { Self.line(of: $0, in: source, after: manifest.styleLine) }
            throw PluginError(
                file: file, line: lines[0] ?? manifest.styleLine, reason: .result, message: problems[0], problems: problems,
                problemLines: lines)
        }
    }

    /// Where the style function builds the table a problem is about: `pane.translate[2]: …` points at the
    /// `translate =` that follows `pane =` after the `style` line. Lua keeps no record of where a table was
    /// built, so this reads the source; nil when the keys are not written there (the error keeps the style line).
    static func line(of problem: String, in source: String, after styleLine: Int) -> Int? {
        guard let colon = problem.range(of: ": ") else { return nil }
        let path = problem[..<colon.lowerBound].split(separator: ".").map { component in
            String(component.prefix { $0 != "[" })
        }.filter { !$0.isEmpty }
        guard !path.isEmpty, path.allSatisfy({ ManifestReader.isIdentifier($0) }) else { return nil }
        return SourceLocator.line(of: path, in: source, from: styleLine)
    }
}
