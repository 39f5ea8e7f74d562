// LuaStyler: the context a plugin sees, the edits it returns, parameters and helpers.

import Foundation
import PaneKit
@testable import PaneKitLua
import Testing

@Suite struct LuaStylerTests {
    static let zoom = """
        return {
          name = "zoom",
          version = "1.0.0",
          description = "The content zooms out as the drawer opens",
          params = { scale = { default = 0.75, min = 0.1, max = 1.0, doc = "pane scale when fully open" } },
          style = function(ctx)
            local s = 1 - (1 - ctx.params.scale) * ctx.open
            return {
              pane = { scale = s, translate = { ctx.open * ctx.reveal * 0.2, 0 } },
              drawer = { alpha = ctx.open },
            }
          end,
        }
        """

    @Test func theDesignExampleRuns() throws {
        let p = try plugin(Self.zoom, file: "zoom.lua")
        #expect(p.name == "zoom")
        #expect(p.manifest.version == "1.0.0")
        #expect(p.manifest.params.map(\.name) == ["scale"])
        let edits = try style(LuaStyler(plugin: p), direction: .left, closed: 0.5)
        let s = 1 - 0.25 * 0.5
        let expected = Transform3D.scale(s).concatenating(.translation(x: 0.5 * 280 * 0.2, y: 0))
        #expect(edits[.pane].transform == expected)
        #expect(edits[.drawerLeft].alpha == 0.5)
        #expect(edits[.drawerRight].isEmpty)
    }

    @Test func drawerAddressesTheContextsOwnDrawer() throws {
        let s = try styler("return { style = function(ctx) return { drawer = { z = 3 } } end }")
        #expect(try style(s, direction: .right)[.drawerRight].z == 3)
        #expect(try style(s, direction: .top)[.drawerTop].z == 3)
        #expect(try style(s, direction: .right)[.drawerLeft].z == nil)
    }

    @Test func theContextCarriesEveryField() throws {
        let s = try styler(
            """
            return { params = { k = { default = "b", choices = {"a", "b"} }, c = { default = "#ff000080" },
                                on = { default = true } },
              style = function(ctx)
                local f = ctx.frames
                assert(ctx.direction == "right", ctx.direction)
                assert(ctx.closed == 0.25 and ctx.open == 0.75 and ctx.reveal == 280)
                assert(ctx.size.w == 375 and ctx.size.h == 667)
                assert(ctx.state == "opening" and ctx.container == "drawer" and ctx.time == 0)
                assert(f.pane.x == -210 and f.pane.w == 375, f.pane.x)
                assert(f.drawer == f["drawer.right"] and f.drawer.x == 95 and f.drawer.w == 280)
                assert(f["drawer.left"] == nil and f.overlay ~= nil)
                assert(ctx.params.k == "b" and ctx.params.c == "#ff000080" and ctx.params.on == true)
                return { pane = { alpha = ctx.open } }
              end }
            """)
        #expect(try style(s, direction: .right, closed: 0.25)[.pane].alpha == 0.75)
    }

    @Test func aMisspeltContextFieldIsAnError() throws {
        let s = try styler("return { style = function(ctx) return { pane = { alpha = ctx.opne } } end }")
        let error = pluginError { _ = try style(s) }
        #expect(error?.line == 1)
        #expect(error?.message.contains("ctx.opne: no such field") == true)
        #expect(error?.message.contains("closed, container, detent, detents, direction") == true)
    }

