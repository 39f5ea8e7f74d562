// The plugin sandbox: what a plugin's own lua_State may reach, and how a state is made ready for a plugin.

import PaneKit

/// The whitelist environment of every plugin.
///
/// CLuaSandbox opens only the base, coroutine, table, string, math and utf8 libraries (never io, os, debug or
/// package) and replaces every function whose work is not bounded by its result with one that charges that work
/// to the instruction budget (pattern matching, plain search, loops over ranges, `xpcall`'s handler, numeric
/// strings converted by arithmetic and by functions that take numbers, a new coroutine's first instructions);
/// its `setmetatable` refuses `__gc` metamethods (Lua runs finalizers with hooks off, out of the instruction
/// budget's reach) and a `__call` that is not a function (a chain of callable tables runs inside one
/// instruction); CLuaBridge
/// replaces `print` with one that writes to standard error, and `rawset` with one that respects the read-only context. The Lua half below then removes the
/// base functions that load code or touch the collector, turns a read of a removed name into a clear error,
/// stubs `string.dump`, protects the string metatable and seeds `math.random` with 0, so runs repeat.
/// Text chunks only: the loader is called with mode "t", and a bytecode file is refused before that.
public enum Sandbox {
    /// Globals a plugin cannot use (reading one is an error that says so).
    public static let forbidden = [
        "collectgarbage", "debug", "dofile", "io", "load", "loadfile", "loadstring", "os", "package", "require",
    ]

    /// The libraries and tables a plugin can use.
    public static let libraries = ["coroutine", "math", "panekit", "string", "table", "utf8"]

    /// The safe base functions a plugin can use.
    public static let baseFunctions = [
        "assert", "error", "getmetatable", "ipairs", "next", "pairs", "pcall", "print", "rawequal", "rawget",
        "rawlen", "rawset", "select", "setmetatable", "tonumber", "tostring", "type", "xpcall",
    ]

    /// The Lua half of the sandbox (run first in every plugin's state, and by the bench's plain C harness).
    public static let source = """
        -- PaneKit's sandbox, the Lua half: runs first in each plugin's own state.
        local forbidden = {}
        for name in string.gmatch("\(forbidden.joined(separator: " "))", "%S+") do
          forbidden[name] = true
          rawset(_G, name, nil)
        end
        local allowed = "the sandbox allows \(libraries.joined(separator: ", ")) and the safe base functions"
        setmetatable(_G, {
          __index = function(_, name)
            if forbidden[name] then error(tostring(name) .. " is not available to plugins (" .. allowed .. ")", 2) end
          end,
          __metatable = false,
        })
        string.dump = function() error("string.dump is not available to plugins (text chunks only)", 2) end
        getmetatable("").__metatable = false
        math.randomseed(0)
        """

    /// Runs the sandbox's Lua half and the `panekit` helper table in `lua`.
    /// - Throws: `PluginError` when the limits are too small to hold them.
    static func install(in lua: LuaState) throws(PluginError) {
        let base = lua.top
        defer { lua.settop(base) }
        try lua.run(source, chunk: "=sandbox")
        try lua.run(HelperLibrary.source, chunk: "=panekit")
    }
}
