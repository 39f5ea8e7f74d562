// The decoder's key cache (pk_edits.keys): a key found by the address of its bytes is trusted only after its
// bytes are compared, so a stale or wrong slot can slow the read down but never change what a key names.

import CLua
import CLuaEdits
import Testing

@testable import PaneKit
@testable import PaneKitLua

@Suite struct DecoderKeyCacheTests {
    /// Every slot points at the bytes of the key `pane` or `translate` but names another role or key (as the
    /// decoder writes a slot: the code with its name's length): the read still finds pane and translate, and the
    /// verdict and edits match the reference decoder's. `transform` has translate's length, so its slots are
    /// rejected by their bytes, overlay's by their length.
    @Test func aWrongSlotCannotMisnameAKey() throws {
        let lua = try LuaState()
        let buffers = EditBuffers()
        try lua.run("return { pane = { translate = {10, 20}, alpha = 0.5 } }", chunk: "=result.lua")
        let result = lua.top
        // The address of the interned bytes of "pane" and of "translate", as the decoder will meet them.
        lua_pushstring(lua.L, "pane")
        let pane = lua_tolstring(lua.L, -1, nil)
        lua_pushstring(lua.L, "translate")
        let translate = lua_tolstring(lua.L, -1, nil)
        let transform = try #require(StylerContract.editKeys.map(\.name).sorted().firstIndex(of: "transform"))
        withUnsafeMutableBytes(of: &buffers.record.pointee.keys) { raw in
            let slots = raw.bindMemory(to: pk_key_slot.self)
            for i in slots.indices {
                // Even slots: pane's address named overlay (role 5); odd: translate's address named transform.
                slots[i] =
                    i % 2 == 0
                    ? pk_key_slot(address: pane, code: 5, length: 7)
                    : pk_key_slot(address: translate, code: Int32(100 + transform), length: 9)
            }
        }
        lua.settop(result)
        let r = readBoth(lua, buffers: buffers)
        #expect(r.problems.isEmpty)
        #expect(agree(r))
        #expect(r.edits.touched == 1 << UInt32(Role.pane.index))
        #expect(r.edits[.pane].alpha == 0.5)
        #expect(r.edits[.pane].transform == Transform3D.translation(x: 10, y: 20))
    }

    /// A key whose slot another key holds goes to a free slot instead of evicting it, so two keys of one result
    /// that hash alike are both found by address from the second read on (the cache stays as the first read left
    /// it), whatever addresses Lua's per-process string seed gives them.
    @Test func keysThatShareASlotDoNotEvictEachOther() throws {
        let lua = try LuaState()
        let buffers = EditBuffers()
        try lua.run("return { pane = { alpha = 0.5 } }", chunk: "=result.lua")
        let result = lua.top
        lua_pushstring(lua.L, "pane")
        let pane = lua_tolstring(lua.L, -1, nil)!
        lua_pushstring(lua.L, "other")
        let other = lua_tolstring(lua.L, -1, nil)!
        // The decoder's slot of an address (key_slot in Decoder.h).
        let size = Int(PK_KEY_CACHE_SIZE)
        let home = Int((UInt64(UInt(bitPattern: pane)) &* 0x9E37_79B9_7F4A_7C15) >> 58) & (size - 1)
        func slots() -> [pk_key_slot] {
            withUnsafeBytes(of: &buffers.record.pointee.keys) { Array($0.bindMemory(to: pk_key_slot.self)) }
        }
        withUnsafeMutableBytes(of: &buffers.record.pointee.keys) { raw in
            raw.bindMemory(to: pk_key_slot.self)[home] = pk_key_slot(address: other, code: Int32(Role.overlay.index), length: 7)
        }
        lua_pushvalue(lua.L, result)  // the result on top, the two strings kept below it
        let first = readBoth(lua, buffers: buffers)
        #expect(first.problems.isEmpty && agree(first))
        #expect(first.edits[.pane].alpha == 0.5)
        let learnt = slots()
        #expect(learnt[home].address == UnsafePointer(other))
        #expect(learnt.contains { $0.address == UnsafePointer(pane) && $0.code == Int32(Role.pane.index) })
        let second = readBoth(lua, buffers: buffers)
        #expect(second.problems.isEmpty && agree(second))
        let after = slots()
        #expect(after.indices.allSatisfy { after[$0].address == learnt[$0].address && after[$0].code == learnt[$0].code })
    }

    /// The same result read a hundred times through one cache, with other strings made and collected between
    /// the reads (so addresses are reused): every read is the first one's.
    @Test func readsThroughTheCacheStayTheSame() throws {
        let lua = try LuaState()
        let buffers = EditBuffers()
        let source = "return { pane = { scale = {0.9, 0.8}, z = 2 }, drawer = { alpha = 0.25, anchor = {0, 1} } }"
        var first: Readings?
        for i in 0..<100 {
            try lua.run("local t = {} for i = 1, 50 do t[i] = 'k' .. i .. '_\(i)' end return 0", chunk: "=churn.lua")
            lua.settop(0)
            try lua.collectGarbage()
            try lua.run(source, chunk: "=result.lua")
            let r = readBoth(lua, buffers: buffers)
            #expect(r.problems.isEmpty)
            #expect(agree(r))
            if let first {
                #expect(Role.allCases.allSatisfy { r.edits[$0] == first.edits[$0] })
            } else {
                first = r
            }
            lua.settop(0)
        }
    }

    /// `ops` whose steps lua_next gives out of order (integer keys in the hash part) compose in
    /// index order, as the same list written with a constructor.
    @Test func opsOutOfTraversalOrderComposeInIndexOrder() throws {
        let lua = try LuaState()
        let buffers = EditBuffers()
        let steps = ["{'scale', 0.5}", "{'rotate', 0.3}", "{'translate', 10, 4}", "{'perspective', -0.002}"]
        try lua.run("return { pane = { ops = {" + steps.joined(separator: ", ") + "} } }", chunk: "=listed.lua")
        let listed = readBoth(lua, buffers: buffers)
        lua.settop(0)
        // Explicit keys in a constructor go to the hash part, where 3 comes before 1 (a hash of 4 nodes).
        let keyed = "{" + steps.indices.reversed().map { "[\($0 + 1)] = \(steps[$0])" }.joined(separator: ", ") + "}"
        try lua.run("return { pane = { ops = " + keyed + " } }", chunk: "=keyed.lua")
        let r = readBoth(lua, buffers: buffers)
        #expect(r.problems.isEmpty && listed.problems.isEmpty)
        #expect(agree(r) && agree(listed))
        #expect(r.edits[.pane] == listed.edits[.pane])
        #expect(r.edits[.pane].transform != nil)
    }
}