    @Test func aMisspeltHelperNamesTheNearestOne() throws {
        let curve = try styler("return { style = function(ctx)\n  return { pane = { alpha = panekit.easeOut(ctx.open) } }\nend }")
        let error = pluginError { _ = try style(curve) }
        #expect(error?.line == 2)
        #expect(
            error?.message.hasPrefix("panekit.easeOut: no such field; did you mean panekit.curves.easeOut?") == true,
            "\(String(describing: error))")
        let lerp = try styler("return { style = function(ctx) return { pane = { alpha = panekit.lerpp(0, 1, ctx.open) } } end }")
        #expect(pluginError { _ = try style(lerp) }?.message.hasPrefix("panekit.lerpp: no such field; did you mean panekit.lerp?") == true)
        let nested = try styler("return { style = function(ctx) return { pane = { alpha = panekit.curves.esaeOut(ctx.open) } } end }")
        #expect(pluginError { _ = try style(nested) }?.message.contains("did you mean panekit.curves.easeOut?") == true)
        // A known name still works, and panekit.curve keeps its own message for an unknown curve.
        let fine = try styler("return { style = function(ctx) return { pane = { alpha = panekit.curves.easeOut(0.5) } } end }")
        #expect(try style(fine)[.pane].alpha ?? 0 > 0.5)
        let unknown = try styler("return { style = function(ctx) return { pane = { alpha = panekit.curve('bouncy')(0.5) } } end }")
        #expect(pluginError { _ = try style(unknown) }?.message.contains("bad argument #1 to 'curve'") == true)
    }

    @Test func theContextIsRefreshedAfterAPluginChangesIt() throws {
        let s = try styler(
            """
            return { style = function(ctx)
              local a = ctx.open
              ctx.open = 99; ctx.frames = nil; ctx.size = {}
              return { pane = { alpha = a } }
            end }
            """)
        #expect(try style(s, closed: 0.6)[.pane].alpha == 0.4)
        #expect(try style(s, closed: 0.1)[.pane].alpha == 0.9)
    }

    @Test func keyedPartsComposeScaleRotatePerspectiveTranslate() throws {
        let s = try styler(
            """
            return { style = function(ctx)
              return { pane = { translate = {10, 20, 3}, perspective = -0.001, rotate = { y = 0.3, x = 0.1 },
                                scale = {0.5, 0.75} } }
            end }
            """)
        let expected = Transform3D.scale(x: 0.5, y: 0.75)
            .concatenating(.rotation(angle: 0.1, x: 1, y: 0, z: 0))
            .concatenating(.rotation(angle: 0.3, x: 0, y: 1, z: 0))
            .concatenating(.perspective(-0.001))
            .concatenating(.translation(x: 10, y: 20, z: 3))
        #expect(try style(s)[.pane].transform == expected)
    }

    @Test func opsApplyFirstToLast() throws {
        let s = try styler(
            """
            return { style = function(ctx)
              return { pane = { ops = { {"translate", 5, 6}, {"rotate", 0.5, 0, 0, 1}, {"scale", 2},
                                        {"perspective", -0.002}, {"matrix", 1,0,0,0, 0,1,0,0, 0,0,1,0, 7,8,9,1} } } }
            end }
            """)
        let expected = Transform3D.translation(x: 5, y: 6)
            .concatenating(.rotation(angle: 0.5, x: 0, y: 0, z: 1))
            .concatenating(.scale(2))
            .concatenating(.perspective(-0.002))
            .concatenating(.translation(x: 7, y: 8, z: 9))
        #expect(try style(s)[.pane].transform == expected)
    }

    @Test func setTypeEditsAreRead() throws {
        let s = try styler(
            """
            return { style = function(ctx)
              return { overlay = { hidden = false, color = "#102030", alpha = 1.7, z = 2 },
                       pane = { anchor = {0, 0.5}, frame = ctx.frames.pane,
                                shadow = { radius = 8, opacity = 0.5, offset = {1, 2}, color = "#ff0000" } },
                       drawer = { frame = {1, 2, 3, 4}, transform = panekit.translate(1, 2) } }
            end }
            """)
        let edits = try style(s, closed: 1)
        #expect(edits[.overlay].hidden == false)
        #expect(edits[.overlay].color == Color(hex: "#102030"))
        #expect(edits[.overlay].alpha == 1)  // clamped, as UIKit does
        #expect(edits[.overlay].z == 2)
        #expect(edits[.pane].anchor == Point(x: 0, y: 0.5))
        #expect(edits[.pane].frame == Rect(x: 0, y: 0, width: 375, height: 667))
        #expect(edits[.pane].shadow == Shadow(radius: 8, opacity: 0.5, offset: Point(x: 1, y: 2), color: Color(hex: "#ff0000")!))
        #expect(edits[.drawerLeft].frame == Rect(x: 1, y: 2, width: 3, height: 4))
        #expect(edits[.drawerLeft].transform == .translation(x: 1, y: 2))
    }

    @Test func parametersOverrideDefaultsAndAreChecked() throws {
        let p = try plugin(Self.zoom, file: "zoom.lua")
        let s = try LuaStyler(plugin: p, params: Parameters(specs: p.manifest.params, overrides: ["scale": .number(0.5)]))
        #expect(try style(s, closed: 0)[.pane].transform?.m11 == 0.5)
        #expect(throws: ParamError.self) { try Parameters(specs: p.manifest.params, overrides: ["scale": .number(2)]) }
        #expect(throws: ParamError.self) { try Parameters(specs: p.manifest.params, overrides: ["scael": .number(0.5)]) }
    }

    @Test func helperCurvesMatchTheCore() throws {
        let lua = try LuaState()
        for (name, curve) in TimingCurve.named {
            for i in 0...20 {
                let t = Double(i) / 20
                let value = try lua.evaluateNumber("panekit.curves.\(name)(\(t))")
                #expect(abs(value - curve.value(at: t)) < 1e-12, "\(name)(\(t))")
            }
        }
    }

    @Test func helperTransformsMatchTheCore() throws {
        let s = try styler(
            """
            return { style = function(ctx)
              local m = panekit.concat(panekit.scale(0.5, 2), panekit.rotate(0.7, 0, 1, 0), panekit.perspective(-0.001),
                                       panekit.translate(3, 4, 5))
              return { pane = { transform = m } }
            end }
            """)
        let expected = Transform3D.scale(x: 0.5, y: 2)
            .concatenating(.rotation(angle: 0.7, x: 0, y: 1, z: 0))
            .concatenating(.perspective(-0.001))
            .concatenating(.translation(x: 3, y: 4, z: 5))
        #expect(try style(s)[.pane].transform == expected)
    }

    @Test func helpersCheckTheirArguments() throws {
        let s = try styler(
            """
            return { style = function(ctx)
              return { pane = { alpha = panekit.lerp(0, 1) } }
            end }
            """)
        let error = pluginError { _ = try style(s) }
        #expect(error?.description == "test.lua:2: bad argument #3 to 'lerp' (number expected, got no value)")
    }

    @Test func printGoesToStandardErrorNotTheOutput() throws {
        let s = try styler("return { style = function(ctx) print('hello', 1) return {} end }")
        #expect(try style(s)[.pane].isEmpty)
    }
}

