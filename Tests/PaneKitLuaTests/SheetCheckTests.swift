// panekit check on a sheet styler: the sheet is posed at each detent of each behavior with its real position,
// detent and detent list, so a failure only at the large detent is caught and a position-driven styler passes.

import Foundation
import PaneKit
import Testing

@testable import PaneKitLua

@Suite struct SheetCheckTests {
    private func check(_ style: String, behavior: String? = nil) throws -> [String] {
        let source = """
            return {
              containers = { "sheet" },
              style = function(ctx)
            \(style)
              end,
            }
            """
        return PluginCheck.run(try plugin(source, file: "sheet.lua"), behavior: behavior).flatMap(\.lines)
    }

    @Test func aFailureOnlyAtTheLargeDetentIsCaughtAndNamed() throws {
        let lines = try check(
            """
                if ctx.detent == "large" then error("only at large") end
                return {}
            """)
        #expect(!lines.isEmpty)
        #expect(lines.allSatisfy { $0.hasPrefix("sheet.lua:4: only at large (") && $0.contains("sheet") }, "\(lines)")
    }

    @Test func aPositionDrivenStylerPasses() throws {
        let lines = try check(
            """
                assert(type(ctx.position) == "number", "position")
                assert(type(ctx.detent) == "string", "detent")
                assert(ctx.detents[ctx.detent] ~= nil, "detents")
                return { sheet = { cornerRadius = 10 + ctx.position / 100 } }
            """)
        #expect(lines == [])
    }

    @Test func aBehaviorCanBeChosen() throws {
        // Only UIKit's sheet has a detent named "large": checked as Material's sheet, the styler passes.
        let style = """
                if ctx.detent == "large" then error("only at large") end
                return {}
            """
        #expect(try check(style, behavior: "material") == [])
        #expect(!(try check(style, behavior: "uikit")).isEmpty)
    }
}
