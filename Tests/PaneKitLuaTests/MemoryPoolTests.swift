// A run's pool of plugin memory: the states made in it count against it alone, under the same cap.

import Foundation
import PaneKit
import Testing

@testable import PaneKitLua

@Suite struct MemoryPoolTests {
    static let source = "big = string.rep('x', 3 << 20)\nreturn { style = function() return {} end }\n"

    @Test func aRunsStatesCountInItsPool() throws {
        let loaded = try plugin(Self.source, file: "big.lua")
        #expect(LuaMemoryPool.current == nil)
        try LuaMemoryPool.run {
            let pool = try #require(LuaMemoryPool.current)
            #expect(pool.used == 0)
            let first = try LuaStyler(plugin: loaded)
            #expect(pool.used >= 3 << 20, "\(pool.used)")
            let second = try LuaStyler(plugin: loaded)
            #expect(pool.used >= 6 << 20, "\(pool.used)")
            _ = (first, second)
        }
    }

    @Test func aPoolGivesBackWhatItsStatesHeldWhenTheyClose() throws {
        let loaded = try plugin(Self.source, file: "big.lua")
        let pool = try LuaMemoryPool.run { () throws -> LuaMemoryPool in
            let pool = try #require(LuaMemoryPool.current)
            _ = try LuaStyler(plugin: loaded)
            return pool
        }
        #expect(pool.used == 0)
    }

    @Test func theCapOfAllStatesHoldsInEachPool() throws {
        // 64 MiB for a pool: whatever the process's other states hold, the 22nd state of 3 MiB does not fit.
        let total = 64 << 20
        let loaded = try plugin(Self.source, file: "big.lua", limits: Limits(totalMemory: total))
        let counts = (0..<2).map { _ in
            LuaMemoryPool.run { () -> Int in
                var held: [LuaStyler] = []
                while held.count <= total / (3 << 20), let styler = try? LuaStyler(plugin: loaded) { held.append(styler) }
                return held.count
            }
        }
        // Each pool holds as many as the cap allows, the same in both: the first's states are given back with it.
        #expect(counts[0] > 0 && counts[0] < total / (3 << 20), "\(counts)")
        #expect(counts[0] == counts[1], "\(counts)")
    }
}
