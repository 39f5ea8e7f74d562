// PaneKit's own work on a plugin's result is bounded: an error message and a problem list are cut before they are
// worded, and panekit check (so add, install, doctor and every reload) stops at the first call that fails and
// within a time limit. Each test counts calls or work; none measures time.

import CLuaBridge
import CLuaEdits
import Foundation
import PaneKit
import Testing

@testable import PaneKitLua

@Suite struct CheckWorkBoundTests {
    @Test func aMegabyteErrorMessageIsCutBeforePaneKitReadsIt() throws {
        let lua = try LuaState(file: "big.lua", limits: Limits())
        try Sandbox.install(in: lua)
        let source = "error(string.rep('x', 1 << 20))"
        let status = source.withCString { clua_run_text(lua.L, $0, source.utf8.count, "=big.lua") }
        #expect(status != LUA_OK)
        let failure = lua.failure(status)
        // The message and its traceback, no longer the megabyte.
        #expect(failure.message.utf8.count < 4096, "\(failure.message.utf8.count) bytes")
        #expect(failure.message.hasPrefix("big.lua:1: xxxx"))
        #expect(PluginError(lua: failure, file: "big.lua").message.hasSuffix("x…"))
    }
}
