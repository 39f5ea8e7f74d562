// The CLua system library is wired: a state opens and evaluates an expression through the Lua VM.

import Testing

@testable import PaneKitLua

@Suite struct LuaLinkTests {
    @Test func evaluatesThroughTheLuaVM() throws {
        let lua = try LuaState()
        #expect(lua.version == 504)
        #expect(try lua.evaluateNumber("2^10 + math.floor(7 / 2)") == 1027)
        #expect(throws: PluginError.self) { try lua.evaluateNumber("nil + 1") }
        #expect(throws: PluginError.self) { try lua.evaluateNumber("'text'") }
    }
}
