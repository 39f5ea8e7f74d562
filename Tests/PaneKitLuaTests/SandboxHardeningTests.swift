// The sandbox promise, round two: work that used to run outside the budget (a __call chain, fresh coroutines),
// the limits' setters, a cap on the memory of all plugin states together, and UTF-8 plugin text.

import Foundation
import PaneKit
@testable import PaneKitLua
import Testing

// Serialized: two of its tests fill the pool that all plugin states of the process share, and must not fill it for
// each other.
@Suite(.serialized) struct SandboxHardeningTests {
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

    static let refusedMetatables: [(source: String, message: String)] = [
        (
            "local t = {}\nsetmetatable(t, { __index = t })",
            "'__index' chain too long or a loop: plugins may chain at most 99 tables (Lua follows a chain inside one instruction, outside the instruction limit)"
        ),
        (
            "local t = { {} }\nfor i = 2, 2000 do t[i] = setmetatable({}, { __newindex = t[i - 1] }) end",
            "'__newindex' chain too long or a loop: plugins may chain at most 99 tables (Lua follows a chain inside one instruction, outside the instruction limit)"
        ),
        (
            "local t = {}\nsetmetatable(t, { __mode = 'k' })",
            "weak keys (__mode 'k') are not available to plugins (the collector's work on them runs outside the instruction limit)"
        ),
    ]

    @Test func metatablesThatWorkOutsideTheBudgetAreRefused() throws {
        for (source, message) in Self.refusedMetatables {
            let text = "return { style = function(ctx)\n" + source + "\nreturn {} end }"
            let error = try #require(pluginError { _ = try style(styler(text, file: "meta.lua")) })
            #expect(error.description == "meta.lua:3: " + message)
        }
        // Ordinary chains and weak values still work.
        let s = try styler(
            """
            return { style = function(ctx)
              local Base = { alpha = 0.5 }
              Base.__index = Base
              local Mid = setmetatable({}, Base)
              Mid.__index = Mid
              local object = setmetatable({}, Mid)
              local cache = setmetatable({}, { __mode = 'v' })
              cache[1] = object
              return { pane = { alpha = object.alpha } }
            end }
            """)
        #expect(try style(s)[.pane].alpha == 0.5)
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
        // Each state holds 3 MiB, under its own 8 MiB cap; together they run into the cap of all states, set 64 MiB
        // above what the process's states (other tests' too, which may take some of it meanwhile) hold now.
        let source = "big = string.rep('x', 3 << 20)\nreturn { style = function() return {} end }\n"
        let total = ((LuaState.totalMemoryUsed >> 20) + 64) << 20
        let limits = Limits(totalMemory: total)
        let loaded = try plugin(source, file: "big.lua", limits: limits)
        var held: [LuaStyler] = []
        var refusal: PluginError?
        for _ in 0..<(total / (3 << 20) + 2) {
            do {
                held.append(try LuaStyler(plugin: loaded))
            } catch {
                refusal = error
                break
            }
        }
        let error = try #require(refusal, "\(held.count) states of 3 MiB each all loaded")
        // Each state holds more than 3 MiB, so no more than total / 3 MiB of them fit, whatever else runs.
        #expect(held.count <= total / (3 << 20))
        #expect(error.isLimitExceeded)
        #expect(
            error.description
                == "big.lua:1: memory limit exceeded: all plugin states together may use at most \(total >> 20) MiB (\(total) bytes; Limits.totalMemory)"
        )
        held.removeAll()
    }

    @Test func aStateGivesBackWhatItNoLongerHolds() throws {
        // The pool is shared with every test running meanwhile, so the state's own reservation is what is checked.
        let lua = try LuaState(file: "pool.lua", limits: Limits())
        try Sandbox.install(in: lua)
        try lua.run("big = string.rep('x', 3 << 20)", chunk: "=pool.lua")
        #expect(lua.memoryReserved >= 3 << 20)
        #expect(lua.memoryReserved <= lua.memoryUsed + (5 << 16))
        try lua.run("big = nil", chunk: "=pool.lua")
        try lua.collectGarbage()
        #expect(lua.memoryUsed < 1 << 20)
        #expect(lua.memoryReserved <= lua.memoryUsed + (5 << 16), "\(lua.memoryReserved) reserved for \(lua.memoryUsed)")
    }

    @Test func aStylerPastTheTotalCapFailsTheHostUnderStrictAndWarnsOtherwise() throws {
        // Each call keeps 4 MiB more, under its own 1 GiB cap; the cap of all states (64 MiB above what they hold
        // now; other tests running meanwhile may take some of it) stops it first.
        let source = """
            local keep = {}
            return { style = function(ctx)
              keep[#keep + 1] = string.rep('x', 4 << 20) .. #keep
              return {}
            end }
            """
        let total = ((LuaState.totalMemoryUsed >> 20) + 64) << 20
        let limits = Limits(memory: 1 << 30, totalMemory: total)
        func host(strict: Bool, warnings: Warnings) throws -> PaneHost {
            var container = DrawerContainer(DrawerConfiguration(size: Size(width: 375, height: 667)))
            container.setStaticPose(.left, closed: 0.5)
            var host = PaneHost(
                container: container, stylers: [.left: [try styler(source, file: "hog.lua", limits: limits)]], chrome: false)
            host.strict = strict
            host.onWarning = { warnings.append($0) }
            return host
        }
        let expected = "memory limit exceeded: all plugin states together may use at most \(total >> 20) MiB"
        do {
            // In a scope of its own: the strict host's state fills the pool, and gives it back here, before the
            // second host loads its plugin.
            var strict = try host(strict: true, warnings: Warnings())
            let error = #expect(throws: HostError.self) { for _ in 0..<40 { _ = try strict.step() } }
            let plugin = try #require(error?.pluginError)
            #expect(plugin.isLimitExceeded)
            #expect(plugin.description.hasPrefix("hog.lua:3: \(expected)"), "\(plugin.description)")
        }

        let warnings = Warnings()
        var lenient = try host(strict: false, warnings: warnings)
        for _ in 0..<40 { _ = try lenient.step() }
        #expect(warnings.lines.count == 1)
        #expect(warnings.lines.first?.contains("hog.lua:3: \(expected)") == true, "\(warnings.lines)")
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
        #expect(error.lines == [error.description])
        // The same text saved while studio or play --watch runs (the reloader reads it as data).
        let reloaded = try #require(pluginError { _ = try PluginLoader.load(data: Data(bytes), path: path.path) })
        #expect(reloaded.description == error.description)
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
