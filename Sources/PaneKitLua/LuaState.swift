// The one file that talks to the Lua C API; every other file of PaneKitLua goes through it.

import CLua

/// An owned `lua_State` with the standard libraries opened.
public final class LuaState {
    let L: OpaquePointer

    /// Opens a fresh state.
    /// - Throws: `LuaError` when Lua cannot allocate its state.
    public init() throws {
        guard let state = luaL_newstate() else { throw LuaError("cannot create a Lua state: out of memory") }
        L = state
        luaL_openlibs(L)
    }

    deinit {
        lua_close(L)
    }

    /// The Lua version this state runs, as `lua_version` reports it (504 for 5.4).
    public var version: Double { Double(lua_version(L)) }

    /// Evaluates `expression` and returns it as a number.
    /// - Throws: `LuaError` with Lua's message when the chunk fails to compile or run, or gives no number.
    public func evaluateNumber(_ expression: String) throws -> Double {
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        guard clua_dostring(L, "return " + expression) == LUA_OK else {
            throw LuaError(String(cString: clua_tostring(L, -1)))
        }
        var isNumber: Int32 = 0
        let value = clua_tonumber(L, -1, &isNumber)
        guard isNumber != 0 else { throw LuaError("expected a number, got \(String(cString: lua_typename(L, lua_type(L, -1))))") }
        return value
    }
}

/// An error raised by Lua, with Lua's own message.
public struct LuaError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
