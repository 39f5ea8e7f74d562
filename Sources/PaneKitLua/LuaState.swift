// The one file that talks to the Lua C API; every other file of PaneKitLua goes through it.
//
// The longjmp rule (see Sources/CLuaBridge/include/LuaBridge.h): whatever can raise a Lua error runs in CLuaBridge's C functions
// under lua_pcall. From Swift this file calls only those and the API functions that cannot raise: lua_type,
// lua_typename, lua_next (on a table we do not modify), lua_rawgeti, lua_rawlen, lua_tonumberx, lua_isinteger,
// lua_toboolean, lua_tolstring (on strings only), lua_gettop, lua_settop, lua_pushvalue, lua_checkstack.

import CLua
import CLuaBridge
import CLuaEdits
import CLuaSandbox
import Foundation
import PaneKit

/// The type of a Lua value, as `type()` names it.
enum LuaType: Equatable {
    case none, `nil`, boolean, number, string, table, function, other(String)
}

/// A key met while walking a table.
enum LuaKey: Equatable, CustomStringConvertible {
    case name(String)
    case index(Int)
    /// A key of another type (a float, a boolean, a table…), by its type name.
    case other(String)

    /// The key as a path component: `.name`, `[3]` or `[<boolean>]`.
    var description: String {
        switch self {
        case .name(let s): s
        case .index(let i): "[\(i)]"
        case .other(let type): "[<\(type)>]"
        }
    }
}

/// What a failed protected call left behind, before it is told as a `PluginError`.
struct LuaFailure {
    /// A limit that ended a call, with the figure its message names.
    enum Limit {
        /// The Lua stack grew past the most values it may hold.
        case stack(slots: Int)
        /// A watchdog ended the call after `Limits.seconds`.
        case time(seconds: Double)
        /// The call ran past its instruction budget.
        case instructions(Int)
        /// The state was refused memory past its cap, or past the cap of all states together (`total`,
        /// `Limits.totalMemory`) when that was the one; `deepStack` when a deep recursion was asking for it.
        case memory(bytes: Int, total: Int?, deepStack: Bool)
    }

    /// Lua's status: LUA_ERRRUN, LUA_ERRSYNTAX, LUA_ERRMEM, LUA_ERRERR.
    var status: Int32
    /// The error message with its traceback, as the message handler made it.
    var message: String
    /// The limit that ended the call, when one did, and the place (`zoom.lua:12:`) the call was at then.
    var exceeded: (limit: Limit, place: String)?
}

/// An owned `lua_State` with PaneKit's allocator (memory cap) and count hook (instruction budget).
///
/// Not thread-safe: a `LuaStyler` serialises its calls.
public final class LuaState {
    let L: OpaquePointer
    /// The chunk name given to loaded text ("=zoom.lua"), and the plugin's file name.
    let file: String
    /// The wall time one call may run (`Limits.seconds`), watched by `PluginWatchdog`.
    let seconds: Double?
    /// The run's pool the state draws from (nil: the process's), kept until the state is closed.
    private let pool: LuaMemoryPool?

    /// Opens a sandboxed state with the default limits, for evaluating expressions.
    /// - Throws: `PluginError` when the state cannot be made.
    package convenience init() throws {
        try self.init(file: "eval", limits: Limits())
        try Sandbox.install(in: self)
    }

    /// Opens a bare state: CLuaBridge's allocator and hook, the whitelisted libraries, nothing else.
    /// - Throws: `PluginError` when the memory cap cannot hold an empty state.
    init(file: String, limits: Limits) throws(PluginError) {
        var poolRefused: Int32 = 0
        let pool = LuaMemoryPool.current
        guard
            let state = clua_newstate_pooled(
                limits.memory, limits.totalMemory, Int64(limits.instructions), &poolRefused, pool?.counter)
        else {
            throw PluginError(
                file: file, reason: .memoryLimit,
                message: poolRefused != 0
                    ? PluginError.totalMemoryMessage(limits.totalMemory)
                    : "memory limit exceeded: \(Limits.describe(bytes: limits.memory)) cannot hold a Lua state")
        }
        L = state
        self.pool = pool
        self.file = file
        self.seconds = limits.seconds
        let status = file.withCString { clua_open_sandbox(L, $0, pk_open_sandbox) }
        if status != LUA_OK { throw error(from: failure(status)) }
        PluginWatchdog.register(self)
    }