@Suite struct LuaVelocityTests {
    @Test func ctxVelocityIsTheClosedFractionsRate() throws {
        let s = try styler("return { style = function(ctx) return { pane = { translate = { ctx.velocity, 0 } } } end }")
        var context = PluginCheck.context(direction: .left, closed: 0.5)
        context.velocity = -3.25
        var edits = StyleEdits()
        try s.style(context, into: &edits)
        #expect(edits[.pane].transform == .translation(x: -3.25, y: 0))
        context.velocity = 0
        try s.style(context, into: &edits)
        #expect(edits[.pane].transform == .translation(x: 0, y: 0))
    }

    @Test func aRunningOpenReachesLuaWithItsVelocity() throws {
        // Write the velocity the plugin reads into the overlay's frame and compare with the host's own.
        let s = try styler("return { style = function(ctx) return { overlay = { frame = { ctx.velocity, 0, 1, 1 } } } end }")
        var host = PaneHost(
            container: DrawerContainer(DrawerConfiguration(size: Size(width: 375, height: 667))), fps: 60, stylers: [.left: [s]])
        host.perform(.open(.left).timed(.spring(.swiftUI())))
        var seen: [Double] = []
        for _ in 0..<30 {
            let frame = try host.step()
            var pose = Pose()
            host.container.pose(into: &pose)
            if let overlay = frame.nodes.first(where: { $0.role == .overlay }) {
                #expect(overlay.frame.x == pose.subject(.left)!.velocity)
                seen.append(overlay.frame.x)
            }
        }
        #expect(seen.contains { $0 < -1 })
    }
}

@Suite struct LuaReducedMotionTests {
    @Test func ctxReducedMotionIsTheHostsFlag() throws {
        for reduced in [false, true] {
            let s = try styler("return { style = function(ctx) return { pane = { z = ctx.reducedMotion and 7 or 3 } } end }")
            var host = PaneHost(
                container: DrawerContainer(DrawerConfiguration(size: Size(width: 375, height: 667))), fps: 60,
                stylers: [.left: [s]], reducedMotion: reduced)
            host.perform(.open(.left, animated: false))
            let frames = try host.runUntilRest()
            #expect(frames.last!.node(.pane)!.style.z == (reduced ? 7 : 3))
        }
    }

    @Test func theStubsAndTheFieldListNameIt() throws {
        #expect(LuaContext.fieldNames.contains("reducedMotion"))
        #expect(LuaContext.fieldNames == LuaContext.fieldNames.sorted())
        #expect(LuaStubs.source.contains("---@field reducedMotion boolean"))
        let written = try String(contentsOf: packageRoot.appendingPathComponent("Plugins/panekit.d.lua"), encoding: .utf8)
        #expect(written.contains("---@field reducedMotion boolean"))
        // Every field of ctx is in the stubs.
        for name in LuaContext.fieldNames { #expect(LuaStubs.source.contains("---@field \(name) "), "\(name)") }
    }
}

extension LuaReducedMotionTests {
    @Test func everyGalleryPluginHonoursReducedMotion() throws {
        // The host cross-fades every transition, so a gallery plugin's rotation, scale and travel are never seen
        // moving; the end state is the normal run's.
        let catalog = try PluginCatalog(folder: packageRoot.appendingPathComponent("Plugins").path)
        #expect(catalog.plugins.count >= 8)
        for plugin in catalog.plugins {
            func run(_ reduced: Bool) throws -> [Frame] {
                let styler = try catalog.registry.make(plugin.name)
                var host = PaneHost(
                    container: DrawerContainer(DrawerConfiguration(size: Size(width: 375, height: 667))), fps: 30,
                    stylers: [.left: [styler]], reducedMotion: reduced)
                host.schedule(.open(.left), at: 0.1)
                host.schedule(.close(), at: 1)
                host.schedule(.open(.left), at: 2)
                return try host.runUntilRest()
            }
            let normal = try run(false), reduced = try run(true)
            #expect(normal.last!.nodes == reduced.last!.nodes, "\(plugin.name): end state")
            for (a, b) in zip(reduced, reduced.dropFirst()) {
                for node in b.nodes {
                    guard let before = a.node(node.role), before.corners != node.corners else { continue }
                    let hidden = [before, node].contains { $0.style.hidden || $0.style.alpha == 0 }
                    #expect(hidden, "\(plugin.name): \(node.role.rawValue) moves while visible at frame \(b.index)")
                }
            }
        }
    }
}
