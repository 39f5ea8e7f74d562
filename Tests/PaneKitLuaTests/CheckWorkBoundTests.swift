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

    /// A plugin of the left edge that fails at every call, saying which call it is.
    static let failingEveryCall = """
        local calls = 0
        return {
          directions = { "left" },
          style = function(ctx)
            calls = calls + 1
            error("call " .. calls)
          end,
        }
        """

    @Test func checkListsThePlainSweepsProblemsAndStopsTheGridAtItsFirstFailingCall() throws {
        let lines = PluginCheck.run(try plugin(Self.failingEveryCall, file: "every.lua")).flatMap(\.lines)
        // The plain sweep's 25 calls, each a problem of its own, then the grid's first call: not its 1,400 others.
        let sweep = PluginCheck.fractions.count
        #expect(lines.count == sweep + 1, "\(lines.count) problems")
        #expect(lines.first == "every.lua:6: call 1 (left, closed -0.1)")
        #expect(lines.last?.hasPrefix("every.lua:6: call \(sweep + 1) (left, closed ") == true, "\(lines.last ?? "")")
    }

    @Test func aPluginWhoseGridWouldTakeTooLongFailsSayingSo() throws {
        // Each call compares two 1 MiB strings 2,000 times: within the instruction budget, 100 ms or more, so the
        // grid's 5,700 calls would take ten minutes. After 300 calls the plugin fails, and after 400 it loops past its
        // budget: a check that reached them was not bounded by its time limit.
        let source = """
            local a = string.rep("x", 1 << 20) .. "a"
            local b = string.rep("x", 1 << 20) .. "b"
            local calls = 0
            return {
              style = function(ctx)
                calls = calls + 1
                if calls > 400 then while true do end end
                if calls > 300 then error("call " .. calls) end
                local n = 0
                for i = 1, 2000 do if a < b then n = n + 1 end end
                return { pane = { alpha = n / 2000 } }
              end,
            }
            """
        let problems = PluginCheck.run(try plugin(source, file: "slow.lua"))
        let lines = problems.flatMap(\.lines)
        #expect(lines.count == 1, "\(lines)")
        #expect(lines.first?.hasPrefix("slow.lua:5: check time limit exceeded: its ") == true, "\(lines)")
        #expect(lines.first?.contains("a check may take at most 60 s, PluginCheck.timeLimit); stopped after ") == true, "\(lines)")
        #expect(problems.first?.reason == .timeLimit && problems.first?.isLimitExceeded == true)
    }

    @Test func theCountOfCallsIsTheGrids() throws {
        // A plugin failing at the counted call is called that often; one failing at the next call never fails.
        for directions in [[Direction.left, .right], Direction.allCases] {
            let names = directions.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            let manifest = try plugin("return { directions = { \(names) }, style = function(ctx) return {} end }", file: "n.lua").manifest
            let count = PluginCheck.callCount(grid: PluginCheck.poses(manifest), fractions: PluginCheck.fractions)
            func failing(at call: Int) throws -> [String] {
                let source = """
                    local calls = 0
                    return {
                      directions = { \(names) },
                      style = function(ctx)
                        calls = calls + 1
                        if calls == \(call) then error("call " .. calls) end
                        return {}
                      end,
                    }
                    """
                return PluginCheck.run(try plugin(source, file: "count.lua")).flatMap(\.lines)
            }
            let last = try failing(at: count)
            #expect(last.count == 1 && last[0].hasPrefix("count.lua:6: call \(count) ("), "\(last)")
            #expect(try failing(at: count + 1) == [], "\(directions): more than \(count) calls")
        }
    }

    @Test func aBadSaveIsReportedAtItsFirstFailingCall() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("fade.lua")
        try ReloadTests.version("0.25").write(to: file, atomically: true, encoding: .utf8)
        let catalog = try PluginCatalog(folder: folder.path)
        let reloader = Reloader(catalog: catalog, debounce: 0.2)
        #expect(reloader.poll(now: 0).isEmpty)
        // Each call fails with a megabyte of message that names the call.
        let bad = """
            local calls = 0
            return {
              directions = { "left" },
              style = function(ctx)
                calls = calls + 1
                error(calls .. string.rep("x", 1 << 20))
              end,
            }
            """
        try bad.write(to: file, atomically: true, encoding: .utf8)
        _ = reloader.poll(now: 1)
        let failed = reloader.poll(now: 1.5)
        #expect(failed.map(\.kind) == [.failed])
        #expect(failed.first?.error?.description.hasPrefix("fade.lua:6: 1xxxx") == true, "\(failed)")
        // The quick sweep's four calls, then the grid's first: not the grid's hundreds of others.
        let problems = failed.first?.problems ?? []
        #expect(problems.count == PluginCheck.quickFractions.count, "\(problems.count) more problems")
        #expect(problems.last?.description.hasPrefix("fade.lua:6: \(PluginCheck.quickFractions.count + 1)xxxx") == true)
    }
}