    /// The number of the protected call running now, or 0 (read by the watchdog's thread).
    var runningCall: Int64 { Int64(clua_running_call(L)) }

    /// Ends call number `call` at its next count hook (from the watchdog's thread; a later call is not affected).
    func interrupt(call: Int64) { clua_interrupt(L, call) }

    deinit {
        clua_close(L)
    }

    /// The Lua version this state runs, as `lua_version` reports it (504 for 5.4).
    public var version: Double { Double(lua_version(L)) }

    /// Evaluates `expression` in the sandbox and returns it as a number.
    /// - Throws: `PluginError` with Lua's message when the chunk fails to compile or run, or gives no number.
    public func evaluateNumber(_ expression: String) throws -> Double {
        let base = top
        defer { settop(base) }
        try run("return " + expression, chunk: "=eval")
        guard type(at: -1) == .number else {
            throw PluginError(file: file, reason: .runtime, message: "expected a number, got \(typeName(at: -1))")
        }
        return number(at: -1)
    }

    // MARK: - Running text

    /// Loads `source` as a text chunk (bytecode is refused) and runs it under the limits, leaving its first
    /// result on the stack.
    /// - Throws: `PluginError` for a syntax error, a runtime error or an exceeded limit.
    func run(_ source: String, chunk: String) throws(PluginError) {
        if source.utf8.first == 0x1B {
            throw PluginError(
                file: file, reason: .syntax,
                message: "this is a precompiled (bytecode) chunk; plugins must be Lua source text")
        }
        var text = source
        let status = text.withUTF8 { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                chunk.withCString { clua_run_text(L, chars.baseAddress, chars.count, $0) }
            }
        }
        if status != LUA_OK { throw error(from: failure(status)) }
    }

    /// `run` for text given as bytes, which need not be UTF-8 (Lua's own test files hold Latin-1 bytes).
    /// - Throws: `PluginError` for a syntax error, a runtime error or an exceeded limit.
    func run(bytes: [UInt8], chunk: String) throws(PluginError) {
        if bytes.first == 0x1B {
            throw PluginError(
                file: file, reason: .syntax,
                message: "this is a precompiled (bytecode) chunk; plugins must be Lua source text")
        }
        let status = bytes.withUnsafeBytes { buffer in
            chunk.withCString {
                clua_run_text(L, buffer.baseAddress?.assumingMemoryBound(to: CChar.self), buffer.count, $0)
            }
        }
        if status != LUA_OK { throw error(from: failure(status)) }
    }

    /// The failure left by a protected call with `status`; pops the message unless `message` is given.
    func failure(_ status: Int32, message given: String? = nil) -> LuaFailure {
        var message = given ?? ""
        if given == nil {
            message = type(at: -1) == .string ? string(at: -1) : "(error object is a \(typeName(at: -1)) value)"
            settop(top - 1)
        }
        return LuaFailure(status: status, message: message, exceeded: exceededLimit(status))
    }

    /// The limit that ended the last call with `status`, when one did. A refused stack is told first: the refusal
    /// also spends the budget, so a plugin that catches it cannot go on.
    private func exceededLimit(_ status: Int32) -> (limit: LuaFailure.Limit, place: String)? {
        let memoryPlace = String(cString: clua_memory_where(L))
        let budgetPlace = String(cString: clua_budget_where(L))
        if clua_stack_refused(L) != 0 { return (.stack(slots: Int(CLUA_MAX_STACK)), memoryPlace) }
        if clua_interrupted(L) != 0, let seconds { return (.time(seconds: seconds), budgetPlace) }
        if clua_budget_exceeded(L) != 0 { return (.instructions(Int(clua_budget(L))), budgetPlace) }
        guard clua_memory_refused(L) != 0 && (status == LUA_ERRMEM || status == LUA_ERRERR) else { return nil }
        let total = clua_pool_refused(L) != 0 ? Int(clua_total_limit(L)) : nil
        return (.memory(bytes: Int(clua_memory_limit(L)), total: total, deepStack: clua_deep_stack(L) != 0), memoryPlace)
    }

    /// Tells a failure as a `PluginError` of this state's file.
    func error(from failure: LuaFailure) -> PluginError {
        PluginError(lua: failure, file: file)
    }

    /// Whether the last call ran past its budget, even if the plugin caught the error.
    var budgetExceeded: Bool { clua_budget_exceeded(L) != 0 }

    // MARK: - Memory

    /// Bytes all states of the process hold together (reserved in chunks of 64 KiB), as `Limits.totalMemory`
    /// counts them.
    static var totalMemoryUsed: Int { Int(clua_pool_used()) }

    /// Bytes this state has reserved from that pool: what it holds, rounded up to 64 KiB, plus some slack.
    var memoryReserved: Int { Int(clua_reserved(L)) }

    /// Bytes the state holds now.
    var memoryUsed: Int { Int(clua_memory_used(L)) }
    /// How many allocations the state's allocator has made.
    var allocations: Int { Int(clua_allocations(L)) }
    /// The most bytes the state has held.
    var memoryPeak: Int { Int(clua_memory_peak(L)) }

    /// Whether every instruction of the next calls is counted (CLuaBridge's metered hook), for `lastCallCost`.
    func meter(_ on: Bool) { clua_set_metered(L, on ? 1 : 0) }
    /// What the last call spent of its budget and the most bytes the state held during it.
    var lastCallCost: CallCost { CallCost(instructions: Int(clua_call_cost(L)), memory: Int(clua_call_peak(L))) }

    /// Runs a full garbage collection.
    /// - Throws: `PluginError` when a finalizer fails.
    func collectGarbage() throws(PluginError) {
        let status = clua_collect(L)
        if status != LUA_OK { throw error(from: failure(status)) }
    }

    // MARK: - The stack

    var top: Int32 { lua_gettop(L) }

    func settop(_ index: Int32) { lua_settop(L, index) }

    func absolute(_ index: Int32) -> Int32 { index > 0 || index <= clua_registryindex() ? index : top + index + 1 }

    /// Makes room for `n` more values; false when the stack cannot grow (memory).
    func reserve(_ n: Int32) -> Bool { lua_checkstack(L, n) != 0 }

    func pushCopy(of index: Int32) { lua_pushvalue(L, index) }

    func pop(_ n: Int32 = 1) { lua_settop(L, -n - 1) }

    // MARK: - Reading values

    func type(at index: Int32) -> LuaType {
        switch lua_type(L, index) {
        case LUA_TNONE: .none
        case LUA_TNIL: .nil
        case LUA_TBOOLEAN: .boolean
        case LUA_TNUMBER: .number
        case LUA_TSTRING: .string
        case LUA_TTABLE: .table
        case LUA_TFUNCTION: .function
        case let other: .other(String(cString: lua_typename(L, other)))
        }
    }

    /// The type name as Lua's `type()` gives it ("nil", "number", …).
    func typeName(at index: Int32) -> String { String(cString: lua_typename(L, lua_type(L, index))) }

    /// The number at `index` (which must be a number).
    func number(at index: Int32) -> Double { lua_tonumberx(L, index, nil) }

    func isInteger(at index: Int32) -> Bool { lua_isinteger(L, index) != 0 }

    func boolean(at index: Int32) -> Bool { lua_toboolean(L, index) != 0 }

    /// The string at `index` (which must be a string: converting a number would allocate).
    func string(at index: Int32) -> String {
        var length = 0
        guard let chars = lua_tolstring(L, index, &length) else { return "" }
        return chars.withMemoryRebound(to: UInt8.self, capacity: length) {
            String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
        }
    }

    /// The most bytes of a key read into Swift: longer keys cannot name anything, and are shown cut.
    static let keyLimit = 256

    /// The string at `index`, or its first `limit` bytes cut at a character with an ellipsis (without reading the rest).
    func string(at index: Int32, limit: Int) -> String {
        var length = 0
        guard let chars = lua_tolstring(L, index, &length) else { return "" }
        guard length > limit else { return string(at: index) }
        return chars.withMemoryRebound(to: UInt8.self, capacity: limit) {
            PluginText.excerpt(String(decoding: UnsafeBufferPointer(start: $0, count: limit), as: UTF8.self), limit: limit - 4)
        }
    }

    /// Lua's raw length of the table at `index` (its border).
    func length(at index: Int32) -> Int { Int(lua_rawlen(L, index)) }

    /// Pushes `table[i]` (raw) and returns its type.
    @discardableResult
    func pushElement(of table: Int32, at i: Int) -> LuaType {
        lua_rawgeti(L, table, lua_Integer(i))
        return type(at: -1)
    }

    /// Pushes `table[name]` (raw) and returns its type.
    @discardableResult
    func pushField(of table: Int32, named name: String) -> LuaType {
        lua_pushstring(L, name)
        lua_rawget(L, table)
        return type(at: -1)
    }

    /// Calls `body` for each key of the table at `index`, with the value on top of the stack.
    /// The stack is restored after each call, and when `body` throws.
    /// - Complexity: per key; no allocation beyond the key's Swift string (none for keys up to 15 bytes).
    func forEachField(of index: Int32, _ body: (LuaKey) throws -> Void) rethrows {
        let table = absolute(index)
        let base = top
        defer { settop(base) }
        lua_pushnil(L)
        while lua_next(L, table) != 0 {
            let key: LuaKey
            switch lua_type(L, -2) {
            case LUA_TSTRING: key = .name(string(at: -2, limit: Self.keyLimit))
            case LUA_TNUMBER where isInteger(at: -2): key = .index(Int(lua_tointegerx(L, -2, nil)))
            case let other: key = .other(String(cString: lua_typename(L, other)))
            }
            try body(key)
            settop(base + 1)  // leave the key for lua_next
        }
    }

    // MARK: - References and the style call

    /// A registry reference to the value on top of the stack (left in place).
    /// - Throws: `PluginError` when the registry cannot grow (memory).
    func reference() throws(PluginError) -> Int32 {
        let ref = clua_ref(L)
        guard ref != LUA_NOREF else {
            throw PluginError(file: file, reason: .memoryLimit, message: "memory limit exceeded while loading the plugin")
        }
        return ref
    }

    /// The line where the function at `index` is defined (0 if unknown).
    func definitionLine(ofFunctionAt index: Int32) -> Int {
        Int(clua_function_line(L, absolute(index)))
    }

    /// Builds the reused context tables and the trampoline that calls the style function.
    /// - Returns: the trampoline's reference, for `callStyle`.
    func prepareStyle(
        function ref: Int32, params: Parameters, specs: [ParamSpec],
        vocabulary: UnsafePointer<clua_vocabulary> = StylerContract.vocabulary.bridge
    ) throws(PluginError) -> Int32 {
        let names = specs.map(\.name)
        var cStrings: [UnsafeMutablePointer<CChar>] = []
        defer { cStrings.forEach { free($0) } }
        func keep(_ s: String) -> UnsafePointer<CChar> {
            let copy = strdup(s)!
            cStrings.append(copy)
            return UnsafePointer(copy)
        }
        let cParams: [clua_param] = names.map { name in
            switch params.values[name] ?? .number(0) {
            case .number(let n): clua_param(name: keep(name), kind: 0, number: n, text: nil)
            case .bool(let b): clua_param(name: keep(name), kind: 1, number: b ? 1 : 0, text: nil)
            case .color(let c): clua_param(name: keep(name), kind: 2, number: 0, text: keep(c.hex))
            case .string(let s): clua_param(name: keep(name), kind: 2, number: 0, text: keep(s))
            }
        }
        let paramNames = keep(names.isEmpty ? "(no parameters)" : names.joined(separator: ", "))
        let status = cParams.withUnsafeBufferPointer { paramBuffer in
            var setup = clua_setup(
                style_ref: ref, vocabulary: vocabulary, params: paramBuffer.baseAddress,
                param_count: Int32(paramBuffer.count), param_names: paramNames, result_ref: LUA_NOREF)
            let status = clua_prepare_style(L, &setup)
            return (status, setup.result_ref)
        }
        if status.0 != LUA_OK { throw error(from: failure(status.0)) }
        return status.1
    }

    /// At most this many problems are listed for one result.
    static let problemLimit = 20

    /// Reads the edits table at `index` into `edits` with PaneKit's one decoder (CLuaEdits): a valid result in
    /// one pass that stops at the first problem; an invalid one a second time, listing every problem.
    /// - Parameter drawer: the role the key `drawer` stands for.
    /// - Returns: the problems, `path: message`, sorted, at most `problemLimit`; empty when the result is valid
    ///   (`edits` then holds it).
    /// - Complexity: per key of the result; no allocation for a valid result.
    func decodeEdits(
        at index: Int32, drawer: Role, buffers: EditBuffers, into edits: inout StyleEdits,
        vocabulary: UnsafePointer<pk_vocabulary> = StylerContract.decoderVocabulary
    ) -> [String] {
        let record = buffers.record
        if pk_decode_edits(L, vocabulary, index, Int32(drawer.index), record, nil) == 1 {
            return composed(Self.copy(record, into: &edits), at: index, drawer: drawer, edits: edits)
        }
        let list = buffers.problems
        defer { pk_problems_clear(list) }
        if pk_decode_edits(L, vocabulary, index, Int32(drawer.index), record, list) == 1 {
            return composed(Self.copy(record, into: &edits), at: index, drawer: drawer, edits: edits)
        }
        return Self.firstMessages(of: list, limit: Self.problemLimit) { StylerContract.message(of: $0) }
    }

    /// Copies the decoded record into `edits`, role by role: each written role's `NodeEdit` built in its slot
    /// (`StyleEdits.withEdit`), its numbers read in place from the record.
    /// - Returns: the index of the first role whose transform steps, each finite, compose to a matrix that is not
    ///   (as the host composes them: `Transform3D`), or -1.
    private static func copy(_ buffer: UnsafeMutablePointer<pk_edits>, into edits: inout StyleEdits) -> Int {
        var touched = buffer.pointee.touched
        let nodes = UnsafeMutableRawPointer(buffer).advanced(by: MemoryLayout<pk_edits>.offset(of: \.nodes)!)
            .assumingMemoryBound(to: pk_node_edit.self)
        let steps = UnsafePointer(buffer.pointee.steps)
        var overflowed = -1
        while touched != 0 {
            let i = Int(touched.trailingZeroBitCount)
            touched &= touched - 1
            let node = nodes + i
            let finite = edits.withEdit(of: Role.withIndex(i)) { edit -> Bool in
                write(node, steps: steps, into: &edit)
                if node.pointee.keys != 0 { applyNumbers(node, to: &edit) }
                // One step of finite numbers is finite; only a product of several can overflow.
                return node.pointee.step_count < 2 || edit.transform?.isFinite != false
            }
            if !finite && overflowed < 0 { overflowed = i }
        }
        return overflowed
    }

    /// Writes every part of `edit`: the parts of `node` that are set, its numbers read in place from the record and
    /// its transform composed from its steps (in `steps`, the record's) by Transform3D; `nil` for the others.
    @inline(__always)
    private static func write(_ node: UnsafeMutablePointer<pk_node_edit>, steps: UnsafePointer<pk_step>?, into edit: inout NodeEdit) {
        let set = node.pointee.set
        edit.transform = set & UInt32(PK_EDIT_TRANSFORM | PK_EDIT_MATRIX) != 0 ? transform(node, steps: steps) : nil
        edit.anchor = set & UInt32(PK_EDIT_ANCHOR) != 0 ? Point(x: node.pointee.anchor.0, y: node.pointee.anchor.1) : nil
        edit.alpha = set & UInt32(PK_EDIT_ALPHA) != 0 ? node.pointee.alpha : nil
        edit.shadow = set & UInt32(PK_EDIT_SHADOW) != 0 ? shadow(node) : nil
        edit.z = set & UInt32(PK_EDIT_Z) != 0 ? Int(node.pointee.z) : nil
        edit.frame =
            set & UInt32(PK_EDIT_FRAME) != 0
            ? Rect(x: node.pointee.frame.0, y: node.pointee.frame.1, width: node.pointee.frame.2, height: node.pointee.frame.3)
            : nil
        edit.hidden = set & UInt32(PK_EDIT_HIDDEN) != 0 ? node.pointee.hidden != 0 : nil
        edit.color =
            set & UInt32(PK_EDIT_COLOR) != 0
            ? Color(red: node.pointee.color.0, green: node.pointee.color.1, blue: node.pointee.color.2, alpha: node.pointee.color.3)
            : nil
        edit.cornerRadius = nil
    }

    /// Puts the numbers of the keys of numbers (`StylerContract.numberKeys`) that `node` has on `edit`.
    private static func applyNumbers(_ node: UnsafeMutablePointer<pk_node_edit>, to edit: inout NodeEdit) {
        let values = UnsafeRawPointer(node).advanced(by: MemoryLayout<pk_node_edit>.offset(of: \.values)!)
            .assumingMemoryBound(to: Double.self)
        for key in StylerContract.numberKeys where node.pointee.keys & (1 << UInt32(key.bit)) != 0 {
            key.form.apply(UnsafeBufferPointer(start: values + key.slot, count: key.form.count), &edit)
        }
    }

    /// The transform of `node`: its matrix as given, or its steps (from `steps`) composed.
    private static func transform(_ node: UnsafeMutablePointer<pk_node_edit>, steps: UnsafePointer<pk_step>?) -> Transform3D {
        if node.pointee.set & UInt32(PK_EDIT_MATRIX) != 0 {
            return Transform3D(
                matrix: UnsafeRawPointer(node).advanced(by: MemoryLayout<pk_node_edit>.offset(of: \.matrix)!)
                    .assumingMemoryBound(to: Double.self))
        }
        guard let steps, node.pointee.step_count > 0 else { return .identity }
        return Transform3D(steps: steps + Int(node.pointee.first_step), count: Int(node.pointee.step_count))
    }

    /// The decoded shadow of `node`.
    private static func shadow(_ node: UnsafeMutablePointer<pk_node_edit>) -> Shadow {
        let v = node.pointee.shadow
        return Shadow(
            radius: v.0, opacity: v.1, offset: Point(x: v.2, y: v.3), color: Color(red: v.4, green: v.5, blue: v.6, alpha: v.7))
    }

    /// Whether the style function behind `trampoline` is a leaf (no loop; CLuaBridge's Leaf.c).
    func styleIsLeaf(_ trampoline: Int32) -> Bool { clua_style_is_leaf(L, trampoline) != 0 }

    /// Calls the style trampoline with `context`, leaving the style function's result on top of the stack with
    /// the message handler below it: the caller sets the stack back to its top from before the call.
    /// - Throws: `PluginError` for a runtime error or an exceeded limit.
    /// - Complexity: per call; the context tables are refreshed in place.
    func callStyle(_ trampoline: Int32, context: LuaContext) throws(PluginError) {
        var status = LUA_OK
        context.withCContext {
            status = clua_call_style(L, trampoline, $0)
            return status == LUA_OK
        }
        if status != LUA_OK { throw error(from: failure(status)) }
        if budgetExceeded {
            // The plugin caught the limit's error and still returned: the call fails all the same.
            settop(top - 1)
            throw error(from: failure(LUA_ERRRUN, message: ""))
        }
    }
}
