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

    @Test func aProblemListIsWordedOnlyAsFarAsItIsShown() throws {
        let lua = try LuaState()
        let buffers = EditBuffers()
        // 2,000 unknown keys, a key that sorts between them only by its words, and the node itself misnamed.
        try lua.run(
            "local t = { pane = { frame = 1 }, panes = 1 } for i = 1, 2000 do t.pane['k' .. i] = i end return t",
            chunk: "=keys.lua")
        let valid = pk_decode_edits(
            lua.L, StylerContract.decoderVocabulary, -1, Int32(Role.drawerLeft.index), buffers.record, buffers.problems)
        #expect(valid == 0)
        defer { pk_problems_clear(buffers.problems) }
        let count = Int(buffers.problems.pointee.count)
        #expect(count == 2002)
        let everyOne = (0..<count).map { StylerContract.message(of: buffers.problems.pointee.items[$0]) }.sorted()

        var worded = 0
        let shown = LuaState.firstMessages(of: buffers.problems, limit: 20) { problem in
            worded += 1
            return StylerContract.message(of: problem)
        }
        #expect(shown == Array(everyOne.prefix(20)))
        #expect(worded <= 21, "\(worded) of \(count) problems worded")
    }
}
