// panekit check's grid: a plugin that fails in one state, one container, one reading direction or with reduced
// motion is caught, and the problem names the whole context.

import Foundation
import PaneKit
import Testing

@testable import PaneKitLua

@Suite struct PluginCheckGridTests {
    /// The problems of `source` as `panekit check` lists them.
    private func check(_ source: String) throws -> [String] {
        PluginCheck.run(try plugin(source, file: "grid.lua")).flatMap(\.lines)
    }

    @Test func aFailureOnlyWhileBouncingNamesTheStateAndTheContext() throws {
        let lines = try check(
            """
            return {
              style = function(ctx)
                local t
                if ctx.state == "bouncing" then return { pane = { alpha = t.x } } end
                return {}
              end,
            }
            """)
        #expect(lines.count == 1, "\(lines)")
        #expect(lines.first?.hasPrefix("grid.lua:4: attempt to index a nil value (local 't')") == true, "\(lines)")
        #expect(lines.first?.hasSuffix(" (left, closed -0.1, bouncing, drawer)") == true, "\(lines)")
    }

    @Test func eachPartOfTheContextIsTried() throws {
        // One plugin per condition; each fails only there and the suffix names it.
        let cases: [(condition: String, suffix: String)] = [
            ("ctx.state == \"openWide\"", "(left, closed -0.1, openWide, dynamics)"),
            ("ctx.state == \"popover\"", "(left, closed 1, popover, split)"),
            ("ctx.state == \"moving\"", "(left, closed -0.1, moving, split)"),
            ("ctx.container == \"sidemenu\"", "(left, closed 1, closed, sidemenu)"),
            ("ctx.layout == \"sidebar\"", "(left, closed 1, closed, adaptive sidebar)"),
            ("ctx.layout == \"split\" and ctx.container == \"adaptive\"", "(left, closed 1, closed, adaptive split)"),
            ("not ctx.leading and ctx.direction == \"left\"", "(left, closed 1, closed, drawer, rtl)"),
            ("ctx.reducedMotion", "(left, closed 1, closed, drawer, reduced motion)"),
            ("ctx.direction == \"top\" and ctx.state == \"dragging\"", "(top, closed -0.1, dragging, dynamics)"),
        ]
        for (condition, suffix) in cases {
            let lines = try check(
                """
                return {
                  style = function(ctx)
                    if \(condition) then error("only here") end
                    return {}
                  end,
                }
                """)
            #expect(lines == ["grid.lua:3: only here \(suffix)"], "\(condition)")
        }
    }

    @Test func aProblemOfThePlainSweepKeepsItsShortLabel() throws {
        let lines = try check("return { style = function(ctx) return { pane = { alpha = ctx.closed < 0 and 0/0 or 1 } } end }")
        #expect(lines == ["grid.lua:1: pane.alpha: expected a finite number, got nan (left, closed -0.1)"])
    }

    @Test func aGoodPluginPassesTheWholeGridAndEachStateIsCalled() throws {
        // The plugin records what it saw through an error raised once every combination has been met.
        let lines = try check(
            """
            local seen, count = {}, 0
            return {
              style = function(ctx)
                local key = ctx.container .. " " .. ctx.layout .. " " .. ctx.state
                if not seen[key] then seen[key] = true count = count + 1 end
                return { pane = { alpha = 1 } }
              end,
            }
            """)
        #expect(lines == [])
        var expected = 0
        // The families a plugin that names no `containers` is checked on.
        let families = ContainerRegistry.descriptors.filter(\.stylesByDefault).map(\.kind)
        for kind in families where kind != .adaptive { expected += PluginCheck.states(of: kind).count }
        for layout in AdaptiveLayout.allCases { expected += PluginCheck.states(of: .adaptive, layout: layout).count }
        let counted = try check(
            """
            local seen, count = {}, 0
            return {
              style = function(ctx)
                local key = ctx.container .. " " .. ctx.layout .. " " .. ctx.state
                if not seen[key] then seen[key] = true count = count + 1 end
                if count == \(expected) then error("all met") end
                return {}
              end,
            }
            """)
        #expect(counted.count == 1 && counted[0].contains("all met"), "\(counted)")
    }

    @Test func theGridStaysAFewThousandCalls() throws {
        let lines = try check(
            """
            local calls = 0
            return {
              style = function(ctx)
                calls = calls + 1
                if ctx.container == "adaptive" and ctx.layout == "split" and ctx.direction == "right"
                  and ctx.state == "resizing" and ctx.reducedMotion and ctx.leading and ctx.closed == 1.1 then
                  error("calls " .. calls)
                end
                return {}
              end,
            }
            """)
        // The last call of the grid reports how many calls the check made in all.
        let calls = lines.first.flatMap { $0.split(separator: " ").dropFirst(2).first }.flatMap { Int($0) }
        #expect(calls != nil && calls! < 6_000 && calls! > 4_000, "\(lines)")
    }
}
