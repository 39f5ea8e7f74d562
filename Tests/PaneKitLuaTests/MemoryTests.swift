// Memory: many calls of a gallery plugin leave its Lua state's memory bounded.

import Foundation
import PaneKit
@testable import PaneKitLua
import Testing

@Suite struct MemoryTests {
    @Test func hundredThousandCallsStayBounded() throws {
        let path = packageRoot.appendingPathComponent("Plugins/cube.lua").path
        let styler = try LuaStyler(plugin: PluginLoader.load(path: path))
        var edits = StyleEdits()
        var contexts: [StyleContext] = []
        for i in 0..<100 { contexts.append(PluginCheck.context(direction: i % 2 == 0 ? .left : .right, closed: Double(i) / 99)) }
        for i in 0..<1_000 {
            edits.removeAll()
            try styler.style(contexts[i % 100], into: &edits)
        }
        let warm = try styler.memoryInUse()
        for i in 0..<100_000 {
            edits.removeAll()
            try styler.style(contexts[i % 100], into: &edits)
        }
        let after = try styler.memoryInUse()
        let peak = styler.peakMemory
        print("memory after warm-up \(warm) bytes, after 100000 calls \(after) bytes, peak \(peak) bytes")
        #expect(after <= warm + 4096)
        #expect(peak < 2 << 20)
    }
}
