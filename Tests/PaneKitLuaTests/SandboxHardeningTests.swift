// The sandbox promise, round two: work that used to run outside the budget (a __call chain, fresh coroutines),
// the limits' setters, a cap on the memory of all plugin states together, and UTF-8 plugin text.

import Foundation
import PaneKit
@testable import PaneKitLua
import Testing

@Suite struct SandboxHardeningTests {
    @Test func aNonFunctionCallChainIsRefused() throws {
        let outcome = try #require(
            finishes(within: 10) { () throws -> PluginError? in
                let s = try styler(
                    """
                    return { style = function(ctx)
                      local t = {}
                      setmetatable(t, { __call = t })
                      pcall(t)
                      return {}
                    end }
                    """, file: "hostile.lua")
                return pluginError { _ = try style(s) }
            }, "a __call chain did not finish")
        let error = try #require(try outcome.get())
        #expect(
            error.description
                == "hostile.lua:3: __call must be a function in plugins (a chain of callable tables runs outside the instruction limit)"
        )
    }

    @Test func aFunctionCallStillWorks() throws {
        // A function __call works as in Lua.
        let s = try styler(
            """
            return { style = function(ctx)
              local t = setmetatable({}, { __call = function(self, x) return x * 2 end })
              return { pane = { alpha = t(0.25) } }
            end }
            """)
        #expect(try style(s)[.pane].alpha == 0.5)
    }

    @Test func theLimitsSettersClampAsTheInitialiserDoes() {
        var limits = Limits()
        limits.instructions = 0
        limits.memory = -5
        limits.seconds = 0.001
        #expect(limits == Limits(instructions: 0, memory: -5, seconds: 0.001))
        #expect(limits.instructions == 1 && limits.memory == 1 && limits.seconds == 0.01)
        limits.seconds = .nan
        #expect(limits.seconds == nil)
        limits.seconds = .infinity
        #expect(limits.seconds == nil)
        limits.seconds = -3
        #expect(limits.seconds == 0.01)
        limits.totalMemory = 0
        #expect(limits.totalMemory == 1)
        #expect(Limits().totalMemory == Limits.defaultTotalMemory)
    }

    @Test func allPluginStatesTogetherHaveACap() throws {
        // Each state holds 3 MiB, under its own 8 MiB cap; together they run into the 40 MiB cap of all states.
        let source = "big = string.rep('x', 3 << 20)\nreturn { style = function() return {} end }\n"
        let limits = Limits(totalMemory: 40 << 20)
        let loaded = try plugin(source, file: "big.lua", limits: limits)
        var held: [LuaStyler] = []
        var refusal: PluginError?
        for _ in 0..<40 {
            do {
                held.append(try LuaStyler(plugin: loaded))
            } catch let error as PluginError {
                refusal = error
                break
            }
        }
        let error = try #require(refusal, "40 states of 3 MiB each all loaded")
        #expect(held.count <= 13)
        #expect(error.isLimitExceeded)
        #expect(
            error.description
                == "big.lua:1: memory limit exceeded: all plugin states together may use at most 40 MiB (41943040 bytes; Limits.totalMemory)"
        )
        held.removeAll()
        // Closing the states gives their memory back.
        #expect(throws: Never.self) { _ = try LuaStyler(plugin: loaded) }
    }

    @Test func aPluginFileMustBeUTF8() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("bad.lua")
        var bytes = Array("return {\n  description = 'caf".utf8)
        bytes += [0xE9]
        bytes += Array("',\n  style = function() return {} end }\n".utf8)
        try Data(bytes).write(to: path)
        let error = try #require(pluginError { _ = try PluginLoader.load(path: path.path) })
        #expect(error.description == "bad.lua:2:21: invalid UTF-8 (byte 0xE9): plugins must be UTF-8 text")
        #expect(error.line == 2 && error.column == 21)
    }

    @Test func aTruncatedSequenceAtTheEndIsFound() {
        typealias Problem = PluginLoader.UTF8Problem
        #expect(PluginLoader.firstInvalidUTF8(Array("ok\nab\u{E9}".utf8).dropLast()) == Problem(line: 2, column: 3, byte: 0xC3))
        #expect(PluginLoader.firstInvalidUTF8(Array("ok\n\u{E9}t\u{1F600}".utf8)) == nil)
        let surrogate: [UInt8] = [0x61, 0xED, 0xA0, 0x80]
        #expect(PluginLoader.firstInvalidUTF8(surrogate) == Problem(line: 1, column: 2, byte: 0xED))
        let afterAccent: [UInt8] = Array("\u{E9}\u{E9}".utf8) + [0xFF]
        #expect(PluginLoader.firstInvalidUTF8(afterAccent) == Problem(line: 1, column: 3, byte: 0xFF))
    }
}
