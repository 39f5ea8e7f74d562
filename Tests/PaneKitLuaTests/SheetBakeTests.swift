// panekit bake on a sheet: a styler driven by ctx.position is baked on the sheet (not on a drawer), its table is
// not empty, and the baked styler poses the sheet as `sample` poses the live one, within the bake's bound.

import Foundation
import Testing

@testable import PaneKit
@testable import PaneKitLua

@Suite struct SheetBakeTests {
    @Test func aPositionDrivenStylerBakesAsSampleShowsIt() throws {
        let source = """
            return {
              containers = { "sheet" },
              style = function(ctx)
                local k = panekit.clamp(ctx.position / ctx.size.h, 0, 1)
                return { sheet = { cornerRadius = 24 * (1 - k), alpha = 0.5 + 0.5 * k, translate = { 0, 30 * k } } }
              end,
            }
            """
        let styler = try LuaStyler(plugin: try plugin(source, file: "posfade.lua"))
        let descriptor = try #require(ContainerRegistry.descriptor(named: "sheet"))
        let size = Size(width: 375, height: 667)
        let (spec, _) = try #require(descriptor.posedSpec(size: size, group: .bottom, reveal: nil, behavior: "uikit"))
        let origin = BakeOrigin(styler: "posfade", params: [:], container: .sheet, size: size)
        let (baked, difference) = try StylerBaker.bake(styler, name: "posfade-baked", origin: origin, container: spec, groups: [.bottom])
        #expect(difference.within(BakeBound()), "\(difference)")

        let track = try #require(baked.track(.bottom))
        #expect(track.roles.contains(.sheet))
        #expect(track.fractions.count > 2, "a position that moves with the fraction needs more than its ends")

        // The baked table against sample, at fractions between its samples.
        let fractions = [0, 0.07, 0.31, 0.5, 0.66, 0.93, 1.0]
        let live = try Sampler.sample(styler, container: spec, group: .bottom, fractions: fractions)
        let played = try Sampler.sample(baked, container: spec, group: .bottom, fractions: fractions)
        var moved = false
        for (a, b) in zip(live, played) {
            let x = try #require(a.nodes.first { $0.role == .sheet }), y = try #require(b.nodes.first { $0.role == .sheet })
            #expect(abs(x.style.alpha - y.style.alpha) <= BakeBound().alpha, "alpha at \(a.closed)")
            for (p, q) in zip(x.corners.points, y.corners.points) {
                #expect(abs(p.x - q.x) <= BakeBound().points && abs(p.y - q.y) <= BakeBound().points, "corners at \(a.closed)")
            }
            moved = moved || x.style.alpha != live[0].nodes.first { $0.role == .sheet }?.style.alpha
        }
        #expect(moved, "the styler's edits follow the sheet's position")
    }
}
