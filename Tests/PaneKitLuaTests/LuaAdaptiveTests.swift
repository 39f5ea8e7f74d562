// ctx.layout: a Lua styler sees the adaptive container's layout change with its width.

import Foundation
import PaneKit
@testable import PaneKitLua
import Testing

@Suite struct LuaAdaptiveTests {
    @Test func ctxLayoutFollowsTheWidth() throws {
        // The drawer's z says which layout the styler saw on the frame.
        let s = try styler(
            """
            local z = { drawer = 1, sidebar = 2, split = 3 }
            return { style = function(ctx) return { drawer = { z = z[ctx.layout] } } end }
            """)
        var c = AdaptiveConfiguration(size: Size(width: 375, height: 667))
        c.narrowMax = 600
        c.mediumMax = 900
        var host = PaneHost(container: AdaptiveContainer(c), fps: 60, stylers: [.left: [s]])
        host.schedule(.open(.left, animated: false), at: 0)
        host.schedule(.resize(Size(width: 768, height: 667), animated: false), at: 0.1)
        host.schedule(.resize(Size(width: 1024, height: 667), animated: false), at: 0.2)
        let frames = try host.runUntilRest()
        func z(at time: Double) -> Int? {
            guard let frame = frames.last(where: { $0.time <= time + 1e-9 }) else { return nil }
            return (frame.node(.drawerLeft) ?? frame.node(.master))?.style.z
        }
        #expect(z(at: 0.05) == 1 && z(at: 0.15) == 2 && z(at: 0.3) == 3)
        #expect(frames.allSatisfy { $0.events.allSatisfy { $0.name != .stylerFailed } })
    }

    @Test func theStubsNameIt() throws {
        #expect(LuaContext.fieldNames.contains("layout"))
        #expect(LuaStubs.source.contains("---@field layout string"))
        let written = try String(contentsOf: packageRoot.appendingPathComponent("Plugins/panekit.d.lua"), encoding: .utf8)
        #expect(written.contains("---@field layout string"))
    }
}
